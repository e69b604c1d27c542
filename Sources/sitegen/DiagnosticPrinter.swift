import Foundation
import Support

/// Prints a command's diagnostics so that hundreds of one warning (a key every post of a
/// migrated blog has) do not bury the rest: every error, and of each kind of warning the
/// first few in full, then one line with how many more there are. `verbose` prints all.
struct DiagnosticPrinter {
    /// Warnings of one kind printed in full before the rest are only counted.
    static let shownPerKind = 3

    var terminal: Terminal
    var siteRoot: URL
    var verbose: Bool

    func print(_ diagnostics: [Diagnostic]) {
        let kinds = diagnostics.map { $0.severity == .warning ? Self.kind(of: $0.message) : nil }
        var totals: [String: Int] = [:]
        for case let kind? in kinds { totals[kind, default: 0] += 1 }
        var printed: [String: Int] = [:]
        for (diagnostic, kind) in zip(diagnostics, kinds) {
            // A single hidden warning would cost the line that counts it.
            guard let kind, !verbose, let total = totals[kind], total > Self.shownPerKind + 1 else {
                terminal.report(diagnostic, siteRoot: siteRoot)
                continue
            }
            let count = printed[kind, default: 0] + 1
            printed[kind] = count
            guard count <= Self.shownPerKind else { continue }
            terminal.report(diagnostic, siteRoot: siteRoot)
            if count == Self.shownPerKind {
                terminal.err("note: and \(total - count) more like this (--verbose shows all)")
            }
        }
    }

    /// What makes two warnings alike: the message with its quoted names and its numbers
    /// masked, so `unknown front matter key 'layout' is ignored` and `… 'comments' …` are one
    /// kind. A did-you-mean stays part of it: likely typos are not hidden among the rest.
    static func kind(of message: String) -> String {
        var kind = ""
        var closing: Character?
        var previous: Character = " "
        for character in message {
            defer { previous = character }
            if let end = closing {
                if character == end { closing = nil; kind.append(character) }
                continue
            }
            if character.isNumber {
                if !previous.isNumber { kind.append("#") }
                continue
            }
            kind.append(character)
            // An apostrophe inside a word ("isn't") opens no quotation.
            let opens: [Character: Character] = ["'": "'", "\"": "\"", "“": "”", "‘": "’"]
            if let end = opens[character], !(previous.isLetter || previous.isNumber) {
                closing = end
                kind.append("…")
            }
        }
        return kind
    }
}
