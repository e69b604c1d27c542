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
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == hide { hidden = true; numbers.append(nil); continue }
            if trimmed == show { hidden = false; numbers.append(nil); continue }
            if hidden { numbers.append(nil); continue }
            shown += 1
            numbers.append(shown)
        }
        return numbers
    }

    /// The code a reader sees: hidden regions and the marker lines removed. A code that
    /// ends in a newline keeps it.
    static func visible(_ code: String) -> String {
        guard code.contains(hide) else { return code }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let numbers = shownLineNumbers(code)
        var kept: [Substring] = []
        for (index, line) in lines.enumerated() where numbers[index] != nil || index == lines.count - 1 && line.isEmpty {
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
