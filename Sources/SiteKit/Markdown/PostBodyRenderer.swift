import Markdown

/// A post's or page's Markdown body as HTML, through the libcmark-backed Markdown module.
/// Positions in the tree are file lines, since the body's first line is passed along.
struct PostBodyRenderer: Sendable {
    var settings: SiteConfig.MarkdownSettings

    var options: MarkdownOptions {
        MarkdownOptions(smartPunctuation: settings.smartPunctuation, allowRawHTML: settings.allowRawHTML)
    }

    func document(for body: String, file: String, firstLine: Int) throws(Diagnostic) -> MarkdownDocument {
        do {
            return try MarkdownDocument.parse(body, options: options, lineOffset: firstLine - 1)
        } catch {
            throw .error(file, SourceLocation(line: error.line, column: 1), error.description)
        }
    }

    func html(for body: String, file: String, firstLine: Int) throws(Diagnostic) -> String {
        try document(for: body, file: file, firstLine: firstLine).html(using: Self.renderer)
    }

    /// Swift blocks lose their hidden lines (`// snippet.hide` … `// snippet.show`): they are
    /// compiled by check-snippets, never shown.
    static let renderer = HTMLRenderer(codeBlock: { info, literal in
        guard SnippetExtractor.isSwift(info), literal.contains(HiddenLines.hide) else { return nil }
        return HTMLRenderer.codeBlockHTML(info: info, literal: HiddenLines.visible(literal))
    })
}
