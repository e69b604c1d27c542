@testable import Markdown
import Testing

/// The extensions' HTML, and the renderer's settings and hooks applied inside them.
@Suite("GFM rendering")
struct GFMRenderingTests {
    static let all = MarkdownOptions(extensions: Set(MarkdownExtension.allCases))

    @Test("Callouts are a labelled aside around the quote's content")
    func calloutMarkup() throws {
        let html = try MarkdownDocument.parse("> [!important]\n> Read *this*.\n>\n> - and this\n\n> Experiment: Change it.\n",
                                              options: Self.all).html()
        #expect(html == """
            <aside class="callout callout-important" role="note">
            <p class="callout-label">Important</p>
            <p>Read <em>this</em>.</p>
            <ul>
            <li>and this</li>
            </ul>
            </aside>
            <aside class="callout callout-experiment" role="note">
            <p class="callout-label">Experiment</p>
            <p>Change it.</p>
            </aside>

            """)
    }

    @Test("Footnote ids take the prefix, in every id and href, escaped as URLs are")
    func footnotePrefix() throws {
        let document = try MarkdownDocument.parse("One[^a] two[^a].\n\n[^a]: Note.\n", options: Self.all)
        let html = document.html(using: HTMLRenderer(footnoteIDPrefix: "post 1-"))
        #expect(html == """
            <p>One<sup class="footnote-ref"><a href="#post%201-fn-a" id="post%201-fnref-a" data-footnote-ref>1</a></sup> \
            two<sup class="footnote-ref"><a href="#post%201-fn-a" id="post%201-fnref-a-2" data-footnote-ref>1</a></sup>.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="post%201-fn-a">
            <p>Note. <a href="#post%201-fnref-a" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a> \
            <a href="#post%201-fnref-a-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a></p>
            </li>
            </ol>
            </section>

            """)
        #expect(document.html().contains("<li id=\"fn-a\">"))
    }

    @Test("Link, code and heading hooks apply in cells, footnotes and callouts")
    func hooksInsideExtensions() throws {
        let markdown = "| [p](post.md) |\n| - |\n\nx[^1]\n\n[^1]: See [q](other.md).\n\n    ```mermaid\n    graph\n    ```\n\n> Note: ## not a heading\n\n> [!TIP]\n> ## Tip heading\n"
        let renderer = HTMLRenderer(
            codeBlock: { info, literal in info == "mermaid" ? "<div class=\"mermaid\">\(literal)</div>" : nil },
            headingID: { _, text in HTMLRenderer.slug(text) },
            linkURL: { $0.hasSuffix(".md") ? "/" + $0.dropLast(3) + "/" : $0 })
        let html = try MarkdownDocument.parse(markdown, options: Self.all).html(using: renderer)
        #expect(html.contains("<th><a href=\"/post/\">p</a></th>"))
        #expect(html.contains("<p>See <a href=\"/other/\">q</a>.</p>\n<div class=\"mermaid\">graph\n</div>\n<a href=\"#fnref-1\""))
        #expect(html.contains("<p>## not a heading</p>"))
        #expect(html.contains("<h2 id=\"tip-heading\">Tip heading</h2>"))
    }

    @Test("The tag filter writes blacklisted tags as text, only when raw HTML is allowed")
    func tagFilter() throws {
        let markdown = "<script>alert(1)</script>\n\nA <title>t</title> and <b>b</b>.\n"
        let unsafe = MarkdownOptions(allowRawHTML: true, extensions: [.tagfilter])
        #expect(try MarkdownDocument.parse(markdown, options: unsafe).html()
            == "&lt;script>alert(1)&lt;/script>\n<p>A &lt;title>t&lt;/title> and <b>b</b>.</p>\n")
        let safe = MarkdownOptions(extensions: [.tagfilter])
        #expect(try MarkdownDocument.parse(markdown, options: safe).html()
            == cmarkReferenceHTML(markdown, options: MarkdownOptions()))
    }

    @Test("Task items render cmark-gfm's checkbox, in tight and loose lists")
    func taskItems() throws {
        let html = try MarkdownDocument.parse("- [ ] a\n- [X] b\n\n1. [x] c\n\n2. [ ] d\n", options: Self.all).html()
        #expect(html == """
            <ul>
            <li><input type="checkbox" disabled="" /> a</li>
            <li><input type="checkbox" checked="" disabled="" /> b</li>
            </ul>
            <ol>
            <li><input type="checkbox" checked="" disabled="" /> 
            <p>c</p>
            </li>
            <li><input type="checkbox" disabled="" /> 
            <p>d</p>
            </li>
            </ol>

            """)
    }

    @Test("A rendered fragment gets the footnotes it holds")
    func fragmentFootnotes() throws {
        let document = try MarkdownDocument.parse("a[^1]\n\n[^1]: n\n", options: Self.all)
        let fragment = HTMLRenderer().render(document.blocks, options: document.options)
        #expect(fragment == document.html())
        #expect(HTMLRenderer().render(Array(document.blocks.prefix(1)), options: document.options)
            == "<p>a<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup></p>\n")
    }

    /// The parser looks for extension syntax only where a text could hold it; these are
    /// the places that check must not miss (outputs as cmark-gfm writes them).
    @Test("Extension syntax is found after every block marker that can precede it",
          arguments: [
            ("abc\n:-\n", "<table>\n<thead>\n<tr>\n<th align=\"left\">abc</th>\n</tr>\n</thead>\n</table>\n"),
            (">www.x.com\n", "<blockquote>\n<p><a href=\"http://www.x.com\">www.x.com</a></p>\n</blockquote>\n"),
            ("| a |\n|-|\n|www.x.com|\n", "<td><a href=\"http://www.x.com\">www.x.com</a></td>"),
            ("x[^1]\n\n> [^1]: quoted\n", "<li id=\"fn-1\">\n<p>quoted <a href"),
            ("- > [!NOTE]\n  > n\n", "<li>\n<aside class=\"callout callout-note\" role=\"note\">"),
            ("a@b.co and @MainActor\n", "<p><a href=\"mailto:a@b.co\">a@b.co</a> and @MainActor</p>"),
          ])
    func syntaxAfterBlockMarkers(markdown: String, expected: String) throws {
        let html = try MarkdownDocument.parse(markdown, options: Self.all).html()
        #expect(html.contains(expected), "\(html.debugDescription)")
    }

    @Test("Without extensions the output is libcmark's, byte for byte, for GFM-looking input")
    func noExtensionsIsCommonMark() throws {
        let markdown = "| a |\n| - |\n\n~~s~~ www.x.com a@b.co [^1]\n\n[^1]: http://x\n\n- [ ] t\n\n> [!NOTE]\n> n\n\n<script>x</script>\n"
        for options in referenceOptionSets.map(\.options) {
            #expect(try MarkdownDocument.parse(markdown, options: options).html() == cmarkReferenceHTML(markdown, options: options))
        }
    }
}
