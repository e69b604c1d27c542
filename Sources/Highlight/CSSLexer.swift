/// CSS to highlighted HTML, in one forward scan, with Pygments' classes: selectors' tags
/// (`nt`), classes (`nc`), pseudo-classes (`nd`); properties (`k`), custom properties
/// (`nv`), values' keywords (`kc`), functions (`nf`), numbers and their units (`kt`),
/// colours (`mh`), `!important` (`cp`), at-rules (`k`).
struct CSSLexer: TokenLexer {
    private let text: SourceBytes
    var html: HighlightedHTML
    private var position: Int { html.position }
    /// Braces open: inside a rule's block.
    private var depth = 0
    /// After a property's `:`, before its `;`.
    private var inValue = false
    /// Parentheses open in a selector (`:not(…)`) or an at-rule's condition.
    private var parentheses = 0
    /// Where the last `startsRule` scan stopped and what it found: every position before
    /// that stop has the same answer, so no byte is scanned twice.
    private var ruleScan = (stop: -1, startsRule: false)

    init(_ text: SourceBytes) {
        self.text = text
        html = HighlightedHTML(text)
    }

    static func highlight(_ text: SourceBytes) -> String {
        var lexer = CSSLexer(text)
        return lexer.highlightAll()
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) { html.write(upTo: end, as: kind) }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        SourceBytes.isIdentifierByte(byte) || byte == UInt8(ascii: "-")
    }

    /// Whether a block's name here starts a nested rule (`body {` in `@media`) rather than a declaration.
    private mutating func startsRule(at index: Int) -> Bool {
        if index < ruleScan.stop { return ruleScan.startsRule }
        var end = index
        while end < text.count {
            let byte = text[end]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "}") || SourceBytes.isLineBreak(byte) { break }
            end += 1
        }
        ruleScan = (end, text[end] == UInt8(ascii: "{"))
        return ruleScan.startsRule
    }

    mutating func lexToken() {
        let byte = text[position]
        let next = text[position + 1]
        switch byte {
        case _ where SourceBytes.isWhitespace(byte):
            write(upTo: text.end(from: position, while: SourceBytes.isWhitespace), as: nil)
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
            var end = position + 2
            while end < text.count && !text.has("*/", at: end) { end += 1 }
            write(upTo: min(end + 2, text.count), as: .comment)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            var end = position + 1
            while end < text.count && text[end] != byte && !SourceBytes.isLineBreak(text[end]) {
                end += text[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            write(upTo: min(end + 1, text.count), as: byte == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted)
        case UInt8(ascii: "{"):
            depth += 1
            inValue = false
            write(upTo: position + 1, as: .punctuation)
        case UInt8(ascii: "}"):
            depth = max(depth - 1, 0)
            inValue = false
            write(upTo: position + 1, as: .punctuation)
        case UInt8(ascii: ";"):
            inValue = false
            write(upTo: position + 1, as: .punctuation)
        case UInt8(ascii: "@") where SourceBytes.isLetter(next):
            write(upTo: position + 1, as: .punctuation)
            write(upTo: text.end(from: position, while: Self.isNameByte), as: .keyword)
        case UInt8(ascii: "!") where SourceBytes.isLetter(next):
            write(upTo: text.end(from: position + 1, while: Self.isNameByte), as: .directive)
        case UInt8(ascii: "#") where inValue:
            write(upTo: text.end(from: position + 1, while: SourceBytes.isHexDigit), as: .hex)
        case _ where SourceBytes.isDigit(byte) || byte == UInt8(ascii: ".") && SourceBytes.isDigit(next) && (inValue || parentheses > 0):
            var end = text.end(from: position, while: SourceBytes.isDigit)
            var kind = TokenKind.integer
            if text[end] == UInt8(ascii: ".") && SourceBytes.isDigit(text[end + 1]) {
                end = text.end(from: end + 1, while: SourceBytes.isDigit)
                kind = .float
            }
            write(upTo: end, as: kind)
            write(upTo: text.end(from: position) { SourceBytes.isLetter($0) || $0 == UInt8(ascii: "%") }, as: .type)
        case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
            write(upTo: text.end(from: position, while: Self.isNameByte), as: .variable)
        case _ where (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#")) && !inValue
            && (SourceBytes.isIdentifierStart(next) || next == UInt8(ascii: "-")):
            write(upTo: position + 1, as: .punctuation)
            write(upTo: text.end(from: position, while: Self.isNameByte), as: byte == UInt8(ascii: ".") ? .className : nil)
        case UInt8(ascii: ":") where depth == 0 || !inValue && startsRule(at: position):
            let colons = text.run(of: byte, from: position)
            write(upTo: position + colons, as: .punctuation)
            write(upTo: text.end(from: position, while: Self.isNameByte), as: .decorator)
        case UInt8(ascii: ":"):
            inValue = true
            write(upTo: position + 1, as: .punctuation)
        case _ where SourceBytes.isIdentifierStart(byte) || byte == UInt8(ascii: "-") && SourceBytes.isLetter(next):
            let end = text.end(from: position, while: Self.isNameByte)
            if text[end] == UInt8(ascii: "(") {
                write(upTo: end, as: inValue ? .function : .tag)
            } else if inValue {
                write(upTo: end, as: .literal)
            } else if depth > 0 && !startsRule(at: position) {
                write(upTo: end, as: .keyword)
            } else {
                write(upTo: end, as: .tag)
            }
        case UInt8(ascii: "("):
            parentheses += 1
            write(upTo: position + 1, as: inValue ? .punctuation : .operator)
        case UInt8(ascii: ")"):
            parentheses = max(parentheses - 1, 0)
            write(upTo: position + 1, as: inValue ? .punctuation : .operator)
        case UInt8(ascii: ","), UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "="):
            write(upTo: position + 1, as: .operator)
        default:
            write(upTo: position + 1, as: .punctuation)
        }
    }
}
