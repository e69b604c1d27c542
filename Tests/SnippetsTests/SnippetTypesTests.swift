import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// Issue 28: what the compiler knows, on the page. check-snippets records the types of each
/// checked block's identifiers (from the typed AST of the compile it runs anyway), the build
/// shows them on hover and focus and answers `// ^?` queries, never running the compiler.
@Suite("Snippets: types on hover and // ^? queries", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetTypesTests {
    static let post = """
        Swift infers most types for us. Here a closure's type comes from its context:

        ```swift
        let names = ["Ada", "Grace"]
        let lengths = names.map { $0.count }
        //                  ^?
        let adder = { (x: Int) in x + 1 }
        let letters = names.reduce(0) { total, name in total + name.count }
        ```

        A generic function keeps its signature; a function can hide its result's type:

        ```swift
        func pair<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }
        func evens() -> some Sequence { stride(from: 0, to: 10, by: 2) }
        let same = pair(adder(1), 2)
        let numbers = evens()
        ```
        """

    static func site(_ body: String = post, config: String = "") -> FixtureSite {
        FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2017-01-01", body: body)],
                    config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n" + config)
    }

    static func check(_ site: FixtureSite) throws -> SnippetReport {
        try SnippetChecker(options: .init(siteRoot: site.root, toolchain: SnippetFixtures.toolchain!)).check()
    }

    /// The popover of one identifier, as the page writes it.
    static func popover(_ name: String, _ text: String, link: String? = nil) -> String {
        "<span class=\"type-ref\" tabindex=\"-1\">\(name)<span class=\"type-pop\" role=\"tooltip\"><code>\(text)</code>"
            + (link.map { " <a href=\"\($0)\">Documentation</a>" } ?? "") + "</span></span>"
    }

    @Test func closuresGenericsAndOpaqueResultsShowTheirTypesAndAQueryItsAnswer() throws {
        let site = Self.site()
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(report.summaryLine == "2 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        // A closure's inferred type, on the constant and on its use.
        #expect(page.contains(Self.popover("adder", "let adder: (Int) -&gt; Int")))
        #expect(page.contains(Self.popover("$0", "$0: String")), "the closure's anonymous parameter")
        #expect(page.contains("{ " + Self.popover("total", "total: Int") + ", " + Self.popover("name", "name: String") + " <span class=\"k\">in</span>"),
                "a closure's parameters where they are declared")
        #expect(page.contains(Self.popover("x", "x: Int") + ": <span class=\"kt\">Int</span>"))
        #expect(page.contains(Self.popover("adder", "adder: (Int) -&gt; Int")), "a use in the next block of the program")
        // A generic function's signature, and its type where it is called with Int.
        #expect(page.contains(Self.popover("pair", "func pair&lt;T: Equatable&gt;(_ a: T, _ b: T) -&gt; Bool")))
        #expect(page.contains(Self.popover("a", "a: T")), "a generic parameter by its written name, not the demangler's A")
        #expect(page.contains(Self.popover("pair", "pair(_:_:): (Int, Int) -&gt; Bool")))
        // An opaque result type, as `some Sequence`.
        #expect(page.contains(Self.popover("evens", "func evens() -&gt; some Sequence")))
        #expect(page.contains(Self.popover("numbers", "let numbers: some Sequence")))
        // Standard library symbols link to Apple's documentation.
        #expect(page.contains(Self.popover("count", "count: Int", link: "https://developer.apple.com/documentation/swift/string/count")))
        #expect(page.contains(Self.popover("map", "map(_:): ((String) -&gt; Int) -&gt; [Int]",
                                           link: "https://developer.apple.com/documentation/swift/collection/map(_:)")))
        // The query: its comment is gone, its answer is under the line, at the caret's column.
        #expect(!page.contains("^?"))
        #expect(page.contains("}<span class=\"type-query\">\n" + String(repeating: " ", count: 20)
            + "<span class=\"type-query-box\">map(_:): ((String) -&gt; Int) -&gt; [Int]</span></span>\n<span class=\"k\">let</span>"))
        // The list after the code: each name once, for screen readers and keyboards.
        #expect(page.contains("<details class=\"code-types\"><summary>Types</summary>\n<ul>\n<li><code>names</code>: <code>let names: [String]</code></li>\n"))
        #expect(page.components(separatedBy: "<li><code>adder</code>").count == 3, "adder once in each of its two blocks")
        #expect(page.contains("<figure class=\"code code-types\">"))
        #expect(!page.contains("$s") && !page.contains("Swift.String"), "demangled, without the module")
        // Feeds carry the code and the queries' answers, not the popovers.
        let feed = try #require(site.read("feed.json"))
        #expect(!feed.contains("type-pop") && !feed.contains("type-ref") && !feed.contains("<details") && feed.contains("type-query-box"))
    }

    @Test func aBlockThatDidNotCompileHasNoTypesAndItsQueryIsAnError() throws {
        let site = Self.site("""
            A mistake readers make:

            ```swift
            let count: Int = "three"
            let doubled = count * 2
            //             ^?
            ```
            """)
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: """
            What the compiler says:

            ```swift fails=cannot_convert_initializer_value
            let word: Int = "one"
            //  ^?
            ```
            """))
        defer { site.remove() }
        let report = try Self.check(site)
        let failures = SnippetFixtures.failures(report)
        #expect(failures.contains("Content/posts/p.md:11:16: error: `// ^?` in a block that did not compile: no type to show (it does not compile)"),
                "\(failures)")
        #expect(failures.contains { $0.hasPrefix("Content/posts/q.md:10:5: error: `// ^?` in a block that did not compile: no type to show (types are recorded") },
                "\(failures)")
        #expect(report.fails)
        _ = try site.build()
        for page in [try #require(site.read("posts/p/index.html")), try #require(site.read("posts/q/index.html"))] {
            #expect(!page.contains("type-ref") && !page.contains("type-query") && !page.contains("code-types"))
            #expect(!page.contains("^?"), "a query's comment is never shown, answered or not")
        }
    }

    @Test func aQueryPointingAtNothingIsAnErrorAtItsCaret() throws {
        let site = Self.site("""
            ```swift
            let greeting = "Hello"
            //          ^?
            let shout = greeting.uppercased()
            //^?
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        let failures = SnippetFixtures.failures(report)
        #expect(failures == ["Content/posts/p.md:8:13: error: `// ^?` points at nothing: no identifier the compiler typed is above the caret",
                             "Content/posts/p.md:10:3: error: `// ^?` points at nothing: no identifier the compiler typed is above the caret"],
                "the blank after greeting; the `let` keyword")
    }

    @Test func aRecordOfAnotherSwiftSaysWhichAndNotypesTurnsPopoversOff() throws {
        let site = Self.site("""
            ```swift
            let names = ["Ada"]
            ```

            ```swift notypes
            let first = names.first
            //                ^?
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(report.summaryLine == "2 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        // As a record made by an older compiler reads: the last check was another Swift.
        let versionFile = ".sitegen-cache/snippets/verified-swift-version"
        let current = try String(contentsOf: site.root.appendingPathComponent(versionFile), encoding: .utf8)
        site.write(versionFile, "9.9")
        _ = try site.build()
        var page = try #require(site.read("posts/p/index.html"))
        #expect(page.contains("<summary>Types from Swift \(current)</summary>"))
        #expect(page.contains(Self.popover("names", "let names: [String]")))
        let second = try #require(page.range(of: "let</span> first"))
        #expect(!page[second.lowerBound...].contains("type-ref"), "notypes: no popover in the second block")
        #expect(page.contains("<span class=\"type-query-box\">first: String?</span>"), "its query is answered still")
        // Off for the whole site.
        site.write(versionFile, current)
        site.write("Content/site.yml", "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\ncode:\n  types: false\n")
        _ = try site.build()
        page = try #require(site.read("posts/p/index.html"))
        #expect(!page.contains("type-ref") && !page.contains("Types from"))
        #expect(page.contains("<span class=\"type-query-box\">first: String?</span>"))
    }
}

extension SnippetTypesTests {
    /// One extra compile at most: none for a program that is type-checked (its -dump-ast is
    /// the check), one for a `run` program that ran as it should.
    @Test func aTypeCheckedProgramCostsNoExtraCompileARunProgramOne() throws {
        let checked = Self.site("```swift\nlet greeting = \"Hello\"\n```\n")
        let ran = Self.site("```swift run\nlet greeting = \"Hello\"\nprint(greeting) // Prints \"Hello\"\n```\n")
        defer { checked.remove(); ran.remove() }
        // Each site's own cache: a fresh compile for each.
        let checkedReport = try Self.check(checked)
        let ranReport = try Self.check(ran)
        #expect(checkedReport.compilerProcesses == 1 && ranReport.compilerProcesses == 2, "\(checkedReport.compilerProcesses), \(ranReport.compilerProcesses)")
        _ = try ran.build()
        let page = try #require(ran.read("posts/p/index.html"))
        #expect(page.contains(Self.popover("greeting", "let greeting: String")))
        #expect(page.contains("<figcaption>Output, checked with Swift"), "the run's output as before")
    }

    @Test func hiddenLinesAndNumberedLinesKeepTheirPlaces() throws {
        let site = Self.site("""
            ```swift linenos {2}
            // snippet.hide
            let start = 1
            // snippet.show
            let total = [1, 2].reduce(start, +)
            //  ^?
            print(total)
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(report.summaryLine == "1 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        #expect(page.contains("<code class=\"language-swift\"><span class=\"line\"><span class=\"k\">let</span> " + Self.popover("total", "let total: Int")),
                "the hidden lines are not shown, the first shown line is line 1")
        #expect(page.contains("+</span>)<span class=\"type-query\">\n    <span class=\"type-query-box\">let total: Int</span></span></span>\n<mark class=\"line\">"),
                "the answer inside line 1, line 2 highlighted as {2} says")
        #expect(!page.contains("let start") && page.contains("<li><code>start</code>: <code>start: Int</code></li>"),
                "the list names what a reader sees: the use, not the hidden declaration")
    }
}

/// Apple's documentation URLs, derived from the symbol as the demangler names it.
@Suite("Apple documentation links")
struct AppleDocumentationTests {
    @Test(arguments: [
        ("s:SS5countSivp", "String.count", "https://developer.apple.com/documentation/swift/string/count"),
        ("s:Sa6appendyyxnF", "Array.append(_:)", "https://developer.apple.com/documentation/swift/array/append(_:)"),
        ("s:s5print_9separator10terminatoryypd_S2StF", "print(_:separator:terminator:)",
         "https://developer.apple.com/documentation/swift/print(_:separator:terminator:)"),
        ("s:SlsE3mapySayqd__Gqd__7ElementQzqd_0_YKXEqd_0_YKs5ErrorRd_0_r0_lF", "Collection.map<A, B>(_:)",
         "https://developer.apple.com/documentation/swift/collection/map(_:)"),
        ("s:Sa12arrayLiteralSayxGxd_tcfc", "Array.init(arrayLiteral:)", "https://developer.apple.com/documentation/swift/array/init(arrayliteral:)"),
        ("s:SD5countSivp", "Dictionary.count", "https://developer.apple.com/documentation/swift/dictionary/count"),
        ("s:20FoundationEssentials4DateV", "Date", "https://developer.apple.com/documentation/foundation/date"),
        ("s:10Foundation4DateV3nowACvpZ", "Date.now", "https://developer.apple.com/documentation/foundation/date/now"),
        ("s:SlsE5firstABSg7ElementQzvp", "(extension in Swift):Collection.first", "https://developer.apple.com/documentation/swift/collection/first"),
    ])
    func standardLibraryAndFoundationSymbolsLink(usr: String, symbol: String, url: String) {
        #expect(AppleDocumentation.url(usr: usr, symbol: symbol) == url)
    }

    @Test func othersArePlain() {
        #expect(AppleDocumentation.url(usr: "s:4main4pairySbx_xtSQRzlF", symbol: "pair<A>(_:_:)") == nil, "the post's own")
        #expect(AppleDocumentation.url(usr: "s:5UIKit6UIViewC", symbol: "UIView") == nil, "a stub module")
        #expect(AppleDocumentation.url(usr: "s:SQ2eeoiySbx_xtFZ", symbol: "Equatable.== infix(_:_:)") == nil, "an operator")
    }
}

/// Feeds carry a typed body without its popovers and list: the names stay, in place.
@Suite("Types in feeds")
struct TypesInFeedsTests {
    @Test func feedsKeepTheNamesAndDropThePopoversAndTheList() {
        func ref(_ name: String, _ type: String) -> String {
            CodeTypesHTML.refOpen + name + CodeTypesHTML.popOpen + "<code>" + type + "</code></span></span>"
        }
        let list = CodeTypesHTML.listOpen + "<summary>Types</summary>\n<ul>\n<li><code>a</code>: <code>Int</code></li>\n</ul>\n</details>\n"
        let body = "<p>x &lt; y</p>\n<pre><code>let " + ref("a", "let a: Int") + " = " + ref("b", "func b() -&gt; Int") + "()\n</code></pre>\n"
            + list + "<p>then</p>\n<pre><code>" + ref("c", "var c: [String]") + ".count\n</code></pre>\n" + list + "<p>end</p>\n"
        #expect(CodeTypesHTML.feedHTML(body) == "<p>x &lt; y</p>\n<pre><code>let a = b()\n</code></pre>\n<p>then</p>\n<pre><code>c.count\n</code></pre>\n<p>end</p>\n")
        #expect(CodeTypesHTML.feedHTML("<p>no types</p>") == "<p>no types</p>")
    }

    @Test(arguments: [
        ("// ^?", 4), ("//^?", 3), ("    //      ^?", 13), ("\t// ^?\r", 5), ("// ^?  \t", 4),
        ("// ^? x", nil), ("let x = 1 // ^?", nil), ("// ^", nil), ("/ ^?", nil), ("// é ^?", nil), ("", nil), ("^?", nil),
    ] as [(String, Int?)])
    func aQueryLineIsBlanksSlashesBlanksAndTheCaret(line: String, column: Int?) {
        #expect(TypeQueries.caretColumn(Substring(line)) == column)
    }
}
