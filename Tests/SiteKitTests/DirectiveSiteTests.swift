import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// DocC-style block directives in posts (issue 24): the built-ins, their errors, and every
/// part of the build that reads a body.
@Suite("Directives in the site")
struct DirectiveSiteTests {
    /// A 3×2 PNG's first 24 bytes (signature, IHDR).
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]

    static func site(_ body: String, files: [String: String] = [:], config: String = "") -> FixtureSite {
        var all = files
        all["Content/posts/tabs.md"] = FixtureSite.post("title: Tabs\ndate: 2024-01-02", body: body)
        all["Content/posts/other.md"] = FixtureSite.post("title: Other\ndate: 2024-01-01", body: "Text.\n\n## Details\n\nMore.\n")
        let site = FixtureSite(all, config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n" + config)
        site.write("Content/static/images/shot.png", bytes: png)
        return site
    }

    static func page(_ body: String, files: [String: String] = [:]) throws -> String {
        let site = site(body, files: files)
        defer { site.remove() }
        _ = try site.build()
        return try #require(site.read("posts/tabs/index.html")).withoutCodeFigures
    }

    static func errors(_ body: String, files: [String: String] = [:]) -> [String] {
        let site = site(body, files: files)
        defer { site.remove() }
        return site.failingBuild().flatMap { [$0.headline] + $0.notes.map(\.headline) }
    }

    @Test func tabNavigatorRendersEveryTabStackedWithLabels() throws {
        let page = try Self.page("""
            Intro.

            @TabNavigator {
                @Tab("Swift") {
                    ## In Swift

                    ```swift
                    let x = 1
                    ```
                }
                @Tab("Objective-C") {
                    ```objc
                    int x = 1;
                    ```
                }
            }

            After.
            """)
        #expect(page.contains("<div class=\"tabs\" data-tabs>\n<div class=\"tab-panel\" id=\"tabs-tabs-1-swift\">\n<p class=\"tab-label\" id=\"tabs-tabs-1-swift-label\">Swift</p>\n<h2"))
        #expect(page.withoutHighlightSpans.contains("<p class=\"tab-label\" id=\"tabs-tabs-1-objective-c-label\">Objective-C</p>\n<pre><code class=\"language-objc\">int x = 1;\n</code></pre>\n</div>\n</div>\n<p>After.</p>"))
        #expect(page.contains("<script src=\"/js/directives.js\" defer></script>"))
    }

    @Test func tabsInTheFeedShowEveryTabAndNoScript() throws {
        let site = Self.site("@TabNavigator {\n@Tab(\"Swift\") {\nIn Swift.\n}\n@Tab(\"Objective-C\") {\nIn ObjC.\n}\n}\n")
        defer { site.remove() }
        _ = try site.build()
        let feed = try #require(site.read("atom.xml"))
        #expect(feed.contains("In Swift.") && feed.contains("In ObjC.") && feed.contains("Objective-C"))
        #expect(!feed.contains("<script") && !feed.contains("&lt;script"))
    }

    @Test func headingsInTabsAreInTheTableOfContents() throws {
        let page = try Self.page("""
            ## One

            @TabNavigator {
                @Tab(title: "A") {
                    ## Two
                }
                @Tab(title: "B") {
                    ### Three
                }
            }
            """)
        #expect(page.contains("<a href=\"#two\">Two</a>"))
        #expect(page.contains("<a href=\"#three\">Three</a>"))
    }

    @Test func imageIsAFigureWithTheFilesSizeAndTheBodyAsCaption() throws {
        let page = try Self.page("""
            @Image(source: "/images/shot.png", alt: "The \\"settings\\" screen") {
                The settings screen, see [other](other.md).
            }
            """)
        #expect(page.contains("<figure class=\"figure\">\n<img src=\"/images/shot.png\" alt=\"The &quot;settings&quot; screen\" width=\"3\" height=\"2\">\n"
                              + "<figcaption>\n<p>The settings screen, see <a href=\"/posts/other/\">other</a>.</p>\n</figcaption>\n</figure>"))
    }

    @Test func imageBesideThePostInItsPageBundle() throws {
        let site = FixtureSite(["Content/posts/trip/index.md": FixtureSite.post("title: Trip\ndate: 2024-01-02",
                                                                                body: "@Image(source: \"map.png\", alt: \"Map\")\n")])
        defer { site.remove() }
        site.write("Content/posts/trip/map.png", bytes: Self.png)
        _ = try site.build()
        let page = try #require(site.read("posts/trip/index.html"))
        #expect(page.contains("<img src=\"/posts/trip/map.png\" alt=\"Map\" width=\"3\" height=\"2\""))
    }

    @Test func imageWithoutItsFileIsAnErrorAtTheArgument() {
        let errors = Self.errors("Text.\n\n@Image(source: \"/images/missing.png\", alt: \"x\")\n")
        #expect(errors.contains { $0.hasPrefix("Content/posts/tabs.md:8:16: error:") && $0.contains("/images/missing.png") }, "\(errors)")
    }

    @Test func proseAndCodeAboutAttributesStayText() throws {
        let body = """
            @MainActor is how you say it. @State too:

            @MainActor
            final class Model {}

            ```
            @TabNavigator {
            @Image(source: "x.png", alt: "y")
            ```

                @Image(source: "indented.png", alt: "code")

            `@Details(summary: "x")` and @objc.

            @Image is DocC's directive for figures.
            """
        let page = try Self.page(body)
        #expect(page.contains("<p>@MainActor is how you say it. @State too:</p>\n<p>@MainActor\nfinal class Model {}</p>"))
        #expect(page.contains("@TabNavigator {\n@Image(source: &quot;x.png&quot;, alt: &quot;y&quot;)\n</code></pre>"))
        #expect(page.contains("<pre><code>@Image(source: &quot;indented.png&quot;, alt: &quot;code&quot;)\n</code></pre>"))
        #expect(page.contains("<p><code>@Details(summary: &quot;x&quot;)</code> and @objc.</p>"))
        #expect(page.contains("<p>@Image is DocC's directive for figures.</p>"))
        #expect(!page.contains("<figure class=\"figure") && !page.contains("data-tabs") && !page.contains("directives.js"))
    }

    @Test func commentIsNeverRendered() throws {
        let site = Self.site("""
            @Comment {
                Secret draft note with [a broken link](nowhere.md).
            }

            Visible first paragraph.
            """)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/tabs/index.html"))
        #expect(!page.contains("Secret"))
        #expect(page.contains("<meta name=\"description\" content=\"Visible first paragraph.\">"))
        for feed in ["atom.xml", "rss.xml", "feed.json", "index.html"] {
            #expect(try #require(site.read(feed)).contains("Secret") == false, "\(feed)")
        }
    }

    @Test func commentsTabsAndDetailsCountTheirWordsOnce() throws {
        let body = "One two.\n\n@Comment {\nthree four five\n}\n\n@Details(summary: \"More\") {\nsix seven\n}\n"
        let settings = SiteConfig.MarkdownSettings()
        let document = try PostBodyParser(settings: settings).document(for: body, file: "p.md", firstLine: 1)
        let lowered = DirectiveLowering(file: "p.md", idPrefix: "", hrefs: [:], targets: [:], assets: SiteAssets(),
                                        components: ComponentTemplates([])).lower(document.blocks)
        var result = document
        result.blocks = lowered.blocks
        #expect(WordCounter.count(result) == 4)
    }

    @Test func videoEmbedsMakeNoRequestToAnotherSite() throws {
        let page = try Self.page("""
            @YouTube(id: "dQw4w9WgXcQ", title: "WWDC talk")

            @Vimeo(id: 76979871)

            @Gist(id: "octocat/6cad326836d38bd3a7ae")
            """)
        #expect(page.contains("<figure class=\"video-embed\" data-embed=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1\" data-embed-title=\"WWDC talk\">\n"
                              + "<a class=\"video-embed-link\" href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\">"))
        #expect(page.contains("href=\"https://vimeo.com/76979871\""))
        #expect(page.contains("<p class=\"gist-card\"><a href=\"https://gist.github.com/octocat/6cad326836d38bd3a7ae\">"))
        // Nothing the browser loads by itself from elsewhere: no iframe, no remote script or image.
        #expect(!page.contains("<iframe") && !page.contains("src=\"https://") && !page.contains("gist.github.com/octocat/6cad326836d38bd3a7ae.js"))
        #expect(page.contains("<script src=\"/js/directives.js\" defer></script>"))
    }

    @Test func badVideoIDIsAnError() {
        let errors = Self.errors("@YouTube(id: \"https://youtu.be/x\")\n")
        #expect(errors.contains { $0.hasPrefix("Content/posts/tabs.md:6:14: error:") && $0.contains("no YouTube video id") }, "\(errors)")
    }

    @Test func rowsColumnsSmallDetailsAndVideo() throws {
        let page = try Self.page("""
            @Row {
                @Column(size: 2) {
                    Wide.
                }
                @Column {
                    Narrow.
                }
            }

            @Small {
                Fine print.
            }

            @Details(summary: "Why <this>?") {
                Because.
            }

            @Video(source: "/images/shot.png", poster: "/images/shot.png", alt: "Demo")
            """)
        #expect(page.contains("<div class=\"directive-row\">\n<div class=\"directive-column column-size-2\">\n<p>Wide.</p>\n</div>\n"
                              + "<div class=\"directive-column column-size-1\">\n<p>Narrow.</p>\n</div>\n</div>"))
        #expect(page.contains("<div class=\"directive-small\">\n<p>Fine print.</p>\n</div>"))
        #expect(page.contains("<details class=\"details\">\n<summary>Why &lt;this&gt;?</summary>\n<p>Because.</p>\n</details>"))
        #expect(page.contains("<video controls preload=\"metadata\" src=\"/images/shot.png\" poster=\"/images/shot.png\" aria-label=\"Demo\">"))
    }

    @Test func mistakesInCallsAreErrorsAtTheirPlace() {
        let errors = Self.errors("""
            @Image(sorce: "/images/shot.png", alt: "x")

            @Image(alt: "x")

            @Tab("Loose") {
                Text.
            }

            @Column(size: wide) {
                Text.
            }

            @Details(summary: "x") {
                Never closed.
            """)
        let expected = [
            "Content/posts/tabs.md:6:1: error: @Image needs its argument 'source': @Image(source: …, alt: …)",
            "Content/posts/tabs.md:6:8: note: unknown argument 'sorce' of @Image (@Image takes source, alt); did you mean 'source'?",
            "Content/posts/tabs.md:8:1: note: @Image needs its argument 'source': @Image(source: …, alt: …)",
            "Content/posts/tabs.md:10:1: note: @Tab belongs directly inside @TabNavigator { … }",
            "Content/posts/tabs.md:14:1: note: @Column belongs directly inside @Row { … }",
            "Content/posts/tabs.md:14:15: note: argument 'size' of @Column must be a number, not 'wide'",
            "Content/posts/tabs.md:18:1: note: @Details's body is never closed: end it with a line holding only }",
        ]
        #expect(errors == expected, "\(errors)")
    }

    @Test func textOutsideAnyTabIsAnError() {
        let errors = Self.errors("@TabNavigator {\nStray.\n@Tab(\"A\") {\nIn.\n}\n}\n")
        #expect(errors == ["Content/posts/tabs.md:7:1: error: @TabNavigator holds only @Tab; this is outside any of them"], "\(errors)")
    }

    @Test func argumentSyntaxErrors() {
        #expect(Self.errors("@Image(source: a b, alt: x)\n").first?.contains("6:18: error: expected , or ) after the value of source") == true,
                "\(Self.errors("@Image(source: a b, alt: x)\n"))")
        #expect(Self.errors("@Image(source: \"a.png, alt: x)\n").first?.contains("6:16: error: this string is never closed") == true)
        #expect(Self.errors("@Details(summary: \"x\") { text\n}\n").first?.contains("6:26: error: text after @Details {") == true)
    }

    @Test func brokenLinksInBodiesAndArgumentsAreReportedWhereWritten() {
        let errors = Self.errors("""
            @TabNavigator {
                @Tab("A") {
                    See [gone](/posts/gone/).
                }
            }

            @Video(source: "/media/gone.mp4")
            """)
        #expect(errors.contains { $0.hasPrefix("Content/posts/tabs.md:8:") && $0.contains("/posts/gone/") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("Content/posts/tabs.md:12:16:") && $0.contains("/media/gone.mp4") }, "\(errors)")
    }

    @Test func multiLineArgumentsAndEscapes() throws {
        let page = try Self.page("""
            @Details(
                summary: "Say \\"hi\\" \\\\ bye"
            ) {
                Body.
            }
            """)
        #expect(page.contains("<summary>Say &quot;hi&quot; \\ bye</summary>\n<p>Body.</p>"))
    }

    @Test func aComponentRendersItsArgumentsAndBody() throws {
        let component = """
            {{!
            A warning box.
            arguments:
              title: text, required
              level: number, default 2
              link: url
            }}
            <aside class="box level-{{level}}"><p class="box-title">{{title}}</p>
            {{{body}}}
            </aside>
            """
        let page = try Self.page("""
            @WarningBox(title: "Mind <this>", link: "other.md") {
                Body with **bold** and [a link](other.md).
            }
            """, files: ["Content/components/warning-box.mustache": component])
        #expect(page.contains("<aside class=\"box level-2\"><p class=\"box-title\">Mind &lt;this&gt;</p>\n<p>Body with <strong>bold</strong> and <a href=\"/posts/other/\">a link</a>.</p>\n</aside>"))
    }

    @Test func componentCallsAreChecked() {
        let component = "{{!\narguments:\n  title: text, required\n}}\n<div>{{title}}</div>\n"
        let errors = Self.errors("@Note(titel: \"x\")\n\n@Note(title: \"y\") {\n  Lost body.\n}\n",
                                 files: ["Content/components/note.mustache": component])
        #expect(errors.first == "Content/posts/tabs.md:6:1: error: @Note needs its argument 'title': @Note(title: …)", "\(errors)")
        #expect(errors.contains("Content/posts/tabs.md:6:7: note: unknown argument 'titel' of @Note (@Note takes title); did you mean 'title'?"), "\(errors)")
    }

    @Test func aComponentWithoutBodyLosesNoBody() {
        let component = "{{!\narguments:\n  title: text, required\n}}\n<div>{{title}}</div>\n"
        let errors = Self.errors("@Note(title: \"y\") {\n  Lost body.\n}\n", files: ["Content/components/note.mustache": component])
        #expect(errors.first?.contains("6:1: error: @Note (Content/components/note.mustache) shows no {{body}}") == true, "\(errors)")
    }

    @Test func componentHeaderMistakesAreErrors() {
        let errors = Self.errors("Text.\n", files: ["Content/components/note.mustache": "{{!\narguments:\n  title: txet\n}}\n<div></div>\n",
                                                  "Content/components/image.mustache": "<div></div>\n"])
        #expect(errors.contains("Content/components/note.mustache:3:3: error: unknown argument type 'txet' of title; the types are text, number, boolean, url; did you mean 'text'?"), "\(errors)")
        #expect(errors.contains("Content/components/image.mustache: error: @Image is a built-in directive; give the component another name"), "\(errors)")
    }
}

/// Hostile directive shapes parse in linear time (see ``GrowthTests``).
@Suite("Directive growth", .serialized)
struct DirectiveGrowthTests {
    static func parse(_ text: String) throws -> MarkdownDocument {
        try MarkdownDocument.parse(text, options: SiteConfig.MarkdownSettings().options)
    }

    @Test func deepNestingAndUnclosedBodiesAreLinear() throws {
        try GrowthTests.expectLinear("8,000 to 32,000 unclosed @Details bodies") {
            try GrowthTests.times([8_000, 16_000, 32_000]) { count in
                let document = try Self.parse(String(repeating: "@Details(summary: \"x\") {\ntext\n", count: count))
                guard !document.directiveProblems.isEmpty else { throw CocoaError(.coderInvalidValue) }
            }
        }
        try GrowthTests.expectLinear("8,000 to 32,000 unclosed argument lists") {
            try GrowthTests.times([8_000, 16_000, 32_000]) { count in
                let document = try Self.parse(String(repeating: "@Image(source: x,\n", count: count))
                guard !document.directiveProblems.isEmpty else { throw CocoaError(.coderInvalidValue) }
            }
        }
        try GrowthTests.expectLinear("4,000 to 16,000 nested-then-closed tab groups") {
            try GrowthTests.times([4_000, 8_000, 16_000]) { count in
                let group = "@TabNavigator {\n@Tab(\"A\") {\n@Small {\ntext\n}\n}\n}\n"
                let document = try Self.parse(String(repeating: group, count: count))
                guard document.directiveProblems.isEmpty, document.blocks.count == count else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    @Test func nestingIsCapped() throws {
        let text = String(repeating: "@Details(summary: \"x\") {\n", count: 40) + "deep\n" + String(repeating: "}\n", count: 40)
        let document = try Self.parse(text)
        #expect(document.directiveProblems.contains { $0.line == 33 && $0.message.contains("nested more than 32 deep") })
    }

    /// A body without `@` at a line's start is parsed exactly as before directives existed.
    @Test func bodiesWithoutDirectivesParseAsBefore() throws {
        var plain = SiteConfig.MarkdownSettings().options
        plain.directives = MarkdownDirectiveCatalog()
        for text in ["# T\n\n@MainActor\nclass A {}\n\n- @State var x\n", "Mail me at a@b.com\n\n```swift\n@Image(source: x)\n```\n", "@Unknown(x: 1) {\nbody\n}\n"] {
            #expect(try Self.parse(text) == (try MarkdownDocument.parse(text, options: plain)).with(options: SiteConfig.MarkdownSettings().options))
        }
    }
}

extension MarkdownDocument {
    fileprivate func with(options: MarkdownOptions) -> MarkdownDocument {
        var copy = self
        copy.options = options
        return copy
    }
}

/// Serve's rebuild with its cache renders components as a full build does.
@Suite("Directive rebuilds")
struct DirectiveRebuildTests {
    @Test func editingAComponentRerendersThePostsThatCallIt() throws {
        let cache = RebuildCache()
        let site = FixtureSite([
            "Content/posts/one.md": FixtureSite.post("title: One\ndate: 2024-01-01", body: "@Note(title: \"Hi\") {\nBody.\n}\n"),
            "Content/posts/two.md": FixtureSite.post("title: Two\ndate: 2024-01-02", body: "No components.\n"),
            "Content/components/note.mustache": "{{!\narguments:\n  title: text, required\n}}\n<aside class=\"note\"><p>{{title}}</p>\n{{{body}}}\n</aside>\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        _ = try RebuildTests.expectRebuildEqualsFullBuild(site, "warm the cache", cache: cache)
        #expect(site.read("posts/one/index.html")?.contains("<aside class=\"note\"><p>Hi</p>\n<p>Body.</p>\n</aside>") == true)

        site.write("Content/components/note.mustache", "{{!\narguments:\n  title: text, required\n}}\n<div class=\"note-v2\"><b>{{title}}</b>\n{{{body}}}\n</div>\n")
        let changes = try RebuildTests.expectRebuildEqualsFullBuild(site, "edit the component", cache: cache)
        #expect(site.read("posts/one/index.html")?.contains("<div class=\"note-v2\"><b>Hi</b>\n<p>Body.</p>\n</div>") == true)
        #expect(changes.written.contains("posts/one/index.html"))

        // A component that now requires an argument the post lacks: the rebuild fails, the output stays.
        let before = site.outputSnapshot()
        site.write("Content/components/note.mustache", "{{!\narguments:\n  title: text, required\n  kind: text, required\n}}\n<div>{{{body}}}</div>\n")
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache) }
        #expect(site.outputSnapshot() == before)
    }
}

/// check-snippets finds Swift blocks in tabs, columns, details and components as blocks of
/// their post, at the file's lines and columns.
@Suite("Directives: Swift blocks for check-snippets")
struct DirectiveSnippetTests {
    @Test func swiftBlocksInsideDirectivesAreFoundAtTheirPlace() {
        let body = """
            @TabNavigator {
                @Tab("Swift") {
                    ```swift
                    let tab = 1
                    ```
                }
            }

            @Row {
              @Column {
                ```swift
                let column = 2
                ```
              }
            }

            @Details(summary: "More") {
            ```swift
            let details = 3
            ```
            }

            @Note {
                ```swift
                let component = 4
                ```
            }
            """
        var markdown = SiteConfig.MarkdownSettings()
        var diagnostics: [Diagnostic] = []
        markdown.components = [ComponentLoader.component(fileName: "note", file: "Content/components/note.mustache",
                                                         source: "<div>{{{body}}}</div>", &diagnostics)].compactMap { $0 }
        let post = Post(sourcePath: "Content/posts/p.md", slug: "p", title: "P", date: PostDate(year: 2024, month: 1, day: 1),
                        body: body, bodyFirstLine: 5)
        let (blocks, problems) = SnippetExtractor(markdown: markdown).blocks(of: post)
        #expect(problems.isEmpty && diagnostics.isEmpty)
        #expect(blocks.map(\.fenceLine) == [7, 15, 22, 28])
        #expect(blocks.map(\.indentation) == [8, 4, 0, 4])
        #expect(blocks.map(\.code) == ["let tab = 1\n", "let column = 2\n", "let details = 3\n", "let component = 4\n"])
    }
}

/// kramdown's idioms with the `kramdown` extension on (issue 24).
@Suite("kramdown in the site")
struct KramdownSiteTests {
    static let on = "markdown:\n  extensions: [table, strikethrough, autolink, tasklist, tagfilter, footnotes, callouts, kramdown]\n"

    static func build(_ body: String, config: String = on) throws -> (page: String, warnings: [String]) {
        let site = FixtureSite(["Content/posts/k.md": FixtureSite.post("title: K\ndate: 2024-01-02", body: body)],
                               config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n" + config)
        defer { site.remove() }
        let summary = try site.build()
        return (try #require(site.read("posts/k/index.html")).withoutCodeFigures, summary.warnings.map(\.headline))
    }

    @Test func blockAttributeListsGoOnTheBlockBefore() throws {
        let (page, warnings) = try Self.build("""
            A note.
            {: .note #first lang="en" onclick="x()"}

            ![Shot](https://example.com/a.png)
            {: .center}

            - one
            - two
            {: .compact}
            """)
        #expect(page.contains("<p id=\"first\" lang=\"en\" class=\"note\">A note.</p>") || page.contains("<p class=\"note\" id=\"first\" lang=\"en\">A note.</p>"))
        #expect(page.contains("<p class=\"center\"><img src=\"https://example.com/a.png\" alt=\"Shot\" /></p>"))
        #expect(page.contains("<ul class=\"compact\">\n<li>one</li>"))
        #expect(warnings.contains { $0.hasPrefix("Content/posts/k.md:7:1: warning: the attribute onclick is left out") }, "\(warnings)")
    }

    @Test func spanAttributeListsGoOnTheImageOrLink() throws {
        let (page, _) = try Self.build("See ![a](https://example.com/b.png){:width=\"100%\"} and [c](https://example.com/){: .button title=\"Go\"} now.\n")
        #expect(page.contains("<img width=\"100%\" src=\"https://example.com/b.png\" alt=\"a\" /> and <a class=\"button\" title=\"Go\" href=\"https://example.com/\">c</a> now."))
    }

    @Test func styleOnlyWithRawHTML() throws {
        let (page, warnings) = try Self.build("Red.\n{: style=\"color: red\"}\n")
        #expect(page.contains("<p>Red.</p>"))
        #expect(warnings.contains { $0.contains("style is left out: it needs allow_raw_html: true") })
        let (raw, _) = try Self.build("Red.\n{: style=\"color: red\"}\n", config: Self.on + "  allow_raw_html: true\n")
        #expect(raw.contains("<p style=\"color: red\">Red.</p>"))
    }

    @Test func commentsAreDroppedAndNomarkdownIsRawOnlyWhereAllowed() throws {
        let body = "Before.\n\n{::comment}\nHidden note.\n{:/comment}\n\n{::nomarkdown}\n<div class=\"x\">Raw & real</div>\n{:/}\n\nAfter.\n"
        let (safe, warnings) = try Self.build(body)
        #expect(!safe.contains("Hidden"))
        #expect(safe.withoutHighlightSpans.contains("<pre><code class=\"language-html\">&lt;div class=&quot;x&quot;&gt;Raw &amp; real&lt;/div&gt;\n</code></pre>"))
        #expect(warnings.contains { $0.hasPrefix("Content/posts/k.md:12:1: warning: {::nomarkdown} holds raw HTML") }, "\(warnings)")
        let (raw, rawWarnings) = try Self.build(body, config: Self.on + "  allow_raw_html: true\n")
        #expect(raw.contains("<div class=\"x\">Raw & real</div>\n<p>After.</p>"))
        #expect(rawWarnings.isEmpty)
    }

    @Test func definitionListsBecomeDL() throws {
        let (page, _) = try Self.build("""
            Intro paragraph.

            Swift
            : A language by *Apple*.
            : Also a bird.

            Kotlin
            Java

            : Languages of the JVM.
            """)
        #expect(page.contains("<p>Intro paragraph.</p>\n<dl>\n<dt>Swift</dt>\n<dd>\n<p>A language by <em>Apple</em>.</p>\n</dd>\n<dd>\n<p>Also a bird.</p>\n</dd>\n"
                              + "<dt>Kotlin</dt>\n<dt>Java</dt>\n<dd>\n<p>Languages of the JVM.</p>\n</dd>\n</dl>"), "\(page)")
    }

    @Test func offByDefault() throws {
        let (page, _) = try Self.build("Term\n: Definition\n{: .x}\n", config: "")
        #expect(page.contains("<p>Term\n: Definition\n{: .x}</p>"))
    }

    @Test func kramdownInCodeIsUntouched() throws {
        let (page, _) = try Self.build("```\nTerm\n: Def\n{: .x}\n{::comment}x{:/}\n```\n")
        #expect(page.contains("<pre><code>Term\n: Def\n{: .x}\n{::comment}x{:/}\n</code></pre>"))
    }
}
