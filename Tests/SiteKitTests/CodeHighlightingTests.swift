import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import TestSupport

/// Blocks of a known language are highlighted at build time; the markup is cmark's but for
/// the spans, and plain text is left as cmark writes it.
@Suite("Code highlighting in posts")
struct CodeHighlightingTests {
    static let markdown = """
        ```swift program=a
        let a: Array<Int> = [1] // a < b && c > d
        ```

        - ```json
          {"a": 1}
          ```

        ```console
        $ swift build -c release
        Build complete!
        ```

        ```sh
        echo "$HOME" # home
        ```

        ```text
        let a < b
        ```

        ```
        let plain = "x"
        ```

        ```Swift
        "\\(x)"
        ```

        """

    static func render(_ markdown: String) throws -> String {
        try MarkdownDocument.parse(markdown).html(using: HTMLRenderer(codeBlock: PostBodyRenderer.codeBlock))
    }

    @Test func highlightedBlocksKeepCmarksMarkup() throws {
        let html = try Self.render(Self.markdown).withoutCodeFigures
        #expect(html.withoutHighlightSpans == (try MarkdownDocument.parse(Self.markdown).html()))
        #expect(html.contains(#"<pre><code class="language-swift"><span class="k">let</span> a: <span class="kt">Array</span><span class="o">&lt;</span>"#))
        #expect(html.contains(#"<span class="c1">// a &lt; b &amp;&amp; c &gt; d</span>"#))
        #expect(html.contains(#"<pre><code class="language-json">{<span class="nt">&quot;a&quot;</span>: <span class="m">1</span>}"#))
        #expect(html.contains(#"<pre><code class="language-console"><span class="gp">$ </span><span class="nb">swift</span>"#))
        #expect(html.contains(#"<pre><code class="language-sh"><span class="nb">echo</span> <span class="s2">&quot;</span><span class="nv">$HOME</span>"#))
        #expect(html.contains("<pre><code class=\"language-text\">let a &lt; b\n</code></pre>"), "plain text as cmark writes it")
        #expect(html.contains("<pre><code>let plain = &quot;x&quot;\n</code></pre>"), "no language, no highlighting")
        #expect(html.contains(#"<pre><code class="language-Swift"><span class="s">&quot;</span><span class="si">\(</span>"#))
    }

    @Test func swiftBlocksLoseTheirHiddenLinesFirst() throws {
        let html = try Self.render("```swift\n// snippet.hide\nlet hidden = 1\n// snippet.show\nlet shown = 2\n```\n")
        #expect(html.withoutCodeFigures == "<pre><code class=\"language-swift\"><span class=\"k\">let</span> shown <span class=\"o\">=</span> <span class=\"m\">2</span>\n</code></pre>\n")
    }
}
