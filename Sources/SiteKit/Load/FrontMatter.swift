/// A post file split into its YAML front matter and its Markdown body.
///
/// The front matter is the block between a first line `---` and the next line that is
/// `---` (or YAML's `...`). Line numbers are kept so YAML errors and Markdown positions
/// can be given as lines of the file.
public struct FrontMatter: Sendable {
    public var yaml: String
    /// The file line of the YAML's first line (2: right after the opening `---`).
    public var yamlFirstLine: Int
    public var body: String
    public var bodyFirstLine: Int

    public static func split(_ source: SourceText) throws(Diagnostic) -> FrontMatter {
        let text = source.text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, isFence(first, allowDots: false) else {
            throw Diagnostic.error(source.path, SourceLocation(line: 1, column: 1),
                                   "missing front matter: a post starts with a '---' line, then YAML with at least 'title' and 'date', then '---'")
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0], allowDots: true) }) else {
            throw Diagnostic.error(source.path, SourceLocation(line: 1, column: 1),
                                   "front matter opened here is never closed: add a line '---' after the YAML")
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        // The body keeps every line after the fence, including a trailing newline, so
        // Markdown positions map 1:1 onto file lines.
        let bodyStartLine = close + 2
        var body = ""
        if close + 1 < lines.count {
            body = lines[(close + 1)...].joined(separator: "\n") + "\n"
        }
        return FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: bodyStartLine)
    }

    private static func isFence(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }
}
