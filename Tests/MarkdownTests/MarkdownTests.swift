@testable import Markdown
import Testing

@Suite("Parsing")
struct ParsingTests {
    @Test("Block positions are shifted by lineOffset")
    func sourcePositionsWithLineOffset() throws {
        let body = "# Title\n\n```swift\nlet x = 1\n```\n\n- a\n- b\n"
        let document = try MarkdownDocument.parse(body, lineOffset: 5)

        #expect(document.blocks.count == 3)
        let heading = try #require(document.blocks.first)
        #expect(heading.position == SourcePosition(startLine: 6, startColumn: 1, endLine: 6, endColumn: 7))

        let code = document.blocks[1]
        guard case .codeBlock(let info, let literal) = code.kind else {
            Issue.record("expected a code block, got \(code.kind)")
            return
        }
        #expect(info == "swift")
        #expect(literal == "let x = 1\n")
        #expect(code.position.startLine == 8)
        #expect(code.position.endLine == 10)
        #expect(code.position.startColumn == 1)

        guard case .list(let attributes, let items) = document.blocks[2].kind else {
            Issue.record("expected a list")
            return
        }
        #expect(attributes == ListAttributes(kind: .bullet, start: 0, isTight: true, delimiter: .none))
        #expect(items.map(\.position.startLine) == [12, 13])
    }

    @Test("Without an offset, lines are the body's own")
    func sourcePositionsWithoutOffset() throws {
        let document = try MarkdownDocument.parse("para\n\n> quote\n")
        #expect(document.blocks.map(\.position.startLine) == [1, 3])
    }

    @Test("Ordered list attributes")
    func orderedListAttributes() throws {
        let document = try MarkdownDocument.parse("3) a\n\n4) b\n")
        guard case .list(let attributes, let items) = document.blocks.first?.kind else {
            Issue.record("expected a list")
            return
        }
        #expect(attributes == ListAttributes(kind: .ordered, start: 3, isTight: false, delimiter: .paren))
        #expect(items.count == 2)
    }

    @Test("Inline tree shape")
    func inlineTree() throws {
        let document = try MarkdownDocument.parse("a *b* **c** `d` [e](/f \"g\") ![h](/i)\n")
        let expected: [MarkdownInline] = [
            .text("a "), .emphasis([.text("b")]), .text(" "), .strong([.text("c")]), .text(" "),
            .code("d"), .text(" "), .link(url: "/f", title: "g", children: [.text("e")]), .text(" "),
            .image(url: "/i", title: "", children: [.text("h")]),
        ]
        #expect(document.blocks.first?.kind == .paragraph(expected))
    }

    @Test("Empty input gives an empty document")
    func emptyInput() throws {
        let document = try MarkdownDocument.parse("")
        #expect(document.blocks.isEmpty)
        #expect(document.html() == "")
    }

    @Test("Smart punctuation is applied at parse time")
    func smartPunctuation() throws {
        let document = try MarkdownDocument.parse("\"a\" -- b...\n", options: MarkdownOptions(smartPunctuation: true))
        #expect(document.html() == "<p>\u{201C}a\u{201D} \u{2013} b\u{2026}</p>\n")
    }
}

@Suite("Rendering")
struct RenderingTests {
    @Test("Code is escaped exactly once")
    func escapingOnce() throws {
        let html = try MarkdownDocument.parse("```swift\nArray<Int> && \"x\"\n```\n\n`Array<Int>`\n").html()
        #expect(html == """
            <pre><code class="language-swift">Array&lt;Int&gt; &amp;&amp; &quot;x&quot;
            </code></pre>
            <p><code>Array&lt;Int&gt;</code></p>

            """)
        #expect(!html.contains("&amp;lt;"))
    }

    @Test("Safe mode omits raw HTML and dangerous links")
    func safeMode() throws {
        let markdown = "<div>block</div>\n\nx <span>inline</span> [js](javascript:alert(1)) ![img](data:image/png;base64,AA) ![svg](data:image/svg+xml,x)\n"
        let safe = try MarkdownDocument.parse(markdown).html()
        #expect(safe == """
            <!-- raw HTML omitted -->
            <p>x <!-- raw HTML omitted -->inline<!-- raw HTML omitted --> <a href="">js</a> \
            <img src="data:image/png;base64,AA" alt="img" /> <img src="" alt="svg" /></p>

            """)

        let unsafe = try MarkdownDocument.parse(markdown, options: MarkdownOptions(allowRawHTML: true)).html()
        #expect(unsafe.contains("<div>block</div>\n"))
        #expect(unsafe.contains("<span>inline</span>"))
        #expect(unsafe.contains("<a href=\"javascript:alert(1)\">js</a>"))
    }

    @Test("Tight and loose list paragraphs")
    func tightLists() throws {
        #expect(try MarkdownDocument.parse("- a\n- b\n").html() == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(try MarkdownDocument.parse("- a\n\n- b\n").html() == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n")
    }

    @Test("Custom nodes emit their markup verbatim")
    func customNodes() throws {
        let position = SourcePosition(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1)
        let paragraph = MarkdownBlock(.paragraph([
            .custom(onEnter: "<mark>", onExit: "</mark>", children: [.text("a<b")]),
        ]), position: position)
        let wrapper = MarkdownBlock(.customBlock(onEnter: "<aside>", onExit: "</aside>", children: [paragraph]),
                                    position: position)
        #expect(HTMLRenderer().render([wrapper], options: MarkdownOptions()) == "<aside>\n<p><mark>a&lt;b</mark></p>\n</aside>\n")
    }
}

@Suite("Hooks")
struct HookTests {
    @Test("Code block hook replaces the block; nil keeps the default")
    func codeBlockHook() throws {
        let renderer = HTMLRenderer(codeBlock: { info, literal in
            guard info.hasPrefix("mermaid") else { return nil }
            return "<div class=\"mermaid\">\(literal)</div>"
        })
        let markdown = "```mermaid\ngraph TD;\n```\n\n- ```mermaid\n  a<b\n  ```\n\n```swift\nArray<Int>\n```\n"
        #expect(try MarkdownDocument.parse(markdown).html(using: renderer) == """
            <div class="mermaid">graph TD;
            </div>
            <ul>
            <li>
            <div class="mermaid">a<b
            </div>
            </li>
            </ul>
            <pre><code class="language-swift">Array&lt;Int&gt;
            </code></pre>

            """)
    }

    @Test("A hook's code that is already HTML gets the default block's markup")
    func codeBlockAroundInnerHTML() {
        for info in ["", "swift", "swift program=a", "a\"<b>&c", "é\tx"] {
            #expect(HTMLRenderer.codeBlockHTML(info: info, innerHTML: "Array&lt;Int&gt;\n")
                == HTMLRenderer.codeBlockHTML(info: info, literal: "Array<Int>\n"), "\(info)")
        }
        #expect(HTMLRenderer.codeBlockHTML(info: "swift x", innerHTML: "<span class=\"k\">let</span>")
            == "<pre><code class=\"language-swift\"><span class=\"k\">let</span></code></pre>\n")
    }

    @Test("Link hook rewrites links and images before escaping and safe mode")
    func linkHook() throws {
        let renderer = HTMLRenderer(linkURL: { url in
            url.hasSuffix(".md") ? String(url.dropLast(3)) + "/?a=1&b=2" : url
        })
        let html = try MarkdownDocument.parse("[post](other.md \"T\") ![pic](cat.md) [ext](https://x.org/)\n").html(using: renderer)
        #expect(html == """
            <p><a href="other/?a=1&amp;b=2" title="T">post</a> <img src="cat/?a=1&amp;b=2" alt="pic" /> \
            <a href="https://x.org/">ext</a></p>

            """)

        let sneaky = HTMLRenderer(linkURL: { _ in "javascript:alert(1)" })
        #expect(try MarkdownDocument.parse("[a](/b)\n").html(using: sneaky) == "<p><a href=\"\">a</a></p>\n")
    }

    @Test("Heading id hook gets level and plain text; repeats become unique")
    func headingIDHook() throws {
        let renderer = HTMLRenderer(headingID: { level, text in
            level == 1 ? nil : HTMLRenderer.slug(text)
        })
        let markdown = "# Top\n\n## Hello *World* `code`\n\n## Hello World code\n\n### \"Quotes\" & more\n"
        #expect(try MarkdownDocument.parse(markdown).html(using: renderer) == """
            <h1>Top</h1>
            <h2 id="hello-world-code">Hello <em>World</em> <code>code</code></h2>
            <h2 id="hello-world-code-1">Hello World code</h2>
            <h3 id="quotes--more">&quot;Quotes&quot; &amp; more</h3>

            """)
    }

    /// GitHub's ids for repeated headings: the next free `-N`, where a heading's own text can
    /// take a suffix first (`Same 1` is `same-1`). Found per id from where its last search
    /// stopped (issue 22: 50,000 `## Same` took 72 s), with the same ids as counting from 1.
    @Test("Repeated heading ids take the next free suffix, whatever else took one",
          arguments: [
            (["Same", "Same", "Same 1", "Same"], ["same", "same-1", "same-1-1", "same-2"]),
            (["Same 1", "Same", "Same", "Same"], ["same-1", "same", "same-2", "same-3"]),
            (["Same", "Same 2", "Same", "Same", "Same", "Same 2"], ["same", "same-2", "same-1", "same-3", "same-4", "same-2-1"]),
            (["Content", "Content", "A", "A-1", "A", "A"], ["content-1", "content-2", "a", "a-1", "a-2", "a-3"]),
          ])
    func repeatedHeadingIDs(_ titles: [String], _ ids: [String]) throws {
        let renderer = HTMLRenderer(headingID: { _, text in HTMLRenderer.slug(text) }, reservedHeadingIDs: ["content"])
        let rendering = renderer.renderCollectingHeadings(try MarkdownDocument.parse(titles.map { "## \($0)\n\n" }.joined()))
        #expect(rendering.headings.map(\.id) == ids)
    }

    @Test("Slugs: ASCII fast path and Unicode agree on the rules")
    func slugs() throws {
        #expect(HTMLRenderer.slug("Hello, World! 2 x_y-z") == "hello-world-2-x_y-z")
        #expect(HTMLRenderer.slug("Ünïcode Café, 日本") == "ünïcode-café-日本")
        #expect(HTMLRenderer.slug("") == "")
    }

    @Test("Headings with ids are collected with their unique ids, and get the anchor markup")
    func headingsCollectedWithAnchors() throws {
        let renderer = HTMLRenderer(headingID: { level, text in level == 1 ? nil : HTMLRenderer.slug(text) },
                                    headingAnchor: { id, text in "<a href=\"#\(id)\" title=\"\(text)\">#</a>" })
        let rendering = renderer.renderCollectingHeadings(try MarkdownDocument.parse(
            "# Top\n\n## Set *up*\n\n- ### Set up\n\n#### `a<b`\n"))
        #expect(rendering.html == """
            <h1>Top</h1>
            <h2 id="set-up">Set <em>up</em><a href="#set-up" title="Set up">#</a></h2>
            <ul>
            <li>
            <h3 id="set-up-1">Set up<a href="#set-up-1" title="Set up">#</a></h3>
            </li>
            </ul>
            <h4 id="ab"><code>a&lt;b</code><a href="#ab" title="a<b">#</a></h4>

            """)
        #expect(rendering.headings == [
            .init(level: 2, id: "set-up", text: "Set up", html: "Set <em>up</em>"),
            .init(level: 3, id: "set-up-1", text: "Set up", html: "Set up"),
            .init(level: 4, id: "ab", text: "a<b", html: "<code>a&lt;b</code>"),
        ])
        #expect(HTMLRenderer().renderCollectingHeadings(try MarkdownDocument.parse("## x\n")).headings.isEmpty)
        let reserving = HTMLRenderer(headingID: { _, text in HTMLRenderer.slug(text) }, reservedHeadingIDs: ["content"])
        #expect(try MarkdownDocument.parse("## Content\n").html(using: reserving) == "<h2 id=\"content-1\">Content</h2>\n")
    }

    @Test("Heading ids are HTML-escaped")
    func headingIDEscaped() throws {
        let renderer = HTMLRenderer(headingID: { _, _ in "a\"b<c" })
        #expect(try MarkdownDocument.parse("## x\n").html(using: renderer) == "<h2 id=\"a&quot;b&lt;c\">x</h2>\n")
    }
}

@Suite("Plain text")
struct PlainTextTests {
    @Test("Inline plain text follows cmark's alt-text rule")
    func inlinePlainText() throws {
        let document = try MarkdownDocument.parse("Hello *wor**ld*** `a<b` [link](/x) ![alt *img*](y)\nnext  \nlast <br>\n")
        guard case .paragraph(let inlines) = document.blocks.first?.kind else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(plainText(of: inlines) == "Hello world a<b link alt img next last <br>")
        #expect(plainText(of: .emphasis([.text("x"), .softBreak, .code("y")])) == "x y")
    }

    @Test("Block plain text joins blocks and skips markup")
    func blockPlainText() throws {
        let document = try MarkdownDocument.parse("# Title\n\n> quoted *text*\n\n<div>raw</div>\n\n---\n\n- one\n- two\n\n    code\n")
        #expect(plainText(of: document.blocks) == "Title\nquoted text\none\ntwo\ncode")
        #expect(plainText(of: document.blocks[0]) == "Title")
    }

    @Test("Image alt text renders plain text of the children")
    func altText() throws {
        #expect(try MarkdownDocument.parse("![a *b* `<c>` [d](/e)](/f.png)\n").html()
            == "<p><img src=\"/f.png\" alt=\"a b &lt;c&gt; d\" /></p>\n")
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Parallel parse and render give the same output as serial")
    func parallelRendering() async throws {
        let posts = (0..<200).map { index in
            "# Post \(index)\n\nSome *text* with [a link](/p/\(index)) and `code`.\n\n```swift\nlet n = \(index)\n```\n"
        }
        let renderer = HTMLRenderer(headingID: { _, text in HTMLRenderer.slug(text) })
        let serial = try posts.map { try MarkdownDocument.parse($0).html(using: renderer) }
        let parallel = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, post) in posts.enumerated() {
                group.addTask { (index, try MarkdownDocument.parse(post).html(using: renderer)) }
            }
            var results = [String](repeating: "", count: posts.count)
            for try await (index, html) in group {
                results[index] = html
            }
            return results
        }
        #expect(parallel == serial)
    }
}

@Suite("Nesting limit")
struct NestingLimitTests {
    @Test("Nesting up to the limit renders; one level more is an error at its line")
    func nestingLimit() throws {
        let limit = MarkdownNestingError.defaultLimit
        // The paragraph inside the innermost quote is a level too.
        let deepest = String(repeating: "> ", count: limit - 1) + "x\n"
        let html = try MarkdownDocument.parse(deepest).html()
        #expect(html.components(separatedBy: "<blockquote>").count == limit)
        let tooDeep = "para\n\n" + String(repeating: "> ", count: limit) + "x\n"
        #expect(throws: MarkdownNestingError(line: 13, limit: limit)) {
            _ = try MarkdownDocument.parse(tooDeep, lineOffset: 10)
        }
    }

    @Test("Deep emphasis and lists are limited too")
    func inlineAndListNesting() {
        let emphasis = String(repeating: "*a ", count: 400) + String(repeating: "a*", count: 400) + "\n"
        #expect(throws: MarkdownNestingError.self) { _ = try MarkdownDocument.parse(emphasis) }
        let lists = (0..<300).map { String(repeating: "  ", count: $0) + "- a\n" }.joined()
        #expect(throws: MarkdownNestingError.self) { _ = try MarkdownDocument.parse(lists) }
    }
}
