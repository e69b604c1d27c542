import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// What check-snippets proved, on the page: the compiler's message under a `fails=` block,
/// a `run` block's output, "Code checked with Swift …"; and "not checked" where the record
/// does not know the block. The build itself never runs the compiler.
@Suite("Snippets: checked output on the page", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetPageTests {
    static let body = """
        ```swift module=Lib
        open class Base {}
        public class Sealed { public init() {} }
        ```

        ```swift fails="cannot inherit from non-open class 'Sealed' outside of its defining module"
        import Lib
        // snippet.hide
        let hidden = 1
        // snippet.show
        class Mine: Sealed {}
        ```

        ```swift run
        print("a < b") // Prints "a < b"
        ```

        ```swift program=two run
        print(6 * 7)
        ```
        ```output
        42
        ```
        """

    static func site(_ body: String = body) -> FixtureSite {
        FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: body)])
    }

    static func check(_ site: FixtureSite) throws -> SnippetReport {
        // The site's own cache folder: the record goes where the build reads it.
        try SnippetChecker(options: .init(siteRoot: site.root, toolchain: SnippetFixtures.toolchain!)).check()
    }

    static var version: String {
        SnippetFixtures.toolchain!.version(cacheFolder: FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-version-cache"))
    }

    @Test func checkedMessagesAndOutputAreShownUnderTheirBlocks() throws {
        let site = Self.site()
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(report.summaryLine == "4 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        let version = Self.version
        #expect(page.contains("""
            <figure class="snippet-check snippet-check-error">
            <figcaption>Swift \(version) reports:</figcaption>
            <pre><code>error: cannot inherit from non-open class &#39;Sealed&#39; outside of its defining module
            2 | class Mine: Sealed {}
              |       ^</code></pre>
            </figure>
            """), "the line as the reader sees it, the hidden ones left out")
        #expect(page.contains("""
            <figure class="snippet-check snippet-check-output">
            <figcaption>Output, checked with Swift \(version):</figcaption>
            <pre><code>a &lt; b</code></pre>
            </figure>
            """), "escaped once")
        #expect(page.contains("<figcaption>Output, checked with Swift \(version):</figcaption>\n<pre><code>42</code></pre>"))
        #expect(!page.contains("language-output"), "the output block is shown as the checked output")
        #expect(page.contains("<p class=\"snippets-checked\">Code checked with Swift \(version).</p>"))
        #expect(!page.contains("not checked") && !page.contains("&amp;"))
    }

    /// Issue 27, finding 5: a program with two `run` blocks showed the first as "as written
    /// in the post (not checked)" and both outputs under the second.
    @Test func eachRunBlockOfAProgramShowsWhatItPrinted() throws {
        let site = Self.site("""
            We start with a greeting:

            ```swift run
            func greet(_ word: String) { print(word) }
            greet("first")
            ```
            ```output
            first
            ```

            A helper, not run on its own:

            ```swift
            let next = "second"
            ```

            Then a second one:

            ```swift run
            greet(next)
            ```
            ```output
            second
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(report.summaryLine == "3 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        #expect(report.results.map(\.output) == ["first\n", nil, "second\n"])
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        let checked = "<figcaption>Output, checked with Swift \(Self.version):</figcaption>\n"
        #expect(page.contains(checked + "<pre><code>first</code></pre>"), "\(page)")
        #expect(page.contains(checked + "<pre><code>second</code></pre>"))
        #expect(!page.contains("not checked") && !page.contains("first\nsecond"))
    }

    @Test func aBlockTheRecordDoesNotKnowShowsWhatThePostWroteMarkedNotChecked() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try Self.check(site)
        // Edited after the check: the record no longer matches the block.
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01", body: Self.body
            .replacingOccurrences(of: "class Mine", with: "class Yours")
            .replacingOccurrences(of: "print(6 * 7)", with: "print(7 * 6)")))
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        #expect(page.contains("""
            <figure class="snippet-check snippet-check-unchecked">
            <figcaption>Expected error, as written in the post (not checked):</figcaption>
            <pre><code>error: cannot inherit from non-open class &#39;Sealed&#39; outside of its defining module</code></pre>
            </figure>
            """))
        #expect(page.contains("<figcaption>Output, as written in the post (not checked):</figcaption>\n<pre><code>42</code></pre>"),
                "the output block belongs to the edited run block: its program is no longer the one checked")
        #expect(!page.contains("snippets-checked"), "not every block is known to pass")
    }

    @Test func withoutARecordEveryExpectationIsMarkedNotChecked() throws {
        let site = Self.site("```swift fails=superclass_not_open\nclass A: B {}\n```\n\n```swift\nlet plain = 1\n```\n")
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        #expect(page.contains("<figcaption>Expected error, as written in the post (not checked):</figcaption>\n<pre><code>error [superclass_not_open]</code></pre>"))
        #expect(page.components(separatedBy: "<figure class=\"snippet-check").count == 2, "a plain block gets nothing under it")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".sitegen-cache/snippets").path),
                "the build never checks snippets itself")
    }

    @Test func shownLineNumbersSkipHiddenLines() {
        #expect(HiddenLines.shownLineNumbers("a\n// snippet.hide\nb\n// snippet.show\nc\n") == [1, nil, nil, nil, 2, 3])
    }
}

/// The blog: every block proven, and the access-modifier post shows today's messages.
@Suite("Snippets: the blog's checked pages", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct BlogCheckedPageTests {
    @Test func everyBlockIsProvenAndTheAccessModifierPostShowsTheCompilersMessages() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-blog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Themes"] {
            try FileManager.default.copyItem(at: SharedFolder.projectRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let report = try SnippetChecker(options: .init(siteRoot: root, toolchain: SnippetFixtures.toolchain!)).check()
        #expect(report.failed == 0 && report.notProven == 0, "\(SnippetFixtures.failures(report))")
        #expect(report.passed >= 38)
        let output = root.appendingPathComponent("Output")
        _ = try SiteBuilder(options: .init(siteRoot: root, output: output)).build()
        let page = try String(contentsOf: output.appendingPathComponent("posts/swift-access-modifiers/index.html"), encoding: .utf8)
        let version = SnippetPageTests.version
        #expect(page.components(separatedBy: "<figcaption>Swift \(version) reports:</figcaption>").count == 8, "seven fails= blocks")
        #expect(page.contains("error: cannot inherit from non-open class &#39;publicClass&#39; outside of its defining module\n2 | class mySubclass: publicClass {}\n  |       ^"))
        #expect(!page.contains("Cannot inherit from non-open class"), "the hand-typed 2017 message is gone")
        #expect(!page.contains("not checked"))
        let viper = try String(contentsOf: output.appendingPathComponent("posts/viper-interactor-and-entity/index.html"), encoding: .utf8)
        #expect(viper.contains("<p class=\"snippets-checked\">Code checked with Swift \(version).</p>"))
    }
}
