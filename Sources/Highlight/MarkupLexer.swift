/// HTML and XML (plists, SVG) to highlighted HTML, in one forward scan: tags (`nt`), their
/// attributes (`na`) and values (`s`), comments, `<!DOCTYPE>` and `<?xml?>` as `cp`,
/// entities (`ni`). An HTML page's `<script>` and `<style>` are highlighted as JavaScript
/// and CSS. As Pygments does, XML's `<`, `>` and `=` belong to the tag and the attribute,
/// HTML's are punctuation and an operator.
struct MarkupLexer: TokenLexer {
    private let text: SourceBytes
    var html: HighlightedHTML
    private let isXML: Bool
    private var position: Int { html.position }

    init(_ text: SourceBytes, isXML: Bool) {
        self.text = text
        self.isXML = isXML
        html = HighlightedHTML(text)
    }

    static func highlight(_ text: SourceBytes, isXML: Bool) -> String {
        var lexer = MarkupLexer(text, isXML: isXML)
        return lexer.highlightAll()
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) { html.write(upTo: end, as: kind) }

    /// The index after the first `literal` from `index` on, or the end.
    private func after(_ literal: StaticString, from index: Int) -> Int {
        var end = index
        while end < text.count && !text.has(literal, at: end) { end += 1 }
        return min(end + literal.utf8CodeUnitCount, text.count)
    }

    mutating func lexToken() {
        let byte = text[position]
        if text.has("<!--", at: position) {
            write(upTo: after("-->", from: position + 4), as: .blockComment)
        } else if text.has("<![CDATA[", at: position) {
            write(upTo: after("]]>", from: position + 9), as: .string)
        } else if text.has("<!", at: position) || text.has("<?", at: position) {
            write(upTo: after(">", from: position + 2), as: .directive)
        } else if byte == UInt8(ascii: "<") && (SourceBytes.isLetter(text[position + 1]) || text[position + 1] == UInt8(ascii: "/")) {
            lexTag()
        } else if byte == UInt8(ascii: "&") {
            let end = text.end(from: position + 1) { SourceBytes.isIdentifierByte($0) || $0 == UInt8(ascii: "#") }
            write(upTo: text[end] == UInt8(ascii: ";") ? end + 1 : position + 1, as: text[end] == UInt8(ascii: ";") ? .entity : nil)
        } else {
            write(upTo: text.end(from: position + 1) { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") }, as: nil)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        SourceBytes.isIdentifierByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// `<name attr="value">`, `</name>`, `<name/>`.
    private mutating func lexTag() {
        let closing = text[position + 1] == UInt8(ascii: "/")
        let nameStart = position + (closing ? 2 : 1)
        let nameEnd = text.end(from: nameStart, while: Self.isNameByte)
        // An HTML page's script and style, their names in any case.
        let embedded: HighlightLanguage? = text.isFolded(nameStart..<nameEnd, "script") ? .javaScript
            : text.isFolded(nameStart..<nameEnd, "style") ? .css : nil
        if isXML {
            write(upTo: nameEnd, as: .tag)
        } else {
            write(upTo: nameStart, as: .punctuation)
            write(upTo: nameEnd, as: .tag)
        }
        while position < text.count {
            let byte = text[position]
            if SourceBytes.isWhitespace(byte) {
                write(upTo: text.end(from: position, while: SourceBytes.isWhitespace), as: nil)
            } else if byte == UInt8(ascii: ">") || text.has("/>", at: position) {
                let end = position + (byte == UInt8(ascii: ">") ? 1 : 2)
                if isXML {
                    write(upTo: end, as: .tag)
                } else {
                    write(upTo: end - 1, as: .punctuation)
                    write(upTo: end, as: .punctuation)
                }
                if !closing && !isXML && byte == UInt8(ascii: ">"), let embedded {
                    lexEmbedded(embedded)
                }
                return
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = position + 1
                while end < text.count && text[end] != byte { end += 1 }
                write(upTo: end + 1, as: .string)
            } else if byte == UInt8(ascii: "=") {
                write(upTo: position + 1, as: isXML ? .attribute : .operator)
            } else if Self.isNameByte(byte) {
                write(upTo: text.end(from: position, while: Self.isNameByte), as: .attribute)
            } else if byte == UInt8(ascii: "<") {
                return
            } else {
                write(upTo: position + 1, as: nil)
            }
        }
    }

    /// A script's or style's text up to its closing tag, highlighted as its language.
    private mutating func lexEmbedded(_ language: HighlightLanguage) {
        var end = position
        while end < text.count && !(text[end] == UInt8(ascii: "<") && text[end + 1] == UInt8(ascii: "/")) { end += 1 }
        html.append(SyntaxHighlighter.html(text.slice(position..<end), language: language), upTo: end)
    }
}
