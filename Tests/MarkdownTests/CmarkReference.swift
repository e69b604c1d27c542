import CCmark
import Foundation
@testable import Markdown

/// libcmark's own HTML for `markdown`, the oracle the Swift renderer must
/// match byte for byte.
func cmarkReferenceHTML(_ markdown: String, options: MarkdownOptions) -> String {
    var cmarkOptions = CMARK_OPT_VALIDATE_UTF8
    if options.smartPunctuation { cmarkOptions |= CMARK_OPT_SMART }
    if options.allowRawHTML { cmarkOptions |= CMARK_OPT_UNSAFE }
    var markdown = markdown
    return markdown.withUTF8 { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { chars in
            let rendered: UnsafeMutablePointer<CChar>?
            if let base = chars.baseAddress {
                rendered = cmark_markdown_to_html(base, chars.count, cmarkOptions)
            } else {
                rendered = cmark_markdown_to_html("", 0, cmarkOptions)
            }
            guard let html = rendered else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
    }
}

/// The four option combinations the renderer is checked in.
let referenceOptionSets: [(name: String, options: MarkdownOptions)] = [
    ("safe", MarkdownOptions(smartPunctuation: false, allowRawHTML: false)),
    ("unsafe", MarkdownOptions(smartPunctuation: false, allowRawHTML: true)),
    ("safe+smart", MarkdownOptions(smartPunctuation: true, allowRawHTML: false)),
    ("unsafe+smart", MarkdownOptions(smartPunctuation: true, allowRawHTML: true)),
]

/// Inputs the spec exercises thinly: every ASCII byte in a URL, non-ASCII
/// URLs, all dangerous-scheme variants, info strings with tabs, nested
/// images, smart punctuation, NUL and CRLF input.
let referenceEdgeCases: [String] = {
    let printable = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }.joined()
    let urlSafePrintable = printable.filter { !"<>()\\ ".contains($0) }
    return [
        "[all](<\(printable.filter { !"<>\\".contains($0) })>)\n",
        "[all](\(urlSafePrintable))\n",
        "[~tilde](/a~b?c=[d]&e='f'#g{h}|i^j`k)\n",
        "[utf8](/héllo wörld/日本) ![ü](/ü.png \"tïtle & <more>\")\n",
        "[x](javascript:alert(1)) [x](JAVASCRIPT:alert(1)) [x](vbscript:x) [x](FiLe:///etc)\n",
        "![a](data:image/png;base64,AA) ![a](data:image/PNG) ![a](data:image/pngx) ![a](data:image/svg+xml,x)\n",
        "![a](data:image/jpeg,x) ![a](data:image/gif,x) ![a](data:image/webp,x) ![a](data:text/html,x) ![a](data:image/pn)\n",
        "<javascript:alert(1)> <data:image/gif;x> <mailto:a@b.c> <a@b.c>\n",
        "```ruby\tstartline=3 $%@#$\ndef f\n  x < 1 && y > \"2\"\nend\n```\n",
        "``` \u{00A0}lang\ncode\n```\n\n~~~ a&b<c>\"d\"\nx\n~~~\n",
        "![outer *em* `code` <b>html</b> [link](/l) ![inner](/i \"t\")  \nbreak\nsoft](/o.png 'title \"q\"')\n",
        "\"Hello,\" she said -- 'it's' --- here... \"nested 'quotes'\"\n",
        "a\0b\r\nc\r\n\r\n```\r\ncode\r\n```\r\n",
        "<div onclick=\"x\">\n*raw*\n</div>\n\n<span title=\"<>\">inline</span> <!-- c --> <?pi?> <![CDATA[x]]>\n",
        "1) one\n2) two\n\n   para\n\n7. seven\n8. eight\n\n0. zero\n\n- a\n  - b\n    > q\n    > - c\n",
        "> # h1\n> ## h2 ##\n>\n> setext\n> ===\n\n***\n___\n",
        "Line one\\\nline two  \nline three\n\n    indented\n    code <&>\n",
        "",
        "\n\n\n",
    ]
}()
