import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The render cache of `sitegen serve` finds unchanged posts, bodies and pages by their
/// position in the last build's lists. Every kind of edit must still re-render the pages
/// that show it, and leave the output what a full build makes.
@Suite("Render cache invalidation", .serialized)
struct RenderCacheTests {
    static func post(_ title: String, _ date: String, tags: String = "swift", series: String? = nil, order: Int = 1,
                     body: String = "## Setup\n\nText.\n") -> String {
        FixtureSite.post("title: \(title)\ndate: \(date)\ntags: [\(tags)]" + (series.map { "\nseries: \($0)\nseries_order: \(order)" } ?? ""),
                         body: body)
    }

    static func site() -> FixtureSite {
        FixtureSite([
            "Content/posts/one.md": post("One", "2017-04-19", series: "VIPER", order: 1),
            "Content/posts/two.md": post("Two", "2017-04-24", series: "VIPER", order: 2, body: "See [one](one.md#setup).\n"),
            "Content/posts/three.md": post("Three", "2017-04-28", tags: "swift, books"),
            "Content/posts/other.md": post("Other", "2017-05-01", tags: "books"),
        ])
    }

    /// Rebuilds with `cache` and expects the full build's output; the paths it wrote.
    static func rebuild(_ site: FixtureSite, _ step: String, cache: RebuildCache) throws -> Set<String> {
        Set(try RebuildTests.expectRebuildEqualsFullBuild(site, step, cache: cache).written)
    }

    /// The site built, and rebuilt once with a new cache.
    static func warmed() throws -> (FixtureSite, RebuildCache) {
        let site = Self.site()
        let cache = RebuildCache()
        do {
            _ = try site.build()
            _ = try rebuild(site, "warm the cache", cache: cache)
        } catch {
            site.remove()
            throw error
        }
        return (site, cache)
    }

    @Test func eachKindOfEditRendersThePagesThatShowIt() throws {
        let (site, cache) = try Self.warmed()
        defer { site.remove() }
        #expect(try Self.rebuild(site, "nothing changed", cache: cache).isEmpty)
        #expect(cache.renderedUnits == 0)

        // A body: its page and the feeds that carry its content; not the other posts' pages.
        site.write("Content/posts/three.md", Self.post("Three", "2017-04-28", tags: "swift, books", body: "## Setup\n\nText.\n\nMore words here.\n"))
        var written = try Self.rebuild(site, "edit a body", cache: cache)
        #expect(written.isSuperset(of: ["posts/three/index.html", "atom.xml", "tags/books/atom.xml", "tags/swift/atom.xml"]))
        #expect(!written.contains("posts/one/index.html") && !written.contains("posts/other/index.html"))

        // A title: shown by the other part's series box, and by the lists.
        site.write("Content/posts/one.md", Self.post("One, retitled", "2017-04-19", series: "VIPER", order: 1))
        written = try Self.rebuild(site, "edit a title", cache: cache)
        #expect(written.isSuperset(of: ["posts/one/index.html", "posts/two/index.html", "series/viper/index.html", "archive/index.html"]))
        #expect(!written.contains("posts/three/index.html"))

        // The series order: both parts' places change.
        site.write("Content/posts/one.md", Self.post("One, retitled", "2017-04-19", series: "VIPER", order: 3))
        written = try Self.rebuild(site, "reorder a series", cache: cache)
        #expect(written.isSuperset(of: ["posts/one/index.html", "posts/two/index.html", "series/viper/index.html"]))
        #expect(!written.contains("posts/other/index.html"))

        // A tag's display name is its most used spelling: two posts spelling it anew rename
        // it on every page that lists a post with it, though the third post did not change.
        site.write("Content/posts/one.md", Self.post("One, retitled", "2017-04-19", tags: "Swift", series: "VIPER", order: 3))
        site.write("Content/posts/two.md", Self.post("Two", "2017-04-24", tags: "Swift", series: "VIPER", order: 2, body: "See [one](one.md#setup).\n"))
        written = try Self.rebuild(site, "respell a tag", cache: cache)
        #expect(site.read("tags/swift/index.html")?.contains("Swift") == true)
        #expect(written.contains("posts/three/index.html"), "its tag list shows the new spelling")
        #expect(!written.contains("posts/other/index.html"))
    }

    /// An edit undone comes back to inputs an earlier build rendered: the pages must be
    /// rendered again, since the output holds the edit's.
    @Test func anEditUndoneIsRenderedAgain() throws {
        let (site, cache) = try Self.warmed()
        defer { site.remove() }
        let original = try #require(site.read("archive/index.html"))
        site.write("Content/posts/three.md", Self.post("Three, edited", "2017-04-28", tags: "swift, books"))
        _ = try Self.rebuild(site, "edit a title", cache: cache)
        #expect(site.read("archive/index.html")?.contains("Three, edited") == true)
        site.write("Content/posts/three.md", Self.post("Three", "2017-04-28", tags: "swift, books"))
        let written = try Self.rebuild(site, "undo the edit", cache: cache)
        #expect(written.contains("archive/index.html") && written.contains("posts/three/index.html"))
        #expect(site.read("archive/index.html") == original)
    }

    /// A new post moves every later post, page and feed one place down the build's lists:
    /// what was cached at a place then belongs to another post.
    @Test func postsMovingPlaceAreComparedByWhatTheyAre() throws {
        let (site, cache) = try Self.warmed()
        defer { site.remove() }
        site.write("Content/posts/newest.md", Self.post("Newest", "2017-06-01", tags: "books"))
        var written = try Self.rebuild(site, "add the newest post", cache: cache)
        #expect(written.contains("posts/newest/index.html"))
        #expect(!written.contains("posts/one/index.html"), "moved down the list, but the same page")
        site.write("Content/posts/one.md", Self.post("One", "2017-04-19", series: "VIPER", order: 1, body: "## Setup\n\nEdited.\n"))
        written = try Self.rebuild(site, "then edit a body", cache: cache)
        #expect(written.contains("posts/one/index.html") && !written.contains("posts/newest/index.html"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/newest.md"))
        written = try Self.rebuild(site, "remove it again", cache: cache)
        #expect(!site.exists("posts/newest/index.html"))
    }

    /// The link checker proves fragments against the pages' ids: a renamed heading, or a
    /// link into a page that was no fragment target before, is checked on a cached rebuild.
    @Test func fragmentLinksAreCheckedAgainstTheEditedPages() throws {
        let (site, cache) = try Self.warmed()
        defer { site.remove() }
        site.write("Content/posts/one.md", Self.post("One", "2017-04-19", series: "VIPER", order: 1, body: "## Renamed\n\nText.\n"))
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache) }
        site.write("Content/posts/one.md", Self.post("One", "2017-04-19", series: "VIPER", order: 1))
        _ = try Self.rebuild(site, "the heading back", cache: cache)
        site.write("Content/posts/other.md", Self.post("Other", "2017-05-01", tags: "books", body: "See [three](three.md#nowhere).\n"))
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache) }
        site.write("Content/posts/other.md", Self.post("Other", "2017-05-01", tags: "books", body: "See [three](three.md#setup).\n"))
        _ = try Self.rebuild(site, "a link into a new target", cache: cache)
    }

    /// A failed rebuild renders pages it does not commit: the next build compares with
    /// what the output holds, not with what the failed one rendered.
    @Test func aFailedRebuildDoesNotCountAsRendered() throws {
        let (site, cache) = try Self.warmed()
        defer { site.remove() }
        site.write("Content/posts/three.md", Self.post("Three, edited", "2017-04-28", tags: "swift, books", body: "[x](missing.md)\n"))
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache) }
        site.write("Content/posts/three.md", Self.post("Three, edited", "2017-04-28", tags: "swift, books"))
        let written = try Self.rebuild(site, "fix the link", cache: cache)
        #expect(written.contains("archive/index.html") && written.contains("posts/three/index.html"))
    }
}
