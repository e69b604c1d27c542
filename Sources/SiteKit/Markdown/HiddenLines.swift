import Foundation

/// Hidden lines: `// snippet.hide` … `// snippet.show` are compiled but never shown. The
/// one place that knows the rule: the page's code and check-snippets' line numbers both
/// come from ``shownLineNumbers(_:)``.
package enum HiddenLines {
    static let hide = "// snippet.hide"
    static let show = "// snippet.show"

    /// For each line of a block's code, its number among the lines a reader sees, or nil
    /// for a hidden line (the markers included).
    package static func shownLineNumbers(_ code: String) -> [Int?] {
        var numbers: [Int?] = []
        var hidden = false
        var shown = 0
        for line in lines(code) {
            // A marker has a `/`: only such a line is trimmed (Foundation's trim, on every
            // line of every typed block, was most of the types' cost on the blog).
            let trimmed = line.utf8.contains(UInt8(ascii: "/")) ? line.trimmingCharacters(in: .whitespaces) : nil
            if trimmed == hide { hidden = true; numbers.append(nil); continue }
            if trimmed == show { hidden = false; numbers.append(nil); continue }
            if hidden { numbers.append(nil); continue }
            shown += 1
            numbers.append(shown)
        }
        return numbers
    }

    /// A block's lines, split at each LF byte (a line ending CRLF keeps its CR), the split
    /// every per-line table of a block's code uses, so that their indices agree.
    package static func lines(_ code: String) -> [Substring] {
        code.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The code a reader sees: hidden regions and the marker lines removed. A code that
    /// ends in a newline keeps it.
    static func visible(_ code: String) -> String {
        guard code.contains(hide) else { return code }
        let lines = lines(code)
        let numbers = shownLineNumbers(code)
        var kept: [Substring] = []
        for (index, line) in lines.enumerated() where numbers[index] != nil || index == lines.count - 1 && line.isEmpty {
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
