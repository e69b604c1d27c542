import Foundation

extension String {
    /// The HTML without the highlighter's `<span class="…">` and `</span>` tags: what
    /// cmark would have written for the code blocks.
    var withoutHighlightSpans: String {
        replacingOccurrences(of: #"<span class="[a-z0-9]+">|</span>"#, with: "", options: .regularExpression)
    }
}

extension String {
    /// The HTML with each code block's figure taken off (`<figure class="code">`, its caption,
    /// the `<pre>`'s `tabindex`): cmark's `<pre><code>` markup again, as it was before code
    /// blocks had a label and a copy button.
    var withoutCodeFigures: String {
        replacingOccurrences(of: #"<figure class="code[^"]*"[^>]*>\n(<figcaption>.*?</figcaption>\n)?"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"</code></pre>\n</figure>\n"#, with: "</code></pre>\n", options: .regularExpression)
            .replacingOccurrences(of: "<pre tabindex=\"0\"><code", with: "<pre><code")
    }
}

extension String {
    /// The HTML without what check-snippets' recorded types add to a checked block (each
    /// identifier's popover and its wrapper, the list after the code), so that a test of the
    /// blog's pages holds whether or not check-snippets ran in this checkout.
    var withoutTypes: String {
        replacingOccurrences(of: #"<span class="type-pop" role="tooltip">.*?</span>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"<span class="type-ref" tabindex="-1">(.*?)</span>"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: #"(?s)<details class="code-types">.*?</details>\n"#, with: "", options: [.regularExpression])
    }
}
