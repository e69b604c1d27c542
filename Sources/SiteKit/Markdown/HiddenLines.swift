import Foundation

/// Hidden lines: `// snippet.hide` … `// snippet.show` are compiled but never shown.
enum HiddenLines {
    static let hide = "// snippet.hide"
    static let show = "// snippet.show"

    /// The code a reader sees: hidden regions and the marker lines removed.
    static func visible(_ code: String) -> String {
        guard code.contains(hide) else { return code }
        var kept: [Substring] = []
        var hidden = false
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == hide { hidden = true; continue }
            if trimmed == show { hidden = false; continue }
            if !hidden || index == lines.count - 1 && line.isEmpty { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }
}
