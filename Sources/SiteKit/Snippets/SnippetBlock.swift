import Foundation

/// A fenced code block of a post whose info string starts with `swift`, with where it is.
public struct SnippetBlock: Sendable, Hashable {
    /// The post, relative to the site root (`Content/posts/x.md`).
    public var file: String
    /// The line of the opening fence.
    public var fenceLine: Int
    /// Columns the fence is indented by (inside a list item), added to compiler columns.
    public var indentation: Int
    public var info: String
    public var code: String
    public var attributes: SnippetAttributes
    /// For `run`: the text of an ```` ```output ```` block right after this one.
    public var expectedOutput: String?

    public init(file: String, fenceLine: Int, indentation: Int = 0, info: String, code: String,
                attributes: SnippetAttributes, expectedOutput: String? = nil) {
        self.file = file
        self.fenceLine = fenceLine
        self.indentation = indentation
        self.info = info
        self.code = code
        self.attributes = attributes
        self.expectedOutput = expectedOutput
    }

    /// The file line of the code's first line.
    public var firstLine: Int { fenceLine + 1 }

    /// The file lines the code occupies.
    public var lines: ClosedRange<Int> { firstLine...(firstLine + max(0, lineCount - 1)) }

    public var lineCount: Int { code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count - (code.hasSuffix("\n") ? 1 : 0) }

    /// `Content/posts/x.md:12`, how reports name the block.
    public var place: String { "\(file):\(fenceLine)" }
}

/// Hidden lines: `// snippet.hide` … `// snippet.show` are compiled but never shown.
public enum HiddenLines {
    static let hide = "// snippet.hide"
    static let show = "// snippet.show"

    /// The code a reader sees: hidden regions and the marker lines removed.
    public static func visible(_ code: String) -> String {
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
