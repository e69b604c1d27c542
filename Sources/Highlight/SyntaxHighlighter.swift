/// Build-time syntax highlighting: code in, HTML out, for a `<pre><code>` element.
///
/// The HTML is the code escaped as cmark escapes code (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// nothing else) with `<span class="…">` around tokens (Pygments' short class names, listed
/// at `TokenKind`); plain text and whitespace are not wrapped. Spans never nest, and a
/// console's prompts and output and a diff's lines are each one span, without the line
/// break. Removing the tags and decoding those four entities gives back the code exactly.
/// Each lexer is a single forward scan, so time is linear in the code's length whatever
/// its shape, valid or not.
package enum SyntaxHighlighter {
    package static func html(_ code: String, language: HighlightLanguage) -> String {
        var code = code
        return code.withUTF8 { bytes in html(SourceBytes(bytes), language: language) }
    }

    static func html(_ text: SourceBytes, language: HighlightLanguage) -> String {
        switch language.engine {
        case .swift: return SwiftLexer.highlight(text)
        case .json: return JSONLexer.highlight(text)
        case .shell, .console: return ShellLexer.highlight(text)
        case .grammar(let tables): return GrammarLexer.highlight(text, tables)
        case .markup(let isXML): return MarkupLexer.highlight(text, isXML: isXML)
        case .css: return CSSLexer.highlight(text)
        case .markdown: return MarkdownLexer.highlight(text)
        case .diff: return DiffLexer.highlight(text)
        case .plainText: return HighlightedHTML(text).finish()
        }
    }
}
