import Highlight
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

    /// Swift, JSON and shell blocks are highlighted at build time (`<span class="hl-…">`, no
    /// JavaScript); other languages keep cmark's markup. Swift blocks first lose their hidden
    /// lines (`// snippet.hide` … `// snippet.show`): they are compiled by check-snippets,
    /// never shown.
    static let renderer = HTMLRenderer(codeBlock: { info, literal in
        guard let language = HighlightLanguage(infoWord: SnippetExtractor.firstWord(info)) else { return nil }
        let code = language == .swift ? HiddenLines.visible(literal) : literal
        return HTMLRenderer.codeBlockHTML(info: info, innerHTML: SyntaxHighlighter.html(code, language: language))
    })
}
