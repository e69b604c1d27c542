import Support
/// A post file split into its YAML front matter and its Markdown body.
///
/// The front matter is the block between a first line `---` and the next line that is
/// `---` (or YAML's `...`). Line numbers are kept so YAML errors and Markdown positions
/// can be given as lines of the file.
struct FrontMatter: Sendable {
    var yaml: String
    /// The file line of the YAML's first line (2: right after the opening `---`).
    var yamlFirstLine: Int
    var body: String
    var bodyFirstLine: Int

    static func split(_ source: SourceText) throws(Diagnostic) -> FrontMatter {
        // Scans bytes up to the closing fence only: the body is sliced off, never split
        // into lines, since this runs for every post of every build.
        let text = source.text
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var lineNumber = 1
        var yamlStart: String.Index?
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = utf8[lineStart..<lineEnd]
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if let yamlStart {
                if isFence(line, allowDots: true) {
                    let yaml = String(text[yamlStart..<lineStart].dropLast())
                    return FrontMatter(yaml: yaml, yamlFirstLine: 2, body: String(text[next...]), bodyFirstLine: lineNumber + 1)
                }
            } else {
                guard isFence(line, allowDots: false) else {
                    throw Diagnostic.error(source.path, SourceLocation(line: 1, column: 1),
                                           "missing front matter: a post starts with a '---' line, then YAML with at least 'title' and 'date', then '---'")
                }
                yamlStart = next
            }
            lineStart = next
            lineNumber += 1
        }
        if yamlStart == nil {
            throw Diagnostic.error(source.path, SourceLocation(line: 1, column: 1),
                                   "missing front matter: a post starts with a '---' line, then YAML with at least 'title' and 'date', then '---'")
        }
        throw Diagnostic.error(source.path, SourceLocation(line: 1, column: 1),
                               "front matter opened here is never closed: add a line '---' after the YAML")
    }

    /// `---` (or `...` to close), trailing blanks allowed.
    private static func isFence(_ line: Substring.UTF8View, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { trimmed = trimmed.dropLast() }
        return trimmed.elementsEqual("---".utf8) || (allowDots && trimmed.elementsEqual("...".utf8))
    }
}
