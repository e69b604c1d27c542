import Foundation
import SiteKit
import Support

/// `--suggest --write`: puts the suggested words on the posts' fence lines, and changes
/// nothing else of a post: every other byte stays as it was.
package enum FenceRewriter {
    /// The fence lines written and the posts changed.
    package static func write(_ suggestions: [SnippetSuggestion], siteRoot: URL) throws(DiagnosticsError) -> (lines: Int, posts: Int) {
        let byFile = Dictionary(grouping: suggestions.filter { $0.newInfo != nil }, by: \.block.file)
        var written = 0
        var problems: [Diagnostic] = []
        for (file, suggestions) in byFile.sorted(by: { $0.key < $1.key }) {
            let url = siteRoot.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                problems.append(.error(file, nil, "cannot read the post to write the suggestions"))
                continue
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var changed = false
            for suggestion in suggestions {
                guard let info = suggestion.newInfo else { continue }
                let index = suggestion.block.fenceLine - 1
                guard lines.indices.contains(index), let line = rewritten(lines[index], from: suggestion.block.info, to: info) else {
                    problems.append(.error(file, SourceLocation(line: suggestion.block.fenceLine, column: 1),
                                           "the fence line is not what was checked (edited since?); run --suggest again"))
                    continue
                }
                lines[index] = line
                changed = true
                written += 1
            }
            guard changed else { continue }
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).sitegen-\(UUID().uuidString)")
            do {
                try Data(lines.joined(separator: "\n").utf8).write(to: temporary)
                guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                problems.append(.error(file, nil, "cannot write the post: \(error.localizedDescription)"))
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return (written, byFile.count)
    }

    /// The fence line with its info string `old` replaced by `new`: indentation, quote
    /// markers, the fence and a trailing `\r` kept. Nil when the line is not that fence.
    static func rewritten(_ line: String, from old: String, to new: String) -> String? {
        let scalars = Array(line.unicodeScalars)
        guard let start = scalars.indices.first(where: { scalars[$0] == "`" || scalars[$0] == "~" }),
              scalars[..<start].allSatisfy({ $0 == " " || $0 == "\t" || $0 == ">" }) else { return nil }
        var end = start
        while end < scalars.count && scalars[end] == scalars[start] { end += 1 }
        guard end - start >= 3 else { return nil }
        var infoStart = end
        while infoStart < scalars.count && (scalars[infoStart] == " " || scalars[infoStart] == "\t") { infoStart += 1 }
        let carriageReturn = scalars.last == "\r"
        let rest = String(String.UnicodeScalarView(scalars[infoStart..<(scalars.count - (carriageReturn ? 1 : 0))]))
        guard rest.trimmingCharacters(in: .whitespaces) == old else { return nil }
        return String(String.UnicodeScalarView(scalars[..<infoStart])) + new + (carriageReturn ? "\r" : "")
    }

    /// `swift program=a` + `isolated` → `swift isolated`: the words that say which program a
    /// block is in are replaced; the others are kept.
    static func info(_ info: String, adding words: [String]) -> String {
        var scanner = InfoScanner(info)
        scanner.skipWord()
        let replaced: Set<String> = ["program", "from", "isolated", "member-of", "skip", "platform"]
        var kept: [String] = []
        while let word = try? scanner.nextWord() {
            if !replaced.contains(word.name) { kept.append(text(of: word)) }
        }
        return ([String(InfoString.language(info))] + kept + words).joined(separator: " ")
    }

    /// A word as written: `name`, `name=value`, `name="quoted \"value\""`, `name(argument)`.
    static func text(of word: InfoScanner.Word) -> String {
        if let argument = word.argument { return "\(word.name)(\(argument))" }
        guard let value = word.value else { return word.name }
        guard word.quoted else { return "\(word.name)=\(value)" }
        return "\(word.name)=\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

}
