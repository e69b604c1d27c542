import Foundation

/// A content file read as UTF-8 text. Reading it is where unreadable files and
/// bytes that are not UTF-8 are caught, with the line and column of the first bad byte.
public struct SourceText: Sendable {
    public var path: String
    /// The text with a byte-order mark removed and CRLF / CR line ends made LF.
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// - Parameters:
    ///   - url: the file to read; FIFOs, sockets and devices are refused, never opened.
    ///   - displayPath: how diagnostics name it (relative to the site root).
    public static func read(_ url: URL, displayPath: String) throws(Diagnostic) -> SourceText {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(url.path)
        } catch {
            let message = error.message.hasPrefix("not a regular file") ? error.message : "cannot read file: \(error.message)"
            throw Diagnostic.error(displayPath, nil, message)
        }
        return try decode(bytes, displayPath: displayPath)
    }

    /// Reads a file the build found inside `boundary`, or one it names itself (`site.yml`):
    /// a link that leads outside, a loop or a special file is an error naming `displayPath`.
    package static func read(_ url: URL, displayPath: String, within boundary: FolderBoundary) throws(Diagnostic) -> SourceText {
        if let problem = boundary.problem(withFile: url.path) {
            throw Diagnostic.error(displayPath, nil, problem.message)
        }
        return try read(url, displayPath: displayPath)
    }

    package static func decode(_ bytes: [UInt8], displayPath: String) throws(Diagnostic) -> SourceText {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw Diagnostic.error(displayPath, firstInvalidUTF8(in: body),
                                   "file is not valid UTF-8 (save it as UTF-8)")
        }
        return SourceText(path: displayPath, text: normalizeLineEnds(text))
    }

    static func normalizeLineEnds(_ text: String) -> String {
        var probe = text
        // memchr: the byte-by-byte generic `contains` showed in profiles of 10,000-post builds.
        let hasCR = probe.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false }
        guard hasCR else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    private static func firstInvalidUTF8(in bytes: ArraySlice<UInt8>) -> SourceLocation {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput, .error:
                return SourceLocation(line: line, column: column)
            }
        }
    }
}
