/// Swift source to highlighted HTML, in one forward scan over its UTF-8 bytes.
///
/// String literals and their interpolations nest to any depth through an explicit stack
/// (`"\(a["k", default: "\(b)"])"`), so depth costs no recursion; nested block comments
/// are a counter. Look-ahead is bounded by the token being lexed or by the blanks after a
/// contextual keyword, so every byte is read a bounded number of times. Code the compiler
/// would reject is still written out whole: an unterminated single-line string ends at
/// its line's end, an unterminated comment or multi-line string at the end of the input.
struct SwiftLexer: Lexer {
    private let text: SourceBytes
    private(set) var html: HighlightedHTML
    private var position: Int { html.position }
    /// The string literal being lexed, if the position is in one (and not in its interpolation).
    private var string: StringDelimiter?
    /// The interpolations the position is in, innermost last.
    private var interpolations: [Interpolation] = []
    private var context = SwiftWordContext()

    /// How a string literal ends: `"`, `"""`, `"#`, `"""##`, ….
    struct StringDelimiter: Sendable {
        var hashes: Int
        var multiline: Bool
    }

    /// An open `\(`: the string to go back to at its `)`, and the parentheses open inside it.
    struct Interpolation: Sendable {
        var string: StringDelimiter
        var openParentheses = 0
    }

    init(_ text: SourceBytes) {
        self.text = text
        html = HighlightedHTML(text)
    }

    mutating func lexToken() {
        if let delimiter = string {
            lexString(delimiter)
        } else {
            lexCode()
        }
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) {
        html.write(upTo: end, as: kind)
    }

    /// Writes a token that is not whitespace or a comment.
    private mutating func write(upTo end: Int, as kind: TokenKind?, remembering token: SwiftToken) {
        write(upTo: end, as: kind)
        context.remember(token)
    }

    // MARK: Code

    private mutating func lexCode() {
        let byte = text[position]
        switch byte {
        case _ where SourceBytes.isWhitespace(byte):
            lexWhitespace()
        case UInt8(ascii: "/") where text[position + 1] == UInt8(ascii: "/"):
            let isDoc = text[position + 2] == UInt8(ascii: "/") && text[position + 3] != UInt8(ascii: "/")
            write(upTo: text.lineEnd(from: position), as: isDoc ? .docComment : .lineComment)
        case UInt8(ascii: "/") where text[position + 1] == UInt8(ascii: "*"):
            lexBlockComment()
        case UInt8(ascii: "\""):
            openString(hashes: 0)
        case UInt8(ascii: "#"):
            lexHash()
        case UInt8(ascii: "@") where SourceBytes.isIdentifierStart(text[position + 1]):
            write(upTo: text.end(from: position + 1, while: SourceBytes.isIdentifierByte), as: .decorator, remembering: .attribute)
        case UInt8(ascii: "`"):
            let end = text.end(from: position + 1, while: SourceBytes.isIdentifierByte)
            let closed = end > position + 1 && text[end] == UInt8(ascii: "`")
            write(upTo: closed ? end + 1 : position + 1, as: nil, remembering: closed ? .name : .punctuation(byte))
        case UInt8(ascii: "$"):
            write(upTo: text.end(from: position + 1, while: SourceBytes.isIdentifierByte), as: nil, remembering: .name)
        case UInt8(ascii: "\\"):
            write(upTo: position + 1, as: .operator, remembering: .operator)
        case _ where SourceBytes.isDigit(byte):
            write(upTo: numberEnd(), as: .number, remembering: .value)
        case _ where SourceBytes.isIdentifierStart(byte):
            lexWord()
        case UInt8(ascii: ".") where text[position + 1] != UInt8(ascii: "."):
            write(upTo: position + 1, as: nil, remembering: .punctuation(byte))
        case _ where Self.isOperator(byte) || byte == UInt8(ascii: "."):
            lexOperator()
        case UInt8(ascii: "(") where !interpolations.isEmpty:
            interpolations[interpolations.count - 1].openParentheses += 1
            write(upTo: position + 1, as: nil, remembering: .punctuation(byte))
        case UInt8(ascii: ")") where interpolations.last?.openParentheses == 0:
            string = interpolations.removeLast().string
            write(upTo: position + 1, as: .interpolation, remembering: .punctuation(byte))
        case UInt8(ascii: ")") where !interpolations.isEmpty:
            interpolations[interpolations.count - 1].openParentheses -= 1
            write(upTo: position + 1, as: nil, remembering: .punctuation(byte))
        default:
            write(upTo: position + 1, as: nil, remembering: .punctuation(byte))
        }
    }

    /// A line break also ends the interpolations of single-line strings: such a string
    /// cannot span lines, so it was unterminated and ends there.
    private mutating func lexWhitespace() {
        let end = text.end(from: position, while: SourceBytes.isWhitespace)
        if text.bytes(position..<end).contains(where: SourceBytes.isLineBreak) {
            context.startsLine = true
            while let innermost = interpolations.last, !innermost.string.multiline {
                interpolations.removeLast()
            }
        }
        write(upTo: end, as: nil)
    }

    /// `/* … */`, nested; `/** … */` is documentation.
    private mutating func lexBlockComment() {
        let third = text[position + 2]
        let isDoc = third == UInt8(ascii: "*") && text[position + 3] != UInt8(ascii: "/") && text[position + 3] != UInt8(ascii: "*")
        var end = position + 2
        var depth = 1
        while end < text.count && depth > 0 {
            if text[end] == UInt8(ascii: "/") && text[end + 1] == UInt8(ascii: "*") {
                depth += 1
                end += 2
            } else if text[end] == UInt8(ascii: "*") && text[end + 1] == UInt8(ascii: "/") {
                depth -= 1
                end += 2
            } else {
                end += 1
            }
        }
        write(upTo: end, as: isDoc ? .docComment : .blockComment)
    }

    /// `#"` and `##"` open raw strings, `#if` and `#selector` are directives; other runs of
    /// `#` are written whole, so each is read once.
    private mutating func lexHash() {
        let hashes = text.run(of: UInt8(ascii: "#"), from: position)
        let after = position + hashes
        if text[after] == UInt8(ascii: "\"") {
            openString(hashes: hashes)
        } else if hashes == 1 && SourceBytes.isIdentifierStart(text[after]) {
            write(upTo: text.end(from: after, while: SourceBytes.isIdentifierByte), as: .directive, remembering: .attribute)
        } else {
            write(upTo: after, as: nil, remembering: .punctuation(UInt8(ascii: "#")))
        }
    }

    private mutating func lexWord() {
        let start = position
        let end = text.end(from: start, while: SourceBytes.isIdentifierByte)
        if context.previous == .keyword("func") {
            write(upTo: end, as: .function, remembering: .name)
        } else if let (word, role) = SwiftWord.keyword(in: text, start..<end), context.isKeyword(word, as: role, in: text, endingAt: end) {
            write(upTo: end, as: role == .literal ? .literal : .keyword, remembering: role == .literal ? .value : .keyword(word))
        } else {
            write(upTo: end, as: SourceBytes.isUppercase(text[start]) ? .type : nil, remembering: .name)
        }
    }

    /// Operator characters; `.` only where an operator starts with one (`...`, `..<`).
    /// A comment's `//` or `/*` ends the operator before it.
    private mutating func lexOperator() {
        let dots = text[position] == UInt8(ascii: ".")
        var end = position + 1
        while end < text.count, Self.isOperator(text[end]) || (dots && text[end] == UInt8(ascii: ".")) {
            if text[end] == UInt8(ascii: "/") && (text[end + 1] == UInt8(ascii: "/") || text[end + 1] == UInt8(ascii: "*")) { break }
            end += 1
        }
        write(upTo: end, as: .operator, remembering: .operator)
    }

    private static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// `42`, `1_000`, `3.14`, `1e-3`, `0xFF`, `0x1p3`, `0b1010`, `0o17`. A sign is an operator;
    /// a `.` belongs to the number only before a digit (`1...5`, `x.0.1`).
    private func numberEnd() -> Int {
        let radixDigit: ((UInt8) -> Bool)? = switch text[position + 1] {
        case UInt8(ascii: "x") where text[position] == UInt8(ascii: "0"): SourceBytes.isHexDigit
        case UInt8(ascii: "b") where text[position] == UInt8(ascii: "0"): { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
        case UInt8(ascii: "o") where text[position] == UInt8(ascii: "0"): { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }
        default: nil
        }
        if let radixDigit, radixDigit(text[position + 2]) {
            let isHex = text[position + 1] == UInt8(ascii: "x")
            return digitsEnd(from: position + 2, digit: radixDigit, exponent: isHex ? UInt8(ascii: "p") : nil)
        }
        return digitsEnd(from: position, digit: SourceBytes.isDigit, exponent: UInt8(ascii: "e"))
    }

    /// Digits and `_`, then a fraction and an exponent (`e` or `p`, any case, with a decimal
    /// exponent) where `exponent` is given.
    private func digitsEnd(from start: Int, digit: (UInt8) -> Bool, exponent: UInt8?) -> Int {
        let digitOrUnderscore = { (byte: UInt8) in digit(byte) || byte == UInt8(ascii: "_") }
        var end = text.end(from: start, while: digitOrUnderscore)
        guard let exponent else { return end }
        if text[end] == UInt8(ascii: ".") && digit(text[end + 1]) {
            end = text.end(from: end + 1, while: digitOrUnderscore)
        }
        if text[end] | 0x20 == exponent {
            let sign = text[end + 1] == UInt8(ascii: "-") || text[end + 1] == UInt8(ascii: "+") ? 1 : 0
            if SourceBytes.isDigit(text[end + 1 + sign]) {
                end = text.end(from: end + 1 + sign) { SourceBytes.isDigit($0) || $0 == UInt8(ascii: "_") }
            }
        }
        return end
    }

    // MARK: Strings

    /// Writes a string's opening delimiter (the position is at its first `#` or `"`).
    private mutating func openString(hashes: Int) {
        let quote = position + hashes
        let multiline = text.has("\"\"\"", at: quote)
        write(upTo: quote + (multiline ? 3 : 1), as: .string, remembering: .value)
        string = StringDelimiter(hashes: hashes, multiline: multiline)
    }

    /// Lexes a string's text up to its end, the start of an interpolation, the end of the
    /// line (a single-line string that is unterminated) or the end of the input.
    private mutating func lexString(_ delimiter: StringDelimiter) {
        var end = position
        while end < text.count {
            let byte = text[end]
            if byte == UInt8(ascii: "\\") && text.run(of: UInt8(ascii: "#"), from: end + 1) >= delimiter.hashes {
                write(upTo: end, as: .string)
                lexEscape(delimiter)
                return
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = delimiter.multiline ? 3 : 1
                if (!delimiter.multiline || text.has("\"\"\"", at: end))
                    && text.run(of: UInt8(ascii: "#"), from: end + quotes) >= delimiter.hashes {
                    write(upTo: end + quotes + delimiter.hashes, as: .string)
                    string = nil
                    return
                }
            }
            if !delimiter.multiline && SourceBytes.isLineBreak(byte) {
                break
            }
            end += 1
        }
        write(upTo: end, as: .string)
        string = nil
    }

    /// At a `\` (with the string's `#`s): `\(` opens an interpolation; `\n`, `\u{1F600}`
    /// and the like are escapes. Before a line break (a multi-line string's line
    /// continuation) or a non-ASCII scalar only the backslash is.
    private mutating func lexEscape(_ delimiter: StringDelimiter) {
        let after = position + 1 + delimiter.hashes
        let next = text[after]
        if next == UInt8(ascii: "(") {
            interpolations.append(Interpolation(string: delimiter))
            string = nil
            write(upTo: after + 1, as: .interpolation, remembering: .punctuation(next))
        } else if next == UInt8(ascii: "u") && text[after + 1] == UInt8(ascii: "{") {
            let digitsEnd = text.end(from: after + 2, while: SourceBytes.isHexDigit)
            let closed = text[digitsEnd] == UInt8(ascii: "}") && digitsEnd - (after + 2) <= 8
            write(upTo: closed ? digitsEnd + 1 : after + 1, as: .escape)
        } else if next >= 0x20 && next < 0x7F {
            write(upTo: after + 1, as: .escape)
        } else {
            write(upTo: after, as: .escape)
        }
    }
}
