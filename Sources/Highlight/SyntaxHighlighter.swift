/// Build-time syntax highlighting: code in, HTML out, for a `<pre><code>` element.
///
/// The HTML is the code escaped as cmark escapes code (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// nothing else) with `<span class="hl-…">` around tokens (the classes are listed at
/// `TokenKind`); plain text and whitespace are not wrapped. Removing the tags and decoding
/// those four entities gives back the code exactly. Each lexer is a single forward scan,
/// so time is linear in the code's length whatever its shape, valid or not.
package enum SyntaxHighlighter {
    package static func html(_ code: String, language: HighlightLanguage) -> String {
        var code = code
        return code.withUTF8 { bytes in
            let text = SourceBytes(bytes)
            switch language {
            case .swift: return SwiftLexer.highlight(text)
            case .json: return JSONLexer.highlight(text)
            case .shell: return ShellLexer.highlight(text)
            }
        }
    }
}
