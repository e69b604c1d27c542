import Foundation
@testable import Markdown
import Testing
@testable import SiteKit

/// Swift, JSON and shell blocks are highlighted at build time; the markup is cmark's but for
/// the spans, and other blocks are left as cmark writes them.
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
        let html = try Self.render(Self.markdown)
        #expect(html.withoutHighlightSpans == (try MarkdownDocument.parse(Self.markdown).html()))
        #expect(html.contains(#"<pre><code class="language-swift"><span class="hl-kw">let</span> a: <span class="hl-ty">Array</span><span class="hl-op">&lt;</span>"#))
        #expect(html.contains(#"<span class="hl-com">// a &lt; b &amp;&amp; c &gt; d</span>"#))
        #expect(html.contains(#"<pre><code class="language-json">{<span class="hl-key">&quot;a&quot;</span>: <span class="hl-num">1</span>}"#))
        #expect(html.contains(#"<pre><code class="language-console"><span class="hl-prompt">$</span> <span class="hl-fn">swift</span>"#))
        #expect(html.contains(#"<pre><code class="language-sh"><span class="hl-fn">echo</span> <span class="hl-str">&quot;</span><span class="hl-var">$HOME</span>"#))
        #expect(html.contains("<pre><code class=\"language-text\">let a &lt; b\n</code></pre>"), "other languages as cmark writes them")
        #expect(html.contains("<pre><code>let plain = &quot;x&quot;\n</code></pre>"), "no language, no highlighting")
        #expect(html.contains(#"<pre><code class="language-Swift"><span class="hl-str">&quot;</span><span class="hl-interp">\(</span>"#))
    }

    @Test func swiftBlocksLoseTheirHiddenLinesFirst() throws {
        let html = try Self.render("```swift\n// snippet.hide\nlet hidden = 1\n// snippet.show\nlet shown = 2\n```\n")
        #expect(html == "<pre><code class=\"language-swift\"><span class=\"hl-kw\">let</span> shown <span class=\"hl-op\">=</span> <span class=\"hl-num\">2</span>\n</code></pre>\n")
    }
}
