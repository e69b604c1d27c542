extension HTMLRenderer {
    /// A code block exactly as the renderer writes it without a hook, for hooks
    /// that change only the text (dropping hidden lines) and keep the markup.
    package static func codeBlockHTML(info: String, literal: String) -> String {
        var output = HTMLOutput(reservingCapacity: literal.utf8.count + 64)
        appendCodeBlock(info: info, literal: literal, to: &output)
        return output.string
    }

    /// The same markup around `innerHTML`, code that is already HTML (escaped, with
    /// highlighting spans) and is written as it is.
    package static func codeBlockHTML(info: String, innerHTML: String) -> String {
        let closing = "</code></pre>\n"
        let emptyBlock = codeBlockHTML(info: info, literal: "")
        // String += String copies bytes; Substring + String counted innerHTML's characters
        // first, which was 2% of a build with highlighted code.
        var html = String(emptyBlock.utf8.dropLast(closing.utf8.count)) ?? ""
        html.reserveCapacity(html.utf8.count + innerHTML.utf8.count + closing.utf8.count)
        html += innerHTML
        html += closing
        return html
    }

    /// Code as cmark escapes it in a block (`&`, `<`, `>`, `"`), for a hook that writes its own markup.
    package static func escapedCode(_ literal: some StringProtocol) -> String {
        var output = HTMLOutput(reservingCapacity: literal.utf8.count + 16)
        output.appendEscapedHTML(Substring(literal))
        return output.string
    }

    static func appendCodeBlock(info: String, literal: String, to output: inout HTMLOutput) {
        if info.isEmpty {
            output.append("<pre><code>")
        } else {
            output.append("<pre><code class=\"language-")
            output.appendEscapedHTML(firstWord(of: info))
            output.append("\">")
        }
        output.appendEscapedHTML(literal)
        output.append("</code></pre>\n")
    }

    /// The language class uses the info string up to the first byte cmark's
    /// `cmark_isspace` accepts (space, \t, \n, \v, \f, \r).
    private static func firstWord(of info: String) -> Substring {
        let end = info.utf8.firstIndex { byte in
            byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
        } ?? info.utf8.endIndex
        return info[..<end]
    }
}
