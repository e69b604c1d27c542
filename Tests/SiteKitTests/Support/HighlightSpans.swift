import Foundation

extension String {
    /// The HTML without the highlighter's `<span class="hl-…">` and `</span>` tags: what
    /// cmark would have written for the code blocks.
    var withoutHighlightSpans: String {
        replacingOccurrences(of: #"<span class="hl-[a-z]+">|</span>"#, with: "", options: .regularExpression)
    }
}
