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
    private var delimiters: MustacheDelimiters
    private var open: MustacheBytePattern
    private var close: MustacheBytePattern
    /// What ends `{{{name}}}` and `{{=a b=}}`: the closing delimiter after `}` or `=`.
    private var braceClose: MustacheBytePattern
    private var equalsClose: MustacheBytePattern
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// Columns are counted on from the previous tag on the same line rather than
    /// from the line's start, so a line of thousands of tags is counted once.
    private var columnOffset = 0
    private var columnScalars = 0
    private var tokens: [MustacheToken] = []

    init(bytes: [UInt8], templateName: String, delimiters: MustacheDelimiters) {
        self.bytes = bytes
        self.templateName = templateName
        self.delimiters = delimiters
        (open, close, braceClose, equalsClose) = Self.patterns(for: delimiters)
    }

    private static func patterns(for delimiters: MustacheDelimiters)
        -> (MustacheBytePattern, MustacheBytePattern, MustacheBytePattern, MustacheBytePattern) {
        let close = Array(delimiters.close.utf8)
        return (MustacheBytePattern(Array(delimiters.open.utf8)), MustacheBytePattern(close),
                MustacheBytePattern([UInt8(ascii: "}")] + close), MustacheBytePattern([UInt8(ascii: "=")] + close))
    }

    mutating func scan() throws -> [MustacheToken] {
        while position < bytes.count {
            guard let tagStart = open.firstMatch(in: bytes, from: position) else {
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
        let tagPosition = MustachePosition(line: line, column: column(of: tagStart))
        let afterOpen = tagStart + open.count
        let sigil = afterOpen < bytes.count ? bytes[afterOpen] : 0
        var contentStart = afterOpen + 1
        var closer = close
        let kind: MustacheTagKind
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            closer = braceClose
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
            closer = equalsClose
        default:
            kind = .variable
            contentStart = afterOpen
        }

        guard contentStart <= bytes.count, let contentEnd = closer.firstMatch(in: bytes, from: contentStart) else {
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
                                    "empty tag name in '\(String(decoding: bytes[tagStart..<tagEnd], as: UTF8.self).abbreviated)'")
            }
        }
        tokens.append(token)
    }

    private func unclosedTagError(kind: MustacheTagKind, closer: MustacheBytePattern, at position: MustachePosition,
                                  from searchStart: Int) -> MustacheError {
        if kind == .setDelimiters, close.firstMatch(in: bytes, from: searchStart) != nil {
            return MustacheError(.invalidDelimiters, templateName, at: position,
                                 "set-delimiter tag must end with '=\(delimiters.close)'")
        }
        return MustacheError(.unclosedTag, templateName, at: position,
                             "unclosed tag: '\(delimiters.open)' has no matching '\(String(decoding: closer.bytes, as: UTF8.self))'")
    }

    private mutating func applyDelimiters(_ content: String, at position: MustachePosition) throws {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw MustacheError(.invalidDelimiters, templateName, at: position,
                                "invalid set-delimiter tag '\(delimiters.open)=\(content.abbreviated)=\(delimiters.close)': "
                                    + "expected two delimiters without '=' separated by whitespace")
        }
        delimiters = MustacheDelimiters(open: String(parts[0]), close: String(parts[1]))
        (open, close, braceClose, equalsClose) = Self.patterns(for: delimiters)
    }

    /// The 1-based column of `offset`, which is on the current line and not before the
    /// previous tag. Columns count Unicode scalars (UTF-8 lead bytes), which matches what
    /// editors show for everything but combining sequences.
    private mutating func column(of offset: Int) -> Int {
        if columnOffset < lineStart {
            columnOffset = lineStart
            columnScalars = 0
        }
        while columnOffset < offset {
            if bytes[columnOffset] & 0xC0 != 0x80 { columnScalars += 1 }
            columnOffset += 1
        }
        return columnScalars + 1
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
