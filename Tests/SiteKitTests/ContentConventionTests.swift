import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The rows of docs/content.md, one test (or more) each.
@Suite("Jekyll and Hugo content conventions")
struct ContentConventionTests {
    static func post(_ frontMatter: String, body: String = "Text.\n") -> String { FixtureSite.post(frontMatter, body: body) }

    @Test(arguments: [
        ("2016-2-9", "2016-02-09"),
        ("2016-02-29 8:00", "2016-02-29T08:00:00Z"),
        ("2016-02-29 08:00:00 +0100", "2016-02-29T08:00:00+01:00"),
        ("2016-02-29 08:00:00.5 -05:00", "2016-02-29T08:00:00-05:00"),
        ("2016-02-29  8:00:00 -5", "2016-02-29T08:00:00-05:00"),
        ("2016-02-29T08:00:00Z", "2016-02-29T08:00:00Z"),
    ])
    func datesAsJekyllAndHugoWriteThem(_ written: String, _ read: String) {
        #expect(PostDate(parsing: written)?.description == read)
    }

    @Test func aFileModificationTimeIsADate() {
        #expect(PostDate(secondsSince1970: 0).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(PostDate(secondsSince1970: 951_782_400 + 3_661).rfc3339 == "2000-02-29T01:01:01Z")
        #expect(PostDate(secondsSince1970: -1).rfc3339 == "1969-12-31T23:59:59Z")
        for seconds in stride(from: -2_000_000_000, to: 4_000_000_000, by: 86_399 * 37) {
            #expect(PostDate(secondsSince1970: seconds).secondsSince1970 == seconds)
        }
    }

    @Test func fileNamesGiveDatesAndSlugs() {
        let dated = ContentFile(path: "p", relative: "2019-8-21-a-post.md")
        #expect(dated.dateFromName?.isoDay == "2019-08-21" && dated.slugFromName == "a-post")
        let bundle = ContentFile(path: "p", relative: "swift/2020-01-02-bundle/index.markdown")
        #expect(bundle.name == "2020-01-02-bundle" && bundle.slugFromName == "bundle" && bundle.section == "swift")
        #expect(ContentFile(path: "p", relative: "My Post: Part 1?.md").slugFromName == "my-post-part-1")
        #expect(ContentFile(path: "p", relative: "Übersicht der Typen.md").slugFromName == "übersicht-der-typen")
        #expect(ContentFile(path: "p", relative: "kept_As.Is.md").slugFromName == "kept_As.Is", "a name that is a slug stays as it is")
        #expect(ContentFile(path: "p", relative: "!!!.md").slugFromName == nil)
        #expect(ContentFile(path: "p", relative: "2019-13-01-x.md").dateFromName == nil, "not a date: part of the name")
    }

    @Test func anotherScriptIsPercentEncodedInLinksAndKeptOnDisk() throws {
        let site = FixtureSite(["Content/posts/Übersicht.md": Self.post("title: Ü\ndate: 2020-01-01")])
        defer { site.remove() }
        _ = try site.build()
        #expect(site.exists("posts/Übersicht/index.html"))
        #expect(try #require(site.read("index.html")).contains("href=\"/posts/%C3%9Cbersicht/\""))
        #expect(try #require(site.read("sitemap.xml")).contains("<loc>https://example.com/posts/%C3%9Cbersicht/</loc>"))
    }

    @Test func hugoSectionPagesAreReportedNotDropped() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2020-01-01"),
                                "Content/posts/_index.md": Self.post("title: Posts")])
        defer { site.remove() }
        #expect(try site.build().warnings.headlines == [
            "Content/posts/_index.md: warning: not published: _index.md is a Hugo section page, and sitegen makes its own lists"])
    }

    @Test func markdownInsideABundleIsReported() throws {
        let site = FixtureSite(["Content/posts/b/index.md": Self.post("title: B\ndate: 2020-01-01"),
                                "Content/posts/b/notes.md": "notes"])
        defer { site.remove() }
        #expect(try site.build().warnings.headlines == [
            "Content/posts/b/notes.md: warning: not published: a Markdown file inside the page bundle b/ (only its index.md is a post)"])
    }

    @Test func twoPostsOnOneURLNameBothFiles() {
        let site = FixtureSite(["Content/posts/2019-01-01-a.md": Self.post("title: A"),
                                "Content/posts/a.md": Self.post("title: Other A\ndate: 2019-01-01")],
                               config: "title: T\npermalinks:\n  posts: /:year/:slug/\n")
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/a.md:1:1: error: duplicate slug 'a': /2019/a/ is also the URL of Content/posts/2019-01-01-a.md"])
    }

    @Test func anAliasOnARealPageIsAnError() {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\naliases: [/posts/b/, /archive/]"),
                                "Content/posts/b.md": Self.post("title: B\ndate: 2019-01-02")])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/a.md:4:11: error: /posts/b/ is also the URL of the post Content/posts/b.md; choose another URL",
            "Content/posts/a.md:4:22: error: /archive/ is also the URL of the archive; choose another URL",
        ])
    }

    @Test func aliasesMustBePathsOfTheSite() {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\nredirect_from: https://old.example.com/a")])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/a.md:4:16: error: 'https://old.example.com/a' is a URL; 'redirect_from' lists old paths of this site (/2019/08/21/old-name/)"])
    }

    @Test func seriesAsAListOfOneAndPartsOrderedByNumberThenDate() throws {
        let site = FixtureSite([
            "Content/posts/c.md": Self.post("title: C\ndate: 2019-01-01\nseries: [S]"),
            "Content/posts/b.md": Self.post("title: B\ndate: 2019-02-01\nseries: S\nseries_order: 2"),
            "Content/posts/a.md": Self.post("title: A\ndate: 2019-03-01\nseries: S\nseries_order: 1"),
            "Content/posts/d.md": Self.post("title: D\ndate: 2018-01-01\nseries: [S]"),
        ])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("series/s/index.html"))
        let order = ["A", "B", "D", "C"].compactMap { page.range(of: "\">\($0)</a></h2>")?.lowerBound }
        #expect(order.count == 4 && order == order.sorted(), "numbered parts first, then the others by date")
    }

    @Test func ambiguousSeriesAreErrors() {
        let site = FixtureSite([
            "Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\nseries: [S]"),
            "Content/posts/b.md": Self.post("title: B\ndate: 2019-01-01\nseries: [S]"),
            "Content/posts/c.md": Self.post("title: C\ndate: 2019-01-01\nseries: [S, T]"),
        ])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/b.md:4:1: error: two parts of series 'S' without 'series_order' have the same date (2019-01-01); give them 'series_order' to order them",
            "Content/posts/c.md:4:9: error: a post is part of one series; 'series' lists 2",
        ])
    }

    @Test func emptyValuesAreAbsentAndDraftsMayLackTitleAndDate() throws {
        let site = FixtureSite([
            "Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\nslug:\nsummary: \"\"\ntags:"),
            "Content/posts/draft.md": Self.post("draft: true"),
        ])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.isEmpty && summary.skippedDrafts == ["Content/posts/draft.md"])
        #expect(site.exists("posts/a/index.html"))
    }

    @Test func theSwiftVersionKeyMovedUnderSnippets() throws {
        let site = FixtureSite([
            "Content/posts/new.md": Self.post("title: N\ndate: 2019-01-01\nsnippets: { swift_version: 6 }"),
            "Content/posts/old.md": Self.post("title: O\ndate: 2019-01-02\nswift_version: 6"),
            "Content/posts/blog.md": Self.post("title: B\ndate: 2019-01-03\nswift_version: 3.0"),
        ])
        defer { site.remove() }
        let (loaded, warnings) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
        #expect(warnings.headlines == ["Content/posts/old.md:4:16: warning: 'swift_version' at the top of the front matter is deprecated: write 'snippets: { swift_version: 6 }'"])
        let versions = Dictionary(uniqueKeysWithValues: loaded.posts.map { ($0.slug, $0.swiftVersion) })
        #expect(versions["new"] == 6 && versions["old"] == 6 && versions["blog"] == Optional<Int>.none)
        #expect(loaded.posts.first { $0.slug == "blog" }?.params["swift_version"] == .double(3.0))
    }

    @Test func templatesSeeEveryFrontMatterKeyAsParams() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\nimage: /i.png\nhero: { credit: Ann, tags: [x, y] }"),
                                "Content/static/i.png": "png"])
        defer { site.remove() }
        let template = try String(contentsOf: site.root.appendingPathComponent("Themes/default/templates/post.mustache"), encoding: .utf8)
        site.write("Content/templates/post.mustache", template.replacingOccurrences(
            of: "<div class=\"post-content\">", with: "<p class=\"p\">{{post.params.image}} {{post.params.hero.credit}} {{#post.params.hero.tags}}[{{.}}]{{/post.params.hero.tags}}</p><div class=\"post-content\">"))
        _ = try site.build()
        #expect(try #require(site.read("posts/a/index.html")).contains("<p class=\"p\">/i.png Ann [x][y]</p>"))
    }

    @Test func permalinksForTagsAndSeriesMoveTheirIndexes() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01\ntags: [swift]\nseries: S\nseries_order: 1")],
                               config: "title: T\npermalinks:\n  tags: /topics/:slug/\n  series: /collections/:slug.html\n  posts: /:year/:slug.html\n")
        defer { site.remove() }
        _ = try site.build()
        for file in ["topics/index.html", "topics/swift/index.html", "collections/index.html", "collections/s.html", "2019/a.html"] {
            #expect(site.exists(file), "\(file)")
        }
        let home = try #require(site.read("index.html"))
        #expect(home.contains("href=\"/topics/\"") && home.contains("href=\"/collections/\"") && home.contains("href=\"/2019/a.html\""))
        #expect(site.exists("topics/swift/atom.xml"))
    }

    @Test func aPermalinkTokenThatDoesNotExistIsAnErrorAtItsColumn() {
        let site = FixtureSite([:], config: "title: T\npermalinks:\n  posts: \"/:year/:tilte/\"\n  tags: /:slug/\n")
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/site.yml:3:18: error: posts permalink '/:year/:tilte/': unknown permalink token ':tilte' (did you mean 'title'?); tokens: :year :month :day :i_month :i_day :short_year :hour :minute :second :slug :title :filename :categories :section",
            "Content/site.yml:4:9: error: the tags permalink must hold ':slug' after a folder of its own (e.g. /tags/:slug/), where its index page goes",
        ])
    }

    @Test func brokenLinksCanBeWarnings() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post("title: A\ndate: 2019-01-01", body: "[x](/nowhere/)\n")],
                               config: "title: T\nlinks:\n  internal: warn\n")
        defer { site.remove() }
        let warnings = try site.build().warnings.headlines
        #expect(warnings == ["Content/posts/a.md:6:5: warning: broken link '/nowhere/': no page or file of the site is at /nowhere/"])
    }
}

/// Template code of another generator left in a post is shown to readers as text: the
/// build says so, once per file, unless told otherwise (`template_syntax:`).
@Suite("Template syntax left in posts")
struct TemplateSyntaxWarningTests {
    static let posts = [
        "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2019-01-01", body: """
            Intro {% include note.html %} and {{< figure src="x.png" >}}.

            ```liquid
            {% raw %} in code is fine {% endraw %}
            ```

            More `{{ site.url }}` in a code span, then {: .note} at a line's end.

            """),
        "Content/posts/clean.md": FixtureSite.post("title: C\ndate: 2019-01-02", body: "An escaped \\{% tag %} is deliberate.\n"),
    ]

    @Test func itIsOneWarningPerFileAtTheFirstConstruct() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        let warnings = try site.build().warnings.headlines
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Content/posts/a.md:6:7: warning: 3 constructs:") == true, "\(warnings)")
        #expect(warnings.first?.contains("set template_syntax: ignore") == true)
    }

    @Test func theSettingMakesItAnErrorOrNothing() throws {
        let failing = FixtureSite(Self.posts, config: "title: T\ntemplate_syntax: error\n")
        defer { failing.remove() }
        #expect(failing.failingBuild().errors.headlines.map { $0.prefix(44) } == ["Content/posts/a.md:6:7: error: 3 constructs:"])
        let quiet = FixtureSite(Self.posts, config: "title: T\ntemplate_syntax: ignore\n")
        defer { quiet.remove() }
        #expect(try quiet.build().warnings.isEmpty)
        let wrong = FixtureSite(Self.posts, config: "title: T\ntemplate_syntax: loud\n")
        defer { wrong.remove() }
        #expect(wrong.failingBuild().errors.headlines == ["Content/site.yml:2:1: error: template_syntax must be warn, error or ignore, not 'loud'"])
    }
}

@Suite("Slugs")
struct SlugTests {
    /// The ASCII fast path gives what the Unicode path gives.
    @Test func asciiAndUnicodePathsAgree() {
        for name in ["Eat That Frog", "iOS 17: What's New?", "  --a__b..c--  ", "Swift 5.9", "UPPER lower 123", "", "!!!", "a-b_c.d", "Z@[`{"] {
            let viaUnicode = Slug.make(from: name + "é").replacingOccurrences(of: "é", with: "")
            let expected = viaUnicode.hasSuffix("-") ? String(viaUnicode.dropLast()) : viaUnicode
            #expect(Slug.make(from: name) == expected, "\(name)")
        }
        #expect(Slug.make(from: "Eat That Frog") == "eat-that-frog")
        #expect(Slug.isValid("a-b_c.D9") && !Slug.isValid("a b") && !Slug.isValid("a/b") && !Slug.isValid(".a") && !Slug.isValid("a@b"))
        #expect(Slug.isValid("Übersicht") && !Slug.isValid("Über sicht"))
    }
}
