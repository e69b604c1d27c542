import Markdown

/// A post's Markdown body as HTML, through the libcmark-backed Markdown module.
/// Positions in the tree are file lines, since the body's first line is passed along.
struct PostBodyRenderer: Sendable {
    var settings: SiteConfig.MarkdownSettings

    var options: MarkdownOptions {
        MarkdownOptions(smartPunctuation: settings.smartPunctuation, allowRawHTML: settings.allowRawHTML)
    }

    func document(for post: Post) throws(Diagnostic) -> MarkdownDocument {
        do {
            return try MarkdownDocument.parse(post.body, options: options, lineOffset: post.bodyFirstLine - 1)
        } catch {
            throw .error(post.sourcePath, SourceLocation(line: error.line, column: 1), error.description)
        }
    }

    func html(for post: Post) throws(Diagnostic) -> String {
        try document(for: post).html()
    }
}
