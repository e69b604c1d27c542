import Foundation
import Testing
@testable import Markdown
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// Code blocks as the page shows them (caption, language label, line numbers, highlighted
/// lines, diffs, wrapping, the copy button's script), and the one fence parser that the
/// build and check-snippets share.
@Suite("Code blocks: fence words and features")
struct CodeBlockFeatureTests {
    static func built(_ body: String, config: String = "") throws -> String {
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: body)],
                               config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n" + config)
        defer { site.remove() }
        _ = try site.build()
        return try #require(site.read("posts/p/index.html"))
    }

    /// The code blocks of a page, each from `<figure class="code` to `</figure>`.
    static func figures(_ page: String) -> [String] {
        page.matches(of: #/<figure class="code.*?</figure>/#.dotMatchesNewlines()).map { String($0.0) }
    }

    // MARK: The fence parser

    @Test func fenceWordsOfEveryGeneratorAreRead() throws {
        let docusaurus = try FenceInfo.parse(#"swift title="Sources/App/Model.swift" {2,4-6} showLineNumbers"#)
        #expect(docusaurus.language == "swift" && docusaurus.title == "Sources/App/Model.swift")
        #expect(docusaurus.highlightedLines == [2...2, 4...6] && docusaurus.lineNumbers == true)
        let hugo = try FenceInfo.parse(#"go {linenos=table,hl_lines=[2,"4-6"],linenostart=199, style=monokai}"#)
        #expect(hugo.language == "go" && hugo.lineNumbers == true && hugo.firstLineNumber == 199 && hugo.highlightedLines == [2...2, 4...6])
        #expect(try FenceInfo.parse(#"swift {hl_lines="2-3"}"#).highlightedLines == [2...3])
        #expect(try FenceInfo.parse("js{4} :line-numbers").highlightedLines == [4...4])
        #expect(try FenceInfo.parse("js [config.js]").title == "config.js")
        #expect(try FenceInfo.parse("{.swift .numberLines}").language == "swift")
        #expect(try FenceInfo.parse("swift:Model.swift").title == "Model.swift")
        #expect(try FenceInfo.parse(#"python hl_lines="2 3" linenums="5""#).firstLineNumber == 5)
        #expect(try FenceInfo.parse("objective-c").language == "objective-c")
        let diff = try FenceInfo.parse("diff-swift")
        #expect(diff.language == "diff" && diff.innerLanguage == "swift")
        #expect(try FenceInfo.parse("diff lang=swift highlight=2,4-6 nowrap").innerLanguage == "swift")
        let both = try FenceInfo.parse(#"swift title="A.swift" {2} linenos program=b run"#)
        #expect(both.snippetWords.map(\.name) == ["program", "run"])
    }

    @Test(arguments: [
        ("swift titel=\"A.swift\"", 6, "unknown word 'titel' in the code fence (did you mean 'title'?)"),
        ("python linenoss", 7, "unknown word 'linenoss' in the code fence (did you mean 'linenos'?)"),
        ("go {linenos=table,hl_line=[2]}", 18, "unknown word 'hl_line' in the code fence (did you mean 'hl_lines'?)"),
        ("swift {2,x}", 6, "'x' is not a line or a range of lines"),
        ("swift {2", 6, "'{' is never closed with '}'"),
        ("swift highlight=3-1", 6, "'3-1' is not a line or a range of lines"),
        ("python run", 7, "'run' is a check-snippets word, for swift blocks; this block is 'python'"),
        ("swift lang=swift", 6, "'lang=' names the language inside a diff's lines"),
    ])
    func badFenceWordsAreErrors(info: String, offset: Int, message: String) {
        do {
            _ = try FenceInfo.parse(info)
            Issue.record("\(info) parsed")
        } catch {
            #expect(error.offset == offset)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func anUnknownWordFailsTheBuildAndCheckSnippetsAtItsColumn() throws {
        let body = "Intro.\n\n- A list:\n\n  ```swift title=\"A.swift\" linenos higlight=2\n  let a = 1\n  ```\n"
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: body)])
        defer { site.remove() }
        // Line 10 of the file: four lines of front matter, a blank, then the body's fifth line; column 36 is the word's.
        let expected = "Content/posts/p.md:10:36: error: unknown word 'higlight' in the code fence (did you mean 'highlight'?)"
        let build = site.failingBuild().headlines
        #expect(build.count == 1 && build[0].hasPrefix(expected), "\(build) \(expected)")
        let post = Post(sourcePath: "Content/posts/p.md", slug: "p", title: "P", date: PostDate(year: 2017, month: 1, day: 1),
                        body: body, bodyFirstLine: 6)
        let check = SnippetExtractor(markdown: .init()).blocks(of: post).diagnostics.headlines
        #expect(check.count == 1 && check[0].hasPrefix(expected), "\(check)")
    }

    @Test func onlyABodyWithAFenceWithWordsIsWalkedForProblems() {
        #expect(!FenceProblems.mayHaveFenceWords("```swift\nlet a = 1\n```\n\n~~~ json\n{}\n~~~\n"))
        for body in ["```swift run\n```\n", "- ```swift{2}\n  ```\n", "~~~ diff-swift\n~~~\n", "```swift:A.swift\n```\n", "``` swift x\n```\n"] {
            #expect(FenceProblems.mayHaveFenceWords(body), "\(body)")
        }
    }

    @Test func checkSnippetsReadsDisplayWordsAsTheBuildDoes() {
        let post = Post(sourcePath: "Content/posts/p.md", slug: "p", title: "P", date: PostDate(year: 2017, month: 1, day: 1),
                        body: "```swift title=\"A.swift\" {2} linenos program=a\nlet a = 1\nlet b = a\n```\n", bodyFirstLine: 3)
        let (blocks, diagnostics) = SnippetExtractor(markdown: .init()).blocks(of: post)
        #expect(diagnostics.isEmpty)
        #expect(blocks.map(\.attributes.program) == ["a"])
    }

    @Test(.enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
    func checkSnippetsPassesABlockWithDisplayWords() throws {
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: """
            ```swift title="A.swift" {2} linenos
            let a = 1
            let b = a + 1
            ```

            ```swift {linenos=table,hl_lines=[1]} wrap nocopy
            print(b)
            ```
            """)])
        defer { site.remove() }
        let report = try SnippetChecker(options: .init(siteRoot: site.root, toolchain: SnippetFixtures.toolchain!)).check()
        #expect(report.results.count == 2)
        let passed = report.results.allSatisfy { $0.isPassed }
        #expect(passed, "\(report.results.map(\.outcome))")
    }

    // MARK: What the page shows

    @Test func aPlainBlockIsAFigureWithItsLanguageAndAFocusablePre() throws {
        let page = try Self.built("```text\nlet a < b\n```\n\n```\nno language\n```\n")
        #expect(Self.figures(page) == [
            "<figure class=\"code\">\n<figcaption><span class=\"code-language\">Text</span></figcaption>\n<pre tabindex=\"0\"><code class=\"language-text\">let a &lt; b\n</code></pre>\n</figure>",
            "<figure class=\"code\">\n<pre tabindex=\"0\"><code>no language\n</code></pre>\n</figure>",
        ])
        #expect(page.contains("<script src=\"/js/code.js\" defer data-copy=\"Copy\" data-copied=\"Copied\" data-failed=\"Copy failed\"></script>"), "the copy button's script, with its words")
    }

    @Test func theTitleIsTheCaptionEscapedOnce() throws {
        let page = try Self.built("```swift title=\"Sources/A&amp;B/Array<Int>.swift\"\nlet a = 1\n```\n")
        let figure = try #require(Self.figures(page).first)
        #expect(figure.contains("<figcaption><span class=\"code-title\">Sources/A&amp;B/Array&lt;Int&gt;.swift</span> <span class=\"code-language\">Swift</span></figcaption>"))
    }

    @Test func lineNumbersAndHighlightedLinesPutEachLineInAnElement() throws {
        let page = try Self.built("```swift linenos {2}\n/* a\n   b */\nlet c = 1\n```\n")
        let figure = try #require(Self.figures(page).first)
        #expect(figure.hasPrefix("<figure class=\"code code-linenos\">"))
        let code = try #require(figure.firstMatch(of: #/<code class="language-swift">(.*?)</code>/#.dotMatchesNewlines())).1
        let lines = code.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("<span class=\"line\"><span class=\"") && lines[0].hasSuffix("/* a</span></span>"), "the comment's span closed at the newline")
        #expect(lines[1].hasPrefix("<mark class=\"line\"><span class=\"") && lines[1].hasSuffix("   b */</span></mark>"), "and opened again")
        #expect(String(code).withoutHighlightSpans.replacing(#/<[^>]+>/#, with: "") == "/* a\n   b */\nlet c = 1\n", "the text as written, no number in it")
    }

    @Test func highlightedLinesCountTheShownLinesAndNumbersStartWhereAsked() throws {
        let page = try Self.built("```swift {linenos=true,linenostart=10,hl_lines=[2]}\n// snippet.hide\nlet hidden = 0\n// snippet.show\nlet a = 1\nlet b = 2\n```\n")
        let figure = try #require(Self.figures(page).first)
        #expect(figure.hasPrefix("<figure class=\"code code-linenos\" style=\"counter-reset: line 9\">"))
        #expect(!figure.contains("hidden"))
        #expect(figure.matches(of: #/<mark class="line">/#).count == 1)
        #expect(figure.firstMatch(of: #/<mark class="line">(.*?)</mark>/#).map { String($0.1).withoutHighlightSpans } == "let b = 2")
    }

    @Test func aDiffIsColouredByLineAndADiffOfSwiftIsHighlightedInside() throws {
        let diff = "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n let a = 1\n-let b = a\n+let b = a + 1\n"
        let page = try Self.built("```diff\n\(diff)```\n\n```diff-swift\n\(diff)```\n\n```diff lang=swift\n\(diff)```\n")
        let figures = Self.figures(page)
        #expect(figures.count == 3)
        #expect(figures[0].contains("<span class=\"line gh\">--- a/A.swift</span>\n<span class=\"line gh\">+++ b/A.swift</span>\n<span class=\"line gu\">@@ -1,2 +1,2 @@</span>\n<span class=\"line\"> let a = 1</span>\n<span class=\"line gd\">-let b = a</span>\n<span class=\"line gi\">+let b = a + 1</span>\n"))
        #expect(figures[0].contains("<span class=\"code-language\">Diff</span>"))
        for figure in figures.dropFirst() {
            #expect(figure.contains("<span class=\"code-language\">Diff (Swift)</span>"))
            let inserted = try #require(figure.firstMatch(of: #/<span class="line gi">(.*?)</span>\n/#)).1
            #expect(inserted.hasPrefix("+<span class=\""), "the marker, then Swift's spans")
            #expect(String(inserted).withoutHighlightSpans == "+let b = a + 1")
            #expect(inserted.contains(">let</span>"), "let is a keyword of its own span")
        }
        #expect(figures[1].withoutHighlightSpans.replacing(#/<[^>]+>/#, with: "") == figures[0].replacing(#/<[^>]+>/#, with: "").replacingOccurrences(of: "Diff", with: "Diff (Swift)"))
    }

    @Test func siteDefaultsNumberWrapAndDropTheCopyButtonAndAFenceOverridesThem() throws {
        let page = try Self.built("```swift\nlet a = 1\n```\n\n```swift nolinenos nowrap copy\nlet b = 2\n```\n",
                                  config: "code:\n  line_numbers: true\n  wrap: true\n  copy: false\n")
        let figures = Self.figures(page)
        #expect(figures[0].hasPrefix("<figure class=\"code code-linenos code-wrap code-nocopy\">"))
        #expect(figures[0].contains("<span class=\"line\">"))
        #expect(figures[1].hasPrefix("<figure class=\"code\">"))
        #expect(!figures[1].contains("class=\"line"))
    }

    @Test func theCopyScriptIsPublishedAndSkipsPromptsAndOutput() throws {
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: "```swift\nlet a = 1\n```\n")])
        defer { site.remove() }
        _ = try site.build()
        let script = try #require(site.read("js/code.js"))
        #expect(script.contains("querySelectorAll(\".gp, .go\")"))
        #expect(script.contains("figure.code:not(.code-nocopy)"))
    }

    @Test func theLineSplitterClosesAndReopensSpans() {
        #expect(HighlightedLines.split("<span class=\"c\">/* a\nb */</span> x\n") == ["<span class=\"c\">/* a</span>", "<span class=\"c\">b */</span> x"])
        #expect(HighlightedLines.split("a\n\nb\n") == ["a", "", "b"])
        #expect(HighlightedLines.split("") == [""])
        #expect(HighlightedLines.split("<span class=\"a\"><span class=\"b\">x\ny</span></span>") == [
            "<span class=\"a\"><span class=\"b\">x</span></span>", "<span class=\"a\"><span class=\"b\">y</span></span>"])
    }
}
