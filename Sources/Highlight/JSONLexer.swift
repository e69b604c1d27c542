/// JSON to highlighted HTML, in one forward scan over its UTF-8 bytes. A highlighter, not
/// a validator: anything it does not know is written as plain text, a string that is not
/// closed ends at its line's end, and `//` and `/* */` comments (common in posts' JSON
/// snippets) are comments. A string is a key where a `:` follows it, which also works for
/// fragments without their braces.
struct JSONLexer: Lexer {
    private let text: SourceBytes
    private(set) var html: HighlightedHTML
    private var position: Int { html.position }

    init(_ text: SourceBytes) {
        self.text = text
        html = HighlightedHTML(text)
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) {
        html.write(upTo: end, as: kind)
    }

    mutating func lexToken() {
        let byte = text[position]
        switch byte {
        case UInt8(ascii: "\""):
            lexString()
        case UInt8(ascii: "-") where SourceBytes.isDigit(text[position + 1]):
            write(upTo: numberEnd(from: position + 1), as: .number)
        case _ where SourceBytes.isDigit(byte):
            write(upTo: numberEnd(from: position), as: .number)
        case _ where SourceBytes.isLetter(byte):
            let end = text.end(from: position, while: SourceBytes.isIdentifierByte)
            let word = text.word(position..<end)
            write(upTo: end, as: word == "true" || word == "false" || word == "null" ? .literal : nil)
        case UInt8(ascii: "/") where text[position + 1] == UInt8(ascii: "/"):
            write(upTo: text.lineEnd(from: position), as: .lineComment)
        case UInt8(ascii: "/") where text[position + 1] == UInt8(ascii: "*"):
            var end = position + 2
            while end < text.count && !text.has("*/", at: end) { end += 1 }
            write(upTo: end + 2, as: .blockComment)
        default:
            write(upTo: text.end(from: position + 1, while: Self.isPlain), as: nil)
        }
    }

    /// Whitespace, punctuation and whatever JSON does not have: no token starts with it.
    private static func isPlain(_ byte: UInt8) -> Bool {
        !(byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
            || SourceBytes.isDigit(byte) || SourceBytes.isLetter(byte))
    }

    /// Digits, then a fraction and an exponent if there are digits for them.
    private func numberEnd(from start: Int) -> Int {
        var end = text.end(from: start, while: SourceBytes.isDigit)
        if text[end] == UInt8(ascii: ".") && SourceBytes.isDigit(text[end + 1]) {
            end = text.end(from: end + 1, while: SourceBytes.isDigit)
        }
        if text[end] | 0x20 == UInt8(ascii: "e") {
            let sign = text[end + 1] == UInt8(ascii: "-") || text[end + 1] == UInt8(ascii: "+") ? 1 : 0
            if SourceBytes.isDigit(text[end + 1 + sign]) {
                end = text.end(from: end + 1 + sign, while: SourceBytes.isDigit)
            }
        }
        return end
    }

    /// A string, found first and then written in pieces: its text as a key or a string,
    /// its escapes (`\n`, `\"`, `\u00e9`) as escapes.
    private mutating func lexString() {
        var end = position + 1
        while end < text.count && text[end] != UInt8(ascii: "\"") && !SourceBytes.isLineBreak(text[end]) {
            end += text[end] == UInt8(ascii: "\\") && !SourceBytes.isLineBreak(text[end + 1]) ? 2 : 1
        }
        end = min(end + (text[end] == UInt8(ascii: "\"") ? 1 : 0), text.count)
        let isKey = text[text.skippingBlanks(from: end, acrossLines: true)] == UInt8(ascii: ":")
        var index = position + 1
        while index < end {
            guard text[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            html.write(upTo: index, as: isKey ? .tag : .doubleQuoted)
            let escapeEnd = text[index + 1] == UInt8(ascii: "u") ? text.end(from: index + 2, while: SourceBytes.isHexDigit) : index + 2
            index = min(escapeEnd, index + 6, end)
            html.write(upTo: index, as: .escape)
        }
        write(upTo: end, as: isKey ? .tag : .doubleQuoted)
    }
}
