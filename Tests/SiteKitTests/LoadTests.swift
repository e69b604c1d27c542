import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

@Suite("Loading posts")
struct LoadTests {
    @Test func decodesFrontMatterIntoTypedValues() throws {
        let site = FixtureSite(["Content/posts/viper-part-one.md": FixtureSite.post("""
            title: "VIPER: an iOS architecture"
            date: 2017-04-21
            updated: 2017-05-01T10:00:00+02:00
            tags: [ios, swift, ios]
            summary: The first part.
            series: VIPER
            series_order: 1
            """, body: "Hello\n")])
        defer { site.remove() }
        let (loaded, warnings) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
        #expect(warnings.headlines == ["Content/posts/viper-part-one.md:7:1: warning: series 'VIPER' has only this part; check the name if other posts belong to it"])
        let post = try #require(loaded.posts.first)
        #expect(post.title == "VIPER: an iOS architecture")
        #expect(post.slug == "viper-part-one")
        #expect(post.date == PostDate(year: 2017, month: 4, day: 21))
        #expect(post.updated?.utcOffsetMinutes == 120)
        #expect(post.tags == ["ios", "swift"])
        #expect(post.summary == "The first part.")
        #expect(post.series?.name == "VIPER")
        #expect(post.series?.order == 1)
        #expect(post.series?.orderLocation == SourceLocation(line: 8, column: 15))
        // The body starts after the closing fence (line 9), at line 10.
        #expect(post.bodyFirstLine == 10)
        #expect(post.body == "\nHello\n")
    }

    @Test func yamlSyntaxErrorIsReportedAtItsLineInTheFile() {
        let site = FixtureSite(["Content/posts/broken.md": "---\ntitle: x\ndate: 2017-04-21\ntags: [a, b\n---\nbody\n"])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.count == 1)
        #expect(errors.first?.file == "Content/posts/broken.md")
        // The unclosed flow sequence opened on line 4, column 7.
        #expect(errors.first?.location == SourceLocation(line: 4, column: 7))
        #expect(errors.first?.message == "YAML: a flow sequence opened here is never closed")
    }

    @Test func yamlErrorInsideAMappingPointsAtTheBadLine() {
        let site = FixtureSite(["Content/posts/colon.md": "---\ntitle: x\ndate: 2017-04-21\nsummary: a: b\n---\n"])
        defer { site.remove() }
        let error = site.failingBuild().errors.first
        #expect(error?.location?.line == 4)
        #expect(error?.message.hasPrefix("YAML:") == true)
    }

    @Test func unclosedQuotePointsWhereTheQuoteOpened() {
        let site = FixtureSite(["Content/posts/q.md": "---\ndate: 2017-04-21\ntitle: \"Broken\n---\nbody\n"])
        defer { site.remove() }
        let error = site.failingBuild().errors.first
        #expect(error?.headline == "Content/posts/q.md:3:8: error: YAML: a quoted scalar opened here is never closed")
    }

    @Test func missingTitleAndDate() {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("tags: [x]")])
        defer { site.remove() }
        let messages = site.failingBuild().errors.map(\.message)
        #expect(messages.contains("missing required key 'title'"))
        #expect(messages.contains { $0.hasPrefix("missing required key 'date'") })
    }

    @Test(arguments: ["2017-02-30", "2017-13-01", "21/04/2017", "2017-04-21T25:00:00Z", "yesterday", "2017-04-21T10:00:00+123", "2017-4-21T1:2"])
    func badDateIsAnErrorAtTheValue(_ date: String) {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: \(date)")])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/a.md:3:7: error: 'date' is not a valid date: '\(date)' (use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)"])
    }

    @Test func illTypedValuesNameTheKeyAndType() {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("""
            title: [not, text]
            date: 2017-04-21
            draft: "yes"
            tags: {swift: 1}
            series: S
            series_order: two
            """)])
        defer { site.remove() }
        let headlines = site.failingBuild().errors.headlines
        #expect(headlines == [
            "Content/posts/a.md:2:8: error: 'title' must be text, not a list",
            "Content/posts/a.md:4:8: error: 'draft' must be true or false, not a string 'yes'",
            "Content/posts/a.md:5:7: error: 'tags' must be a list, e.g. tags: [swift, ios]",
            "Content/posts/a.md:7:15: error: 'series_order' must be a whole number, not a string 'two'",
        ])
    }

    @Test func duplicateSlugNamesBothFiles() {
        let site = FixtureSite([
            "Content/posts/first.md": FixtureSite.post("title: A\ndate: 2017-04-21"),
            "Content/posts/second.md": FixtureSite.post("title: B\ndate: 2017-04-22\nslug: First"),
        ])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.count == 1)
        #expect(errors.first?.file == "Content/posts/second.md")
        #expect(errors.first?.message.contains("Content/posts/first.md") == true)
        #expect(errors.first?.notes.first?.file == "Content/posts/first.md")
    }

    @Test func duplicateSeriesOrderPointsAtBothOrders() {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\nseries: VIPER\nseries_order: 2"),
            "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-22\nseries: VIPER\nseries_order: 2"),
            "Content/posts/c.md": FixtureSite.post("title: C\ndate: 2017-04-23\nseries: Other\nseries_order: 2"),
        ])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/b.md:5:15: error: series 'VIPER' already has a part 2: Content/posts/a.md"])
        #expect(errors.first?.notes.headlines == ["Content/posts/a.md:5:15: note: part 2 of 'VIPER' is here"])
    }

    @Test func nonUTF8FileIsReportedAtTheFirstBadByte() {
        let site = FixtureSite()
        defer { site.remove() }
        site.write("Content/posts/latin1.md", bytes: Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\ndate: 2017-04-21\n---\n".utf8))
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/latin1.md:2:11: error: file is not valid UTF-8 (save it as UTF-8)"])
    }

    @Test func unreadableFileIsAnErrorNotASkip() throws {
        let site = FixtureSite(["Content/posts/ok.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        // A link to nowhere is unreadable even for root, who ignores file permissions.
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/posts/gone.md").path,
                                                   withDestinationPath: "/nonexistent/post.md")
        let errors = site.failingBuild().errors
        #expect(errors.headlines == ["Content/posts/gone.md: error: broken symbolic link: its target /nonexistent/post.md does not exist"])
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file: permission bits cannot make a file unreadable"))
    func fileWithoutReadPermissionIsAnError() throws {
        let site = FixtureSite(["Content/posts/secret.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/posts/secret.md").path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        #expect(site.failingBuild().errors.headlines == ["Content/posts/secret.md: error: cannot read file: permission denied"])
    }

    @Test func unknownKeyIsAWarningWithDidYouMean() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\ntgas: [x]")])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.headlines == ["Content/posts/a.md:4:1: warning: front matter key 'tgas' is kept as a param for templates; did you mean 'tags'?"])
    }

    @Test func frontMatterMustOpenAndClose() {
        let site = FixtureSite([
            "Content/posts/none.md": "# Just Markdown\n",
            "Content/posts/open.md": "---\ntitle: A\ndate: 2017-04-21\n\nBody without a closing fence\n",
        ])
        defer { site.remove() }
        let messages = site.failingBuild().errors.map(\.headline)
        #expect(messages.count == 2)
        #expect(messages[0].hasPrefix("Content/posts/none.md:1:1: error: missing front matter"))
        #expect(messages[1].hasPrefix("Content/posts/open.md:1:1: error: front matter opened here is never closed"))
    }

    /// A part may leave out `series_order` (it then follows the numbered parts, by date),
    /// but an order needs a series.
    @Test func anOrderNeedsASeries() {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\nseries: VIPER"),
            "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-21\nseries_order: 1"),
        ])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == ["Content/posts/b.md:4:15: error: 'series_order' without 'series': name the series this post belongs to"])
    }

    @Test func otherFilesInPostsAreReportedNotDropped() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21"),
            "Content/posts/notes.txt": "stray",
        ])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.map(\.file) == ["Content/posts/notes.txt"])
    }

    @Test func badSiteSettingsAreReportedInSiteYml() {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")],
                               config: "title: Blog\nbase_url: example.com\nposts_per_page: 0\nmarkdown:\n  smart_punctuation: maybe\n")
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/site.yml:2:11: error: base_url 'example.com' must be an absolute http or https URL, e.g. https://example.com/",
            "Content/site.yml:3:17: error: 'posts_per_page' must be between 1 and 1000, not 0",
            "Content/site.yml:5:22: error: 'smart_punctuation' must be true or false, not a string 'maybe'",
        ])
    }

    @Test func aTagShownInTheMostUsedSpellingAndOnATieTheFirstInSortOrder() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\ntags: [swift, iOS]"),
            "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-22\ntags: [Swift, ios, IOS]"),
            "Content/posts/c.md": FixtureSite.post("title: C\ndate: 2017-04-23\ntags: [ios]"),
        ])
        defer { site.remove() }
        let (loaded, _) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
        #expect(loaded.tags.map(\.name) == ["ios", "Swift"])
        // A post that lists two spellings of a tag is one of its posts, once.
        #expect(loaded.tags.map { $0.posts.map(\.slug) } == [["c", "b", "a"], ["b", "a"]])
    }

    @Test func urlsClashAsTheirOutputFilesInAnyCase() {
        for url in ["/", "/posts/a/", "/About/", "/feed.xml", "/Ünïcode/Ä/", "/a/B.HTML", ""] {
            #expect(SiteValidator.clashKey(url) == SiteRoutes.outputPath(url).lowercased(), "\(url)")
        }
    }

    /// The front matter's fields are trimmed without Foundation when there is nothing to
    /// trim: the result must be Foundation's, Unicode's spaces included and line breaks kept.
    @Test(arguments: ["", " ", "\t", "a", " a ", "\ta b\t", "\u{00A0}Title\u{3000}", "\u{2003}", "x\u{00A0}",
                      "\n", "a\n", " \r\n", "\u{1F600}", " \u{1F600} ", "e\u{301}", "\u{301}", "\u{200B}a"])
    func spacesAreTrimmedAsFoundationTrimsThem(_ text: String) {
        #expect(text.trimmedOfSpaces == text.trimmingCharacters(in: .whitespaces))
        #expect(text.isOnlySpaces == text.trimmingCharacters(in: .whitespaces).isEmpty)
        let inside = "<" + text + ">"
        let slice = inside.dropFirst().dropLast()
        #expect(slice.trimmedOfSpaces == slice.trimmingCharacters(in: .whitespaces))
    }
}
