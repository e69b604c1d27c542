import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// Code inside GitHub Flavored Markdown's containers (footnotes, task items, callouts) and
/// tables: check-snippets finds it at its lines, the template-syntax scanner skips it, math
/// is found in it.
@Suite("GFM: code in footnotes, task items, callouts and tables")
struct GFMCodeTests {
    static let options = SiteConfig.MarkdownSettings().options

    /// A Swift block in each container, at known lines (the body starts at line 3).
    static let body = """
        Intro[^1].

        - [ ] A task:

          ```swift
          let task = 1
          ```

        > Note: A callout.
        >
        > ```swift
        > let callout = 2
        > ```

        1. A step:

           ```swift
           let step = 3
           ```

        | code | not a block |
        |---|---|
        | `let cell = 4` | x |

        [^1]: A footnote.

            ```swift
            let footnote = 5
            ```
        """

    @Test func theWalkReachesEveryContainerInWrittenOrder() throws {
        let document = try MarkdownDocument.parse(Self.body, options: Self.options, lineOffset: 2)
        let code = BlockWalk.leaves(of: document.blocks).compactMap { block -> String? in
            guard case .codeBlock(_, let literal) = block.kind else { return nil }
            return "\(block.position.startLine):\(block.position.startColumn) \(literal)"
        }
        #expect(code == ["7:3 let task = 1\n", "13:3 let callout = 2\n", "19:4 let step = 3\n", "29:5 let footnote = 5\n"])
        let kinds = BlockWalk.leaves(of: document.blocks).map { block -> String in
            switch block.kind {
            case .table: "table"
            case .codeBlock: "code"
            case .paragraph: "paragraph"
            default: "other"
            }
        }
        #expect(kinds == ["paragraph", "paragraph", "code", "paragraph", "code", "paragraph", "code", "table", "paragraph", "code"])
    }

    @Test func replacingLeavesKeepsEveryContainer() throws {
        let document = try MarkdownDocument.parse(Self.body, options: Self.options)
        let replaced = BlockWalk.replacingLeaves(of: document.blocks) { block in
            guard case .codeBlock(let info, _) = block.kind else { return nil }
            return MarkdownBlock(.codeBlock(info: info, literal: "replaced\n"), position: block.position)
        }
        let literals = BlockWalk.leaves(of: replaced).compactMap { block -> String? in
            if case .codeBlock(_, let literal) = block.kind { return literal }
            return nil
        }
        #expect(literals == Array(repeating: "replaced\n", count: 4))
        #expect(replaced.map(\.position) == document.blocks.map(\.position))
        let html = HTMLRenderer().render(MarkdownDocument(blocks: replaced, options: Self.options))
        #expect(html.contains("<aside class=\"callout callout-note\" role=\"note\">") && html.contains("<section class=\"footnotes\" data-footnotes>"))
    }

    @Test func checkSnippetsFindsSwiftBlocksInEveryContainer() {
        let post = Post(sourcePath: "Content/posts/p.md", slug: "p", title: "P", date: PostDate(year: 2024, month: 1, day: 1),
                        body: Self.body, bodyFirstLine: 3)
        let (blocks, diagnostics) = SnippetExtractor(markdown: .init()).blocks(of: post)
        #expect(diagnostics.isEmpty)
        #expect(blocks.map(\.fenceLine) == [7, 13, 19, 29])
        #expect(blocks.map(\.indentation) == [2, 2, 3, 4])
        #expect(blocks.map(\.code) == ["let task = 1\n", "let callout = 2\n", "let step = 3\n", "let footnote = 5\n"])
        // Without the extensions the same text is a list item, a quote, a list and a code block.
        let plain = SnippetExtractor(markdown: .init(extensions: [])).blocks(of: post).blocks
        #expect(plain.map(\.fenceLine) == [7, 13, 19])
    }

    @Test func templateSyntaxInCodeOfTablesAndFootnotesIsSkipped() throws {
        let body = """
            | tag | output |
            |---|---|
            | `{% raw %}` | `{{ page.title }}` |
            | `a|b {{ split }}` |
            | ` | {% endraw %} |
            | `x` | y |

            - [x] done:

              ```liquid
              {% include task.html %}
              ```

            > Warning: careful
            >
            > ```liquid
            > {{ callout }}
            > ```

            Text[^1].

            [^1]: See `{{ footnote.code }}`.

                ```liquid
                {% include footnote.html %}
                ```

                And `{{ more }}` then {{ footnote.text }}.
            """
        for document in [try MarkdownDocument.parse(body, options: Self.options, lineOffset: 9), nil] {
            let found = TemplateSyntaxScanner.scan(body, firstLine: 10, document: document)
            #expect(found.map { "\($0.location.line):\($0.location.column) \($0.text)" } == [
                // A pipe ends a cell, inside backticks too: `a|b {{ split }}` is no code span in GFM.
                "13:8 {{ split }}",
                // A lone backtick in a cell does not pair with one in the next cell or row.
                "14:7 {% endraw %}",
                "37:27 {{ footnote.text }}",
            ], "document given: \(document != nil)")
        }
    }

    @Test func mathIsFoundInEveryContainer() throws {
        let body = """
            - [ ] Task:

              ```math
              a^2
              ```

            > Tip: Squares.
            >
            > $$ b^2 $$

            Text[^m].

            [^m]: Footnote:

                ```math
                c^2
                ```
            """
        let document = try MarkdownDocument.parse(body, options: Self.options)
        let formulas = MathCollector(file: "p.md", body: body, firstLine: 1).formulas(in: document)
        #expect(formulas.map(\.line) == [3, 9, 15])
        #expect(formulas.map { $0.tex.trimmingCharacters(in: .whitespacesAndNewlines) } == ["a^2", "b^2", "c^2"])
    }

    /// The page shows the expected error of a `fails=` block under it in a task item, a
    /// callout and a footnote too: the compiler's message where check-snippets recorded one
    /// (the footnote's), else the post's, "not checked".
    @Test func expectedErrorsAreShownUnderBlocksInEveryContainer() throws {
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2024-01-01", body: """
            Text[^1].

            - [ ] Task:

              ```swift fails="in the task"
              let a: Int = ""
              ```

            > Important: Callout.
            >
            > ```swift fails="in the callout"
            > let b: Int = ""
            > ```

            [^1]: Footnote.

                ```swift fails="in the footnote"
                let c: Int = ""
                ```
            """)])
        defer { site.remove() }
        let message = VerifiedSnippets.Message(line: 1, column: 14, severity: "error",
                                               text: "cannot convert value of type 'String' to specified type 'Int'", source: "let c: Int = \"\"")
        let record: VerifiedSnippets.Stored = ["Content/posts/p.md": [
            VerifiedSnippets.key(file: "Content/posts/p.md", info: "swift fails=\"in the footnote\"", code: "let c: Int = \"\"\n"):
                .init(status: .passed, swiftVersion: "6.3.1", messages: [message]),
        ]]
        site.write(".sitegen-cache/snippets/verified.json", bytes: Array(try JSONEncoder().encode(record)))
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        for place in ["task", "callout"] {
            #expect(page.contains("<figcaption>Expected error, as written in the post (not checked):</figcaption>\n<pre><code>error: in the \(place)</code></pre>"),
                    "\(place)")
        }
        #expect(page.contains("<figcaption>Swift 6.3.1 reports:</figcaption>\n<pre><code>error: cannot convert value of type &#39;String&#39; "
                              + "to specified type &#39;Int&#39;\n1 | let c: Int = &quot;&quot;\n  |              ^</code></pre>"))
    }
}

/// The compiler's errors in blocks inside the new containers name their Markdown lines.
@Suite("GFM: check-snippets in containers", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct GFMSnippetCompileTests {
    @Test func errorsInFootnotesTaskItemsAndCalloutsAreAtTheirLines() throws {
        let site = SnippetFixtures.site(body: """
            Text[^1].

            - [ ] Task:

              ```swift isolated
              let a: Int = "task"
              ```

            > Warning: Callout.
            >
            > ```swift isolated
            > let b: Int = "callout"
            > ```

            [^1]: Footnote.

                ```swift isolated
                let c: Int = "footnote"
                ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        #expect(report.results.map(\.block.fenceLine) == [10, 16, 22])
        #expect(SnippetFixtures.failures(report).map { String($0.prefix { $0 != " " }) } == [
            "Content/posts/p.md:11:16:", "Content/posts/p.md:17:16:", "Content/posts/p.md:23:18:",
        ])
    }
}
