import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Series, tags, archive, pagination and pages, on small fixture sites rendered with the
/// real default theme.
@Suite("Theme pages")
struct ThemePageTests {
    static func post(_ slug: String, _ frontMatter: String) -> (String, String) {
        ("Content/posts/\(slug).md", FixtureSite.post(frontMatter, body: "Text of \(slug).\n"))
    }

    /// Two series whose parts interleave in time, and a post between them, so "next"
    /// within a series differs from the next post of the timeline.
    static let seriesSite = Dictionary(uniqueKeysWithValues: [
        post("frog-a", "title: Frog A\ndate: 2017-03-20\nseries: Eat That Frog\nseries_order: 2\nsummary: First chapter."),
        post("frog-b", "title: Frog B\ndate: 2017-03-27\nseries: Eat That Frog\nseries_order: 4"),
        post("frog-c", "title: Frog C\ndate: 2017-04-26\nseries: Eat That Frog\nseries_order: 7"),
        post("viper-1", "title: VIPER 1\ndate: 2017-04-19\nseries: VIPER\nseries_order: 1"),
        post("between", "title: Between\ndate: 2017-04-20"),
        post("viper-2", "title: VIPER 2\ndate: 2017-04-24\nseries: VIPER\nseries_order: 2"),
        // Written out of date order: the part number, not the date, orders a series.
        post("viper-3", "title: VIPER 3\ndate: 2017-04-22\nseries: VIPER\nseries_order: 3"),
    ])

    @Test func seriesBoxShowsThePartAndEveryPartWithNeighboursInTheSeries() throws {
        let site = FixtureSite(Self.seriesSite)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/viper-2/index.html"))
        let box = try #require(Self.section(of: page, from: "<nav class=\"series-box\"", to: "</nav>"))
        #expect(PageText.flat(box).contains("Part 2 of 3 in VIPER"))
        #expect(box.contains("<a href=\"/series/viper/\">VIPER</a>"))
        #expect(box.contains("<li><a href=\"/posts/viper-1/\">VIPER 1</a></li>"))
        #expect(box.contains("<li><span class=\"current\" aria-current=\"page\">VIPER 2</span></li>"))
        #expect(box.contains("<li><a href=\"/posts/viper-3/\">VIPER 3</a></li>"))
        let pager = try #require(Self.section(of: page, from: "<nav class=\"series-pager\"", to: "</nav>"))
        #expect(pager.contains("rel=\"prev\" href=\"/posts/viper-1/\""))
        // VIPER 3 is older than VIPER 2, and "Between" sits between parts 1 and 2 in time.
        #expect(pager.contains("rel=\"next\" href=\"/posts/viper-3/\""))
        #expect(!page.contains("/posts/between/"))

        let first = try #require(site.read("posts/viper-1/index.html"))
        let firstPager = try #require(Self.section(of: first, from: "<nav class=\"series-pager\"", to: "</nav>"))
        #expect(!firstPager.contains("rel=\"prev\""), "part 1 has no previous part")
        #expect(firstPager.contains("rel=\"next\" href=\"/posts/viper-2/\""))
        let last = try #require(site.read("posts/viper-3/index.html"))
        #expect(!(Self.section(of: last, from: "<nav class=\"series-pager\"", to: "</nav>") ?? "").contains("rel=\"next\""))
        #expect(site.read("posts/between/index.html")?.contains("series-box") == false)
    }

    @Test func seriesOrdersGapsAsConsecutiveParts() throws {
        let site = FixtureSite(Self.seriesSite)
        defer { site.remove() }
        _ = try site.build()
        let chapter = try #require(site.read("posts/frog-c/index.html"))
        #expect(PageText.flat(chapter).contains("Part 3 of 3 in Eat That Frog"))
        let seriesPage = try #require(site.read("series/eat-that-frog/index.html"))
        let order = ["frog-a", "frog-b", "frog-c"].map { seriesPage.range(of: "href=\"/posts/\($0)/\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(seriesPage.contains("<p class=\"summary\">First chapter.</p>"))
        #expect(PageText.flat(seriesPage).contains("Part 1 Frog A"))

        let index = try #require(site.read("series/index.html"))
        #expect(index.contains("<a href=\"/series/eat-that-frog/\">Eat That Frog</a>"))
        #expect(index.contains("<a href=\"/series/viper/\">VIPER</a>"))
        #expect(PageText.flat(index).contains("3 parts"))
    }

    @Test func seriesNamesThatShareAURLAreAnError() {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [
            Self.post("a", "title: A\ndate: 2017-01-01\nseries: VIPER\nseries_order: 1"),
            Self.post("b", "title: B\ndate: 2017-01-02\nseries: Viper\nseries_order: 2"),
        ]))
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/b.md:4:1: error: series 'Viper' and 'VIPER' would share the URL /series/viper/; spell the series name the same way in every part"])
        #expect(errors.first?.notes.headlines == ["Content/posts/a.md:4:1: note: 'VIPER' is written here"])
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func homeIsPaginatedByPostsPerPage() throws {
        var files: [String: String] = [:]
        for i in 1...23 {
            let (path, text) = Self.post("p\(i)", "title: Post \(i)\ndate: 2017-01-\(String(format: "%02d", i))")
            files[path] = text
        }
        let site = FixtureSite(files, config: "title: Paged\nposts_per_page: 10\n")
        defer { site.remove() }
        _ = try site.build()
        let pages = try ["index.html", "page/2/index.html", "page/3/index.html"].map { try #require(site.read($0)) }
        #expect(!site.exists("page/4/index.html"))
        #expect(!site.exists("page/1/index.html"), "page 1 is the home page itself")
        let counts = pages.map { $0.components(separatedBy: "<article class=\"post-item\">").count - 1 }
        #expect(counts == [10, 10, 3])
        #expect(pages[0].contains("href=\"/posts/p23/\""), "newest first")
        #expect(pages[2].contains("href=\"/posts/p1/\""))
        #expect(pages[0].contains("<a rel=\"next\" href=\"/page/2/\">"))
        #expect(!pages[0].contains("rel=\"prev\""))
        #expect(pages[1].contains("<a rel=\"prev\" href=\"/\">"))
        #expect(pages[1].contains("<a rel=\"next\" href=\"/page/3/\">"))
        #expect(pages[1].contains("<span aria-current=\"page\">2</span>"))
        #expect(!pages[2].contains("rel=\"next\""))
        #expect(pages[1].contains("<title>Page 2 of 3 – Paged</title>"))
        #expect(pages[0].contains("<title>Paged</title>"))
    }

    @Test func onePageOfPostsHasNoPager() throws {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [Self.post("a", "title: A\ndate: 2017-01-01")]))
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("index.html")?.contains("class=\"pager\"") == false)
    }

    @Test func tagPagesListTheirPostsAndSpellingsMerge() throws {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [
            Self.post("a", "title: A\ndate: 2017-01-01\ntags: [iOS, Swift Concurrency]"),
            Self.post("b", "title: B\ndate: 2017-01-02\ntags: [ios]"),
            Self.post("c", "title: C\ndate: 2017-01-03\ntags: [ios, books]"),
        ]))
        defer { site.remove() }
        _ = try site.build()
        let ios = try #require(site.read("tags/ios/index.html"))
        #expect(["c", "b", "a"].map { ios.range(of: "href=\"/posts/\($0)/\"")!.lowerBound }.isSorted)
        #expect(PageText.flat(ios).contains("Posts tagged ios"), "the spelling most posts use")
        #expect(site.read("tags/swift-concurrency/index.html")?.contains("href=\"/posts/a/\"") == true)
        let index = try #require(site.read("tags/index.html"))
        #expect(index.contains("<a class=\"tag\" href=\"/tags/ios/\">ios</a> <span class=\"count\">3 posts</span>"))
        #expect(index.contains("<a class=\"tag\" href=\"/tags/books/\">books</a> <span class=\"count\">1 post</span>"))
        #expect(site.read("posts/a/index.html")?.contains("<a class=\"tag\" href=\"/tags/ios/\">ios</a>") == true)
    }

    @Test func aTagWithoutLettersOrDigitsIsAnError() {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [Self.post("a", "title: A\ndate: 2017-01-01\ntags: [swift, \"++\"]")]))
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == ["Content/posts/a.md:4:1: error: tag '++' cannot be a URL: a tag needs at least one letter or digit"])
    }

    @Test func archiveGroupsPostsByYearNewestFirst() throws {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [
            Self.post("old", "title: Old\ndate: 2016-12-31"),
            Self.post("mid", "title: Mid\ndate: 2017-06-01"),
            Self.post("new", "title: New\ndate: 2017-07-01"),
        ]))
        defer { site.remove() }
        _ = try site.build()
        let archive = try #require(site.read("archive/index.html"))
        let text = PageText.flat(archive)
        #expect(text.contains("2017 2 posts 1 July 2017 New 1 June 2017 Mid 2016 1 post 31 December 2016 Old"), "\(text)")
    }

    @Test func pagesArePublishedAtTheirSlugAndListedInTheNavigation() throws {
        let site = FixtureSite(Dictionary(uniqueKeysWithValues: [Self.post("a", "title: A\ndate: 2017-01-01")]))
        defer { site.remove() }
        site.write("Content/pages/about.md", "---\ntitle: About me\nnav_order: 1\n---\n\nI write *here*.\n")
        site.write("Content/pages/colophon.md", "---\ntitle: Colophon\n---\n\nSet in type.\n")
        _ = try site.build()
        let about = try #require(site.read("about/index.html"))
        #expect(about.contains("<h1>About me</h1>"))
        #expect(about.contains("<p>I write <em>here</em>.</p>"))
        #expect(about.contains("<li><a href=\"/about/\" aria-current=\"page\" class=\"active\">About me</a></li>"))
        #expect(site.read("colophon/index.html")?.contains("<p>Set in type.</p>") == true)
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<li><a href=\"/about/\">About me</a></li>"))
        #expect(!home.contains("Colophon"), "a page without nav_order stays out of the navigation")
    }

    @Test func aPageCannotTakeAGeneratedSection() {
        let site = FixtureSite()
        defer { site.remove() }
        site.write("Content/pages/tags.md", "---\ntitle: My tags\n---\n\nText.\n")
        #expect(site.failingBuild().errors.headlines == ["Content/pages/tags.md:2:1: error: a page cannot be at /tags/: the build writes its tags pages there; choose another slug"])
    }

    @Test func twoPagesCannotShareAURL() {
        let site = FixtureSite()
        defer { site.remove() }
        site.write("Content/pages/about.md", "---\ntitle: About\n---\n")
        site.write("Content/pages/more/About.md", "---\ntitle: About again\n---\n")
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/pages/more/About.md:1:1: error: duplicate slug 'About': /About/ is also the URL of Content/pages/about.md"])
        #expect(errors.first?.notes.headlines == ["Content/pages/about.md:1:1: note: the other page with slug 'about' is here"])
    }

    @Test func emptySiteStillHasEveryListPage() throws {
        let site = FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("index.html")?.contains("<p>No posts yet.</p>") == true)
        for page in ["archive/index.html", "tags/index.html", "series/index.html"] { #expect(site.exists(page), "\(page)") }
    }

    static func section(of page: String, from start: String, to end: String) -> String? {
        guard let open = page.range(of: start), let close = page.range(of: end, range: open.upperBound..<page.endIndex) else { return nil }
        return String(page[open.lowerBound..<close.upperBound])
    }
}

/// Templates: overrides, theme choice, and errors at the template's file:line:col.
@Suite("Templates")
struct TemplateTests {
    static let posts = [
        "Content/posts/a.md": FixtureSite.post("title: \"A <b> & c\"\ndate: 2017-01-01\ntags: [ios]", body: "Body.\n"),
    ]

    @Test func aSiteTemplateReplacesTheThemesFileOfTheSameName() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        site.write("Content/templates/post.mustache",
                   "{{<base}}{{$main}}<h1 class=\"mine\">{{post.title}}</h1>{{>byline}}{{{post.content}}}{{/main}}{{/base}}\n")
        site.write("Content/templates/byline.mustache", "<p class=\"byline\">by {{site.author}}</p>\n")
        site.write("Content/site.yml", "title: T\nauthor: \"Ann <Lee>\"\n")
        _ = try site.build()
        let page = try #require(site.read("posts/a/index.html"))
        #expect(page.contains("<h1 class=\"mine\">A &lt;b&gt; &amp; c</h1>"), "escaped once")
        #expect(page.contains("<p class=\"byline\">by Ann &lt;Lee&gt;</p>"))
        #expect(page.contains("<p>Body.</p>"))
        #expect(page.contains("<title>A &lt;b&gt; &amp; c – T</title>"), "the theme's base layout is still used")
        #expect(site.read("index.html")?.contains("class=\"mine\"") == false, "only the post template changed")
    }

    @Test func theThemeIsChosenInTheSettings() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        for name in PageRoute.templates {
            site.write("Themes/plain/templates/\(name).mustache", "plain \(name): {{page.title}}\n")
        }
        // Not required of a theme with a base template (the built-in one fills it), but this theme has none.
        site.write("Themes/plain/templates/search.mustache", "plain search: {{page.title}}\n")
        site.write("Themes/plain/static/plain.css", "body{}")
        site.write("Content/site.yml", "title: T\ntheme: plain\n")
        _ = try site.build()
        #expect(site.read("posts/a/index.html") == "plain post: A <b> & c\n".replacingOccurrences(of: "<b> &", with: "&lt;b&gt; &amp;"))
        #expect(site.read("plain.css") == "body{}")
        #expect(!site.exists("css/style.css"), "the default theme's files are not copied")
    }

    @Test func siteStaticFilesReplaceTheThemes() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        site.write("Content/static/css/style.css", "/* mine */")
        _ = try site.build()
        #expect(site.read("css/style.css") == "/* mine */")
    }

    /// The broken template fails the build at its tag, and the previous output stays byte for byte.
    @Test(arguments: [
        ("{{<base}}{{$main}}\n<h1>{{post.title}}</h1>\n{{#post.series}}\n{{/main}}{{/base}}\n", "Content/templates/post.mustache:4:1: error: closing tag 'main' does not match open section 'post.series' at 3:1"),
        ("<h1>{{post.title}}</h1>\n{{#post.series}}\n", "Content/templates/post.mustache:2:1: error: unclosed section 'post.series' opened at 2:1"),
        ("{{<base}}{{$main}}\n{{#post}}\n  {{/posts}}\n{{/main}}{{/base}}\n", "Content/templates/post.mustache:3:3: error: closing tag 'posts' does not match open section 'post' at 2:1"),
        ("<h1>{{post.title}</h1>\n", "Content/templates/post.mustache:1:5: error: unclosed tag: '{{' has no matching '}}'"),
        ("{{<base}}{{$main}}\n  {{>post-itme}}\n{{/main}}{{/base}}\n", "Content/templates/post.mustache:2:3: error: no partial 'post-itme': no post-itme.mustache in the theme or Content/templates/ (did you mean 'post-item'?)"),
        ("<p>\n{{<layout}}{{$main}}x{{/main}}{{/layout}}\n", "Content/templates/post.mustache:2:1: error: no parent template 'layout': no layout.mustache in the theme or Content/templates/"),
    ])
    func aBrokenTemplateFailsAtItsTagAndLeavesTheOutput(template: String, expected: String) throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/templates/post.mustache", template)
        let errors = site.failingBuild().errors
        #expect(errors.headlines == [expected])
        #expect(site.outputSnapshot() == before)
    }

    @Test func aDynamicPartialThatDoesNotResolveFailsOncePerTemplate() {
        var files = Self.posts
        files["Content/posts/b.md"] = FixtureSite.post("title: B\ndate: 2017-01-02")
        let site = FixtureSite(files)
        defer { site.remove() }
        site.write("Content/templates/post.mustache", "{{<base}}{{$main}}\n{{>*page.kind}}\n{{/main}}{{/base}}\n")
        let errors = site.failingBuild().errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.file == "Content/templates/post.mustache")
        #expect(errors.first?.location == SourceLocation(line: 2, column: 1))
    }

    @Test func aBrokenThemeTemplateNamesTheThemeFile() {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        site.write("Themes/default/templates/tags.mustache", "{{<base}}{{$main}}{{#tags}}{{name}}{{/main}}{{/base}}")
        #expect(site.failingBuild().errors.headlines == ["Themes/default/templates/tags.mustache:1:36: error: closing tag 'main' does not match open section 'tags' at 1:19"])
    }

    @Test func anUnknownThemeIsReportedAtItsSetting() {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        site.write("Content/site.yml", "title: T\ntheme: defualt\n")
        #expect(site.failingBuild().errors.headlines == ["Content/site.yml:2:8: error: theme 'defualt' not found in Themes/ (did you mean 'default'?); themes: default"])
    }

    @Test func aThemeMissingAPageTemplateIsAnError() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/templates/archive.mustache"))
        #expect(site.failingBuild().errors.headlines == ["Themes/default/templates: error: theme 'default' has no archive.mustache, which renders the archive: every post, by year"])
    }

    @Test func otherFilesInTemplatesAreReported() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        site.write("Content/templates/post.html", "<p>")
        let summary = try site.build()
        #expect(summary.warnings.headlines == ["Content/templates/post.html: warning: not a template: only .mustache files directly in templates/ are read"])
    }
}

extension PageText {
    /// The page's text with runs of white space made one space.
    static func flat(_ html: String) -> String {
        plainText(of: html).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension Array where Element: Comparable {
    var isSorted: Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}
