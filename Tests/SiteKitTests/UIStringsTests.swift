import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The words of the theme come from strings a site in another language replaces: the
/// theme's `strings/<language>.yml`, then the site's `strings:`.
@Suite("The theme's words")
struct UIStringsTests {
    static let posts = [
        "Content/posts/one.md": FixtureSite.post("title: One\ndate: 2020-01-01\ntags: [swift]\nseries: Reihe\nseries_order: 1"),
        "Content/posts/two.md": FixtureSite.post("title: Two\ndate: 2020-01-02\nseries: Reihe\nseries_order: 2"),
    ]

    @Test func aThemeStringsFileAndTheSiteSettingReplaceTheEnglishWords() throws {
        let site = FixtureSite(Self.posts, config: """
            title: Blog
            base_url: "https://example.com/"
            language: de-AT
            strings:
              older_posts: "Ältere Beiträge →"
              post_count_one: "ein Beitrag"

            """)
        defer { site.remove() }
        site.write("Themes/default/strings/de.yml", """
            part_of_series: "Teil {part} von {count} der Reihe {series}"
            reading_time: "{minutes} Min. Lesezeit"
            tags: Schlagwörter
            older_posts: "Älter →"
            post_count: "{count} Beiträge"

            """)
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let post = try #require(site.read("posts/two/index.html"))
        #expect(post.contains("<p class=\"series-box-title\">Teil 2 von 2 der Reihe <a href=\"/series/reihe/\">Reihe</a></p>"))
        #expect(post.contains("<span class=\"reading-time\">1 Min. Lesezeit</span>"))
        let tags = try #require(site.read("tags/index.html"))
        #expect(tags.contains("<title>Schlagwörter – Blog</title>"))
        #expect(tags.contains("<span class=\"count\">ein Beitrag</span>"), "the site's _one text for a count of one")
        #expect(try #require(site.read("index.html")).contains(">Schlagwörter</a>"), "the navigation")
    }

    @Test func theSiteSettingWinsOverTheTheme() throws {
        let site = FixtureSite(Self.posts, config: "title: Blog\nlanguage: de\nstrings:\n  archive: Archiv\n")
        defer { site.remove() }
        site.write("Themes/default/strings/de.yml", "archive: Ablage\nhome: Start\n")
        _ = try site.build()
        let archive = try #require(site.read("archive/index.html"))
        #expect(archive.contains("<h1 class=\"page-title\">Archiv</h1>"))
        #expect(archive.contains(">Start</a>"))
    }

    @Test func unknownKeysAreWarnedAboutAndTextsMustBeText() throws {
        let site = FixtureSite(Self.posts, config: "title: Blog\nstrings:\n  olderposts: x\n  newer_posts: [a]\n")
        defer { site.remove() }
        #expect(site.failingBuild().headlines == [
            "Content/site.yml:3:3: warning: unknown string 'olderposts' is ignored (did you mean 'older_posts'?)",
            "Content/site.yml:4:16: error: string 'newer_posts' must be text, not a list",
        ])
    }

    @Test func formattingFillsPlaceholdersAndChoosesTheTextForOne() {
        let strings = UIStrings(replacements: [["part_count": "{count} Teile", "part_count_one": "ein Teil"]])
        #expect(strings.format("part_count", count: 1) == "ein Teil")
        #expect(strings.format("part_count", count: 3) == "3 Teile")
        #expect(strings.format("tag_title", ["tag": "{x}"]) == "Posts tagged “{x}”", "a value is not read for placeholders")
        #expect(strings.format("feed_link", ["title": "T"]) == "T ({format})", "an unknown placeholder stays as written")
    }
}
