/// Markdown to highlighted HTML, a line at a time as Pygments reads it: headings (`gh`,
/// `gu` from `##`), list and quote markers (`k`), a quote's text (`ge`), `**strong**`
/// (`gs`), `*emphasis*` (`ge`), `` `code` `` (`sb`), a link's text (`nt`) and address (`na`),
/// and a fence whose code is highlighted as its language when sitegen knows it.
struct MarkdownLexer: TokenLexer {
    private let text: SourceBytes
    var html: HighlightedHTML
    private var position: Int { html.position }
    /// Where `find` last found each byte on this line (or the line's end: none left), so
    /// that no byte of a line is searched twice for the same byte however many openers fail.
    private var found: [UInt8: Int] = [:]

    init(_ text: SourceBytes) {
        self.text = text
        html = HighlightedHTML(text)
    }

    static func highlight(_ text: SourceBytes) -> String {
        var lexer = MarkdownLexer(text)
        return lexer.highlightAll()
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) { html.write(upTo: end, as: kind) }

    private mutating func lexLine() {
        found.removeAll(keepingCapacity: true)
        let end = text.lineEnd(from: position)
        let indent = text.skippingBlanks(from: position, acrossLines: false)
        let byte = text[indent]
        write(upTo: indent, as: nil)
        if byte == UInt8(ascii: "#") {
            let hashes = text.run(of: byte, from: indent)
            write(upTo: end, as: hashes == 1 ? .fileHeader : .hunk)
        } else if text.has("```", at: indent) || text.has("~~~", at: indent) {
            lexFence(end)
            return
        } else if byte == UInt8(ascii: ">") {
            write(upTo: text.skippingBlanks(from: indent + 1, acrossLines: false), as: .keyword)
            write(upTo: end, as: .emphasis)
        } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")) && text[indent + 1] == UInt8(ascii: " ") {
            write(upTo: indent + 1, as: .keyword)
            lexInline(end)
        } else if SourceBytes.isDigit(byte) {
            let digits = text.end(from: indent, while: SourceBytes.isDigit)
            if text[digits] == UInt8(ascii: ".") && text[digits + 1] == UInt8(ascii: " ") {
                write(upTo: digits + 1, as: .keyword)
            }
            lexInline(end)
        } else {
            lexInline(end)
        }
        write(upTo: text.end(from: position, while: SourceBytes.isLineBreak), as: nil)
    }

    /// A fenced block: the fence and its language as `sb`, the code as its language.
    private mutating func lexFence(_ lineEnd: Int) {
        let fence = text[position]
        let length = text.run(of: fence, from: position)
        let wordStart = text.skippingBlanks(from: position + length, acrossLines: false)
        let wordEnd = text.end(from: wordStart) { !SourceBytes.isWhitespace($0) && $0 != UInt8(ascii: "{") }
        write(upTo: lineEnd, as: .backtick)
        var codeStart = text.end(from: lineEnd, while: SourceBytes.isLineBreak)
        codeStart = min(lineEnd + (text[lineEnd] == UInt8(ascii: "\r") && text[lineEnd + 1] == UInt8(ascii: "\n") ? 2 : 1), text.count)
        write(upTo: codeStart, as: nil)
        var lineStart = codeStart
        var closeStart = text.count
        while lineStart < text.count {
            let indent = text.skippingBlanks(from: lineStart, acrossLines: false)
            if text.run(of: fence, from: indent) >= length {
                closeStart = lineStart
                break
            }
            lineStart = min(text.lineEnd(from: lineStart) + 1, text.count)
        }
        let word = String(decoding: text.bytes(wordStart..<wordEnd), as: UTF8.self)
        if let language = HighlightLanguage(infoWord: word), language != .markdown {
            html.append(SyntaxHighlighter.html(text.slice(codeStart..<closeStart), language: language), upTo: closeStart)
        } else {
            write(upTo: closeStart, as: nil)
        }
        write(upTo: text.lineEnd(from: closeStart), as: .backtick)
        write(upTo: text.end(from: position, while: SourceBytes.isLineBreak), as: nil)
    }

    /// Emphasis, code and links up to `end`.
    private mutating func lexInline(_ end: Int) {
        var index = position
        while index < end {
            let byte = text[index]
            if byte == UInt8(ascii: "`") {
                let close = find(byte, from: index + 1, before: end)
                if let close { write(upTo: index, as: nil); write(upTo: close + 1, as: .backtick); index = close + 1; continue }
            } else if (byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")) && text[index + 1] == byte {
                if let close = find(byte, from: index + 2, before: end), text[close + 1] == byte {
                    write(upTo: index, as: nil); write(upTo: close + 2, as: .strong); index = close + 2; continue
                }
            } else if (byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")) && !SourceBytes.isWhitespace(text[index + 1])
                        && (index == 0 || !SourceBytes.isIdentifierByte(text[index - 1])) {
                if let close = find(byte, from: index + 1, before: end) {
                    write(upTo: index, as: nil); write(upTo: close + 1, as: .emphasis); index = close + 1; continue
                }
            } else if byte == UInt8(ascii: "[") {
                if let close = find(UInt8(ascii: "]"), from: index + 1, before: end), text[close + 1] == UInt8(ascii: "("),
                   let paren = find(UInt8(ascii: ")"), from: close + 2, before: end) {
                    write(upTo: index + 1, as: nil); write(upTo: close, as: .tag); write(upTo: close + 2, as: nil)
                    write(upTo: paren, as: .attribute); index = paren; continue
                }
                if let close = find(UInt8(ascii: "]"), from: index + 1, before: end), text[close + 1] == UInt8(ascii: ":") {
                    write(upTo: close + 2, as: nil)
                    let url = text.skippingBlanks(from: close + 2, acrossLines: false)
                    write(upTo: url, as: nil); write(upTo: end, as: .attribute); index = end; continue
                }
                if let close = find(UInt8(ascii: "]"), from: index + 1, before: end), text[close + 1] == UInt8(ascii: "["),
                   let second = find(UInt8(ascii: "]"), from: close + 2, before: end) {
                    write(upTo: index + 1, as: nil); write(upTo: close, as: .tag); index = second; continue
                }
            }
            index += 1
        }
        write(upTo: end, as: nil)
    }

    private mutating func find(_ byte: UInt8, from start: Int, before end: Int) -> Int? {
        if let known = found[byte], known >= start { return known < end ? known : nil }
        var index = start
        while index < end && text[index] != byte { index += 1 }
        found[byte] = index
        return index < end ? index : nil
    }
}

extension MarkdownLexer {
    mutating func lexToken() { lexLine() }
}
