import Foundation
import Support

/// A post or page of the source site, split as written: the front matter's text and the
/// body's bytes, so what the import does not change stays byte for byte.
struct SourceDocument: Sendable {
    enum FrontMatterFormat: Sendable, Hashable {
        case yaml, toml, json, none
    }

    var path: String
    var format: FrontMatterFormat
    /// The front matter between the fences (for JSON: the object), each line with its `\n`.
    var yaml: String = ""
    /// The file line where `yaml` starts.
    var frontMatterFirstLine = 2
    /// The closing fence line as written (`---`, `...`), without its `\n`.
    var closingFence: String = "---"
    var body: [UInt8]
    /// The file line of the body's first line.
    var bodyFirstLine: Int
    /// The bytes as read, for files the import does not change.
    var original: [UInt8]
    /// Every line ended in CRLF: the written file does too.
    var usesCRLF: Bool

    /// Reads and splits `url`; `path` names it in diagnostics (relative to the source site).
    static func read(_ url: URL, path: String) throws(Diagnostic) -> SourceDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.isReadableFile(atPath: url.path) ? error.localizedDescription : "permission denied"
            throw Diagnostic.error(path, nil, "cannot read file: \(reason)")
        }
        let bytes = Array(data)
        return try split(bytes, path: path)
    }

    static func split(_ bytes: [UInt8], path: String) throws(Diagnostic) -> SourceDocument {
        let text = try SourceText.decode(bytes, displayPath: path).text
        let newlines = bytes.lazy.filter { $0 == 0x0A }.count
        let crlf = zip(bytes, bytes.dropFirst()).lazy.filter { $0 == 0x0D && $1 == 0x0A }.count
        let utf8 = Array(text.utf8)
        var document = SourceDocument(path: path, format: .none, body: utf8, bodyFirstLine: 1, original: bytes,
                                      usesCRLF: newlines > 0 && crlf == newlines)
        let lines = BodyLines(bytes: utf8)
        let firstEnd = lines.lineEnd(0)
        let firstLine = String(decoding: utf8[0..<firstEnd], as: UTF8.self).trimmingBlanks
        switch firstLine {
        case "---", "+++": break
        default:
            if utf8.first == UInt8(ascii: "{") { return try splitJSON(document, utf8, path: path) }
            return document
        }
        let closers: Set<Substring> = firstLine == "+++" ? ["+++"] : ["---", "..."]
        var lineStart = min(firstEnd + 1, utf8.count)
        var lineNumber = 2
        while lineStart < utf8.count {
            let end = lines.lineEnd(lineStart)
            let line = String(decoding: utf8[lineStart..<end], as: UTF8.self)
            if closers.contains(line.trimmingBlanks) {
                document.format = firstLine == "+++" ? .toml : .yaml
                document.yaml = String(decoding: utf8[(firstEnd + 1)..<lineStart], as: UTF8.self)
                document.closingFence = firstLine == "+++" ? "---" : line
                let bodyStart = min(end + 1, utf8.count)
                document.body = Array(utf8[bodyStart...])
                document.bodyFirstLine = lineNumber + 1
                return document
            }
            lineStart = end + 1
            lineNumber += 1
        }
        throw Diagnostic.error(path, SourceLocation(line: 1, column: 1), "front matter opened here is never closed: add a line '---' after the YAML")
    }

    /// Hugo's JSON front matter: an object at the start of the file, up to its closing brace
    /// (strings skipped), then the body from the next line.
    private static func splitJSON(_ document: SourceDocument, _ utf8: [UInt8], path: String) throws(Diagnostic) -> SourceDocument {
        var depth = 0
        var inString = false
        var index = 0
        var line = 1
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0x0A { line += 1 }
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard depth == 0, index < utf8.count else {
            throw Diagnostic.error(path, SourceLocation(line: 1, column: 1), "JSON front matter opened here is never closed")
        }
        var split = document
        split.format = .json
        split.yaml = String(decoding: utf8[...index], as: UTF8.self) + "\n"
        split.frontMatterFirstLine = 1
        let lines = BodyLines(bytes: utf8)
        let bodyStart = min(lines.lineEnd(index) + 1, utf8.count)
        split.body = Array(utf8[bodyStart...])
        split.bodyFirstLine = line + 1
        return split
    }

    /// The file as the import writes it: the front matter given, then the body.
    func assembled(yaml newYAML: String, body newBody: [UInt8]) -> [UInt8] {
        let bytes = Array("---\n".utf8) + Array(newYAML.utf8) + Array(closingFence.utf8) + [0x0A] + newBody
        guard usesCRLF else { return bytes }
        var withCR: [UInt8] = []
        withCR.reserveCapacity(bytes.count + bytes.count / 40)
        for byte in bytes {
            if byte == 0x0A { withCR.append(0x0D) }
            withCR.append(byte)
        }
        return withCR
    }
}
