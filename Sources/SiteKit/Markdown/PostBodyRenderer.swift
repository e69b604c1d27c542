import Foundation
import CCmark

/// Temporary: Markdown to HTML straight through libcmark, replaced by the Markdown module.
struct PostBodyRenderer: Sendable {
    var settings: SiteConfig.MarkdownSettings

    func html(for post: Post) -> String {
        var options = CMARK_OPT_DEFAULT
        if settings.smartPunctuation { options |= CMARK_OPT_SMART }
        if settings.allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let bytes = Array(post.body.utf8)
        guard let out = cmark_markdown_to_html(bytes, bytes.count, options) else { return "" }
        defer { free(out) }
        return String(cString: out)
    }
}
