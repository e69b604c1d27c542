/// What a tag does, decided by the character after the opening delimiter.
enum MustacheTagKind: Equatable {
    case variable           // {{name}}
    case unescaped          // {{{name}}} and {{&name}}
    case section            // {{#name}}
    case inverted           // {{^name}}
    case close              // {{/name}}
    case partial            // {{>name}}
    case parent             // {{<name}}
    case block              // {{$name}}
    case comment            // {{!text}}
    case setDelimiters      // {{=open close=}}
}

/// One lexical piece of a template.
///
/// Text is cut at every line ending and line endings become tokens of their
/// own, so the standalone pass can look at a line's neighbours without
/// re-scanning bytes.
struct MustacheToken {
    enum Kind: Equatable {
        case text
        case newline
        case tag(MustacheTagKind)
    }

    var kind: Kind
    /// Byte range in the source. Text tokens shrink when the standalone pass
    /// strips whitespace; for tags this is the whole tag, delimiters included.
    var start: Int
    var end: Int
    /// A line ending that belongs to a standalone tag. It still separates
    /// lines for later clearance checks, it just is not rendered.
    var isRemoved = false
    /// Tag content with surrounding whitespace trimmed (and the sigil dropped).
    var name = ""
    var position = MustachePosition.none
    /// Delimiters in effect when the tag was scanned; lambda sections need them.
    var delimiters = MustacheDelimiters.standard

    var tagKind: MustacheTagKind? {
        if case .tag(let kind) = kind { return kind }
        return nil
    }
}

/// Splits template bytes into tokens, applying set-delimiter tags as it goes
/// (they change how every later byte is read, so they cannot wait for the parser).
struct MustacheScanner {
    private let bytes: [UInt8]
    private let templateName: String
    private var open: [UInt8]
    private var close: [UInt8]
    private var delimiters: MustacheDelimiters
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [MustacheToken] = []

    init(bytes: [UInt8], templateName: String, delimiters: MustacheDelimiters) {
        self.bytes = bytes
        self.templateName = templateName
        self.delimiters = delimiters
        self.open = Array(delimiters.open.utf8)
        self.close = Array(delimiters.close.utf8)
    }

    mutating func scan() throws -> [MustacheToken] {
        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                appendText(upTo: bytes.count)
                break
            }
            appendText(upTo: tagStart)
            try scanTag(at: tagStart)
        }
        return tokens
    }

    private mutating func appendText(upTo end: Int) {
        var segmentStart = position
        var index = position
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                let hasCarriageReturn = index > segmentStart && bytes[index - 1] == UInt8(ascii: "\r")
                let newlineStart = hasCarriageReturn ? index - 1 : index
                if newlineStart > segmentStart {
                    tokens.append(MustacheToken(kind: .text, start: segmentStart, end: newlineStart))
                }
                tokens.append(MustacheToken(kind: .newline, start: newlineStart, end: index + 1))
                line += 1
                lineStart = index + 1
                segmentStart = index + 1
            }
            index += 1
        }
        if end > segmentStart {
            tokens.append(MustacheToken(kind: .text, start: segmentStart, end: end))
        }
        position = end
    }

    private mutating func scanTag(at tagStart: Int) throws {
        let tagPosition = MustachePosition(line: line, column: scalarCount(from: lineStart, to: tagStart) + 1)
        let afterOpen = tagStart + open.count
        let sigil = afterOpen < bytes.count ? bytes[afterOpen] : 0
        var contentStart = afterOpen + 1
        var closer = close
        let kind: MustacheTagKind
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            closer = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="):
            kind = .setDelimiters
            closer = [UInt8(ascii: "=")] + close
        default:
            kind = .variable
            contentStart = afterOpen
        }

        guard contentStart <= bytes.count, let contentEnd = find(closer, from: contentStart) else {
            throw unclosedTagError(kind: kind, closer: closer, at: tagPosition, from: afterOpen)
        }
        let tagEnd = contentEnd + closer.count
        let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
        var token = MustacheToken(kind: .tag(kind), start: tagStart, end: tagEnd)
        token.position = tagPosition
        token.delimiters = delimiters
        token.name = content.trimmingMustacheWhitespace()

        // Comments and set-delimiter tags may span lines; later positions must
        // still count those line breaks.
        for index in tagStart..<tagEnd where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        position = tagEnd

        switch kind {
        case .comment:
            break
        case .setDelimiters:
            try applyDelimiters(content, at: tagPosition)
        default:
            if token.name.isEmpty {
                throw MustacheError(.emptyTagName, templateName, at: tagPosition,
                                    "empty tag name in '\(String(decoding: bytes[tagStart..<tagEnd], as: UTF8.self))'")
            }
        }
        tokens.append(token)
    }

    private func unclosedTagError(kind: MustacheTagKind, closer: [UInt8], at position: MustachePosition,
                                  from searchStart: Int) -> MustacheError {
        if kind == .setDelimiters, find(close, from: searchStart) != nil {
            return MustacheError(.invalidDelimiters, templateName, at: position,
                                 "set-delimiter tag must end with '=\(delimiters.close)'")
        }
        return MustacheError(.unclosedTag, templateName, at: position,
                             "unclosed tag: '\(delimiters.open)' has no matching '\(String(decoding: closer, as: UTF8.self))'")
    }

    private mutating func applyDelimiters(_ content: String, at position: MustachePosition) throws {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw MustacheError(.invalidDelimiters, templateName, at: position,
                                "invalid set-delimiter tag '\(delimiters.open)=\(content)=\(delimiters.close)': "
                                    + "expected two delimiters without '=' separated by whitespace")
        }
        delimiters = MustacheDelimiters(open: String(parts[0]), close: String(parts[1]))
        open = Array(delimiters.open.utf8)
        close = Array(delimiters.close.utf8)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count && bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Columns count Unicode scalars (UTF-8 lead bytes), which matches what
    /// editors show for everything but combining sequences.
    private func scalarCount(from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<end where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

extension String {
    func trimmingMustacheWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
