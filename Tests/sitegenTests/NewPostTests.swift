import Foundation
import Testing
@testable import SiteKit
@testable import YAML
@testable import TestSupport

/// `sitegen new post`: the file it writes, the next part of a series, and what it refuses.
@Suite("New post")
struct NewPostTests {
    static let day = PostDate(year: 2024, month: 3, day: 9)

    static func create(_ site: FixtureSite, _ title: String, series: String? = nil, slug: String? = nil) throws(NewPostError) -> NewPost.Created {
        try NewPost(title: title, series: series, slug: slug, date: day).create(in: SiteLayout(root: site.root))
    }

    static func file(_ site: FixtureSite, _ path: String) -> String? {
        try? String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The error `create` must throw.
    static func refusal(_ site: FixtureSite, _ title: String, series: String? = nil, slug: String? = nil) -> NewPostError? {
        do {
            _ = try create(site, title, series: series, slug: slug)
            return nil
        } catch {
            return error
        }
    }

    /// A post of a series, as its author would write it.
    static func part(_ series: String, _ order: Int, draft: Bool = false) -> String {
        FixtureSite.post("title: Part \(order)\ndate: 2017-04-\(10 + order)\nseries: \(series)\nseries_order: \(order)\ndraft: \(draft)")
    }

    @Test func writesADraftDatedTheGivenDay() throws {
        let site = FixtureSite()
        defer { site.remove() }
        let created = try Self.create(site, "  Hello, World  ")
        #expect(created.path == "Content/posts/hello-world.md")
        #expect(created.series == nil)
        let expected = """
            ---
            title: "Hello, World"
            date: 2024-03-09
            tags: []
            draft: true
            ---

            Write the post here; delete `draft: true` above to publish it.

            """
        #expect(created.text == expected)
        #expect(Self.file(site, "Content/posts/hello-world.md") == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/posts").path) == ["hello-world.md"],
                "no temporary file is left behind")
    }

    @Test func theNewPostLoadsWithoutWarningsAndBuildsWithDrafts() throws {
        let site = FixtureSite()
        defer { site.remove() }
        _ = try Self.create(site, "First post")
        let (loaded, warnings) = try SiteLoader(layout: SiteLayout(root: site.root), includeDrafts: true).load()
        #expect(warnings.isEmpty)
        let post = try #require(loaded.posts.first)
        #expect((post.title, post.slug, post.date, post.tags, post.draft) == ("First post", "first-post", Self.day, [], true))
        #expect(post.summary == nil, "an empty summary would replace the excerpt in lists and feeds")

        #expect(try site.build().skippedDrafts == ["Content/posts/first-post.md"], "a draft is not published by accident")
        #expect(!site.exists("posts/first-post/index.html"))
        #expect(try site.build(drafts: true).warnings.isEmpty)
        #expect(site.read("posts/first-post/index.html")?.contains("First post") == true)
    }

    @Test func nextSeriesOrderFollowsTheHighestIncludingDrafts() throws {
        let site = FixtureSite([
            "Content/posts/a.md": Self.part("VIPER", 2),
            "Content/posts/b.md": Self.part("VIPER", 4),
            "Content/posts/2018/c.md": Self.part("VIPER", 5, draft: true),
            "Content/posts/other.md": Self.part("Other", 9),
        ])
        defer { site.remove() }
        let created = try Self.create(site, "VIPER: the end", series: "VIPER")
        #expect(created.series == NewPost.SeriesPart(name: "VIPER", order: 6, part: 4))
        #expect(created.text.contains("\nseries: \"VIPER\"\nseries_order: 6\n"))
        let (loaded, _) = try SiteLoader(layout: SiteLayout(root: site.root), includeDrafts: true).load()
        #expect(loaded.series.first { $0.name == "VIPER" }?.parts.map(\.slug) == ["a", "b", "c", "viper-the-end"])
    }

    @Test func theSeriesIsMatchedByItsURLAndKeepsItsSpelling() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.part("VIPER", 1), "Content/posts/b.md": Self.part("VIPER", 2)])
        defer { site.remove() }
        let created = try Self.create(site, "More VIPER", series: "viper")
        #expect(created.series == NewPost.SeriesPart(name: "VIPER", order: 3, part: 3))
        #expect(created.text.contains("\nseries: \"VIPER\"\n"), "'viper' would clash with 'VIPER' at /series/viper/")
        #expect(throws: Never.self) { try SiteLoader(layout: SiteLayout(root: site.root), includeDrafts: true).load() }
    }

    @Test func aNewSeriesStartsAtOne() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.part("VIPER", 3)])
        defer { site.remove() }
        let created = try Self.create(site, "Eat that frog", series: "Eat That Frog")
        #expect(created.series == NewPost.SeriesPart(name: "Eat That Frog", order: 1, part: 1))
        #expect(Self.refusal(site, "x", series: "???")?.kind == .badArgument)
    }

    @Test func neverReplacesAFileOrTakesAnotherPostsSlug() {
        let original = FixtureSite.post("title: Mine\ndate: 2017-04-21")
        let site = FixtureSite([
            "Content/posts/hello-world.md": original,
            "Content/posts/old.md": FixtureSite.post("title: Old\ndate: 2017-04-21\nslug: taken-slug"),
            "Content/posts/Mixed-Case.md": FixtureSite.post("title: Mixed\ndate: 2017-04-21\nslug: elsewhere"),
        ])
        defer { site.remove() }
        let exists = Self.refusal(site, "Hello, World")
        #expect(exists?.kind == .exists)
        #expect(exists?.message == "Content/posts/hello-world.md already exists; choose another title or pass --slug SLUG")
        #expect(Self.file(site, "Content/posts/hello-world.md") == original)

        let slug = Self.refusal(site, "Taken slug")
        #expect(slug?.kind == .exists)
        #expect(slug?.message.hasPrefix("Content/posts/old.md already has the slug 'taken-slug'") == true)
        #expect(Self.refusal(site, "Other", slug: "Taken-Slug")?.kind == .exists, "slugs compare without case, as the loader's")

        #expect(Self.refusal(site, "mixed case")?.message.hasPrefix("Content/posts/Mixed-Case.md already exists") == true,
                "one file on a case-insensitive file system")
        #expect(Self.file(site, "Content/posts/taken-slug.md") == nil)
        #expect(Self.file(site, "Content/posts/mixed-case.md") == nil)
    }

    @Test func aTitleWithoutLettersNeedsASlug() throws {
        let site = FixtureSite()
        defer { site.remove() }
        let refused = Self.refusal(site, "?!…")
        #expect(refused?.kind == .badArgument)
        #expect(refused?.message.contains("--slug") == true)
        #expect(Self.refusal(site, "   ")?.kind == .badArgument)
        #expect(Self.refusal(site, "Fine", slug: "a/b")?.kind == .badArgument)
        #expect(Self.refusal(site, "Fine", slug: ".hidden")?.kind == .badArgument)
        #expect(try Self.create(site, "?!…", slug: "interrobang").path == "Content/posts/interrobang.md")
    }

    @Test func contentErrorsStopItWithTheirDiagnostics() {
        let site = FixtureSite(["Content/posts/broken.md": "---\ntitle: x\ndate: 2017-04-31\n---\n"])
        defer { site.remove() }
        let refused = Self.refusal(site, "New", series: "VIPER")
        #expect(refused?.kind == .siteHasErrors)
        #expect(refused?.diagnostics.errors.first?.file == "Content/posts/broken.md")
        #expect(Self.file(site, "Content/posts/new.md") == nil)
    }

    static let trickyTitles = [
        "He said \"hi\"", "VIPER: part 2", "# not a comment", "a # b", #"C:\Users\back\slash"#, "- leading dash",
        "? question", "* star", "&anchor", "!tag", "|pipe", ">folded", "%directive", "@at", "`tick", "'single'",
        "{braces}", "[brackets]", "true", "1984", "null", "~", "Ünïcödé 日本語 🎉", "tab\there", "line\nbreak",
        "next\u{85}line", "line\u{2028}separator", "bell\u{7}del\u{7F}", "bom\u{FEFF}", "trailing: ",
    ]

    @Test func trickyTitlesRoundTripThroughTheLoader() throws {
        for title in Self.trickyTitles {
            let node = try #require(try YAMLParser.parse("title: \(YAMLText.quoted(title))\n"))
            #expect(node["title"]?.scalarText == title, "\(title.debugDescription)")
        }
        let site = FixtureSite()
        defer { site.remove() }
        for (index, title) in Self.trickyTitles.enumerated() {
            _ = try Self.create(site, title, series: title == "trailing: " ? nil : "Tricky", slug: "t\(index)")
        }
        let (loaded, _) = try SiteLoader(layout: SiteLayout(root: site.root), includeDrafts: true).load()
        let titles = Dictionary(uniqueKeysWithValues: loaded.posts.map { ($0.slug, $0.title) })
        for (index, title) in Self.trickyTitles.enumerated() {
            // Leading and trailing white space is trimmed, as a shell user means.
            #expect(titles["t\(index)"] == title.trimmingCharacters(in: .whitespacesAndNewlines), "\(title.debugDescription)")
        }
        #expect(try YAMLParser.parse("s: \(YAMLText.quoted("- VIPER: \"1\" #2"))")?["s"]?.scalarText == "- VIPER: \"1\" #2")
    }

    @Test func todayIsTheCalendarDayInTheGivenTimeZone() throws {
        let midnightUTC = Date(timeIntervalSince1970: 0)
        #expect(NewPost.today(at: midnightUTC, in: try #require(TimeZone(identifier: "UTC"))) == PostDate(year: 1970, month: 1, day: 1))
        #expect(NewPost.today(at: midnightUTC, in: try #require(TimeZone(secondsFromGMT: -3600))) == PostDate(year: 1969, month: 12, day: 31))
    }

    @Test func theCommandLine() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.part("VIPER", 1), "Content/posts/b.md": Self.part("VIPER", 4)])
        defer { site.remove() }
        let created = try SitegenProcess.run(["new", "post", "VIPER: wrap-up", "--series", "viper"], in: site.root)
        #expect(created.status == 0)
        #expect(created.stdout == "Created Content/posts/viper-wrap-up.md (part 3 of VIPER, series_order: 5)\n")
        #expect(Self.file(site, "Content/posts/viper-wrap-up.md")?.contains("title: \"VIPER: wrap-up\"\ndate: ") == true)

        let again = try SitegenProcess.run(["new", "post", "VIPER: wrap-up", "--site", site.root.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("Content/posts/viper-wrap-up.md already exists"))

        let kind = try SitegenProcess.run(["new", "pots", "x", "--site", site.root.path])
        #expect(kind.status == 2)
        #expect(kind.stderr.contains("cannot create 'pots' (did you mean 'post'?)"))
        let noLetters = try SitegenProcess.run(["new", "post", "!!!", "--site", site.root.path])
        #expect(noLetters.status == 2)
        #expect(noLetters.stderr.contains("--slug SLUG"))
    }
}
