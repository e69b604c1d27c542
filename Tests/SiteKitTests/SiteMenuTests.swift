import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// `menu:` in `site.yml` is the site's navigation: its entries, in its order, in the theme's
/// `<nav aria-label>` list, under the base URL's path; the page an entry links to marks it.
@Suite("Site menu")
struct SiteMenuTests {
    static let config = """
        title: "Menu Blog"
        base_url: "https://example.com/blog/"
        menu:
          - title: "Writing"
            url: "/archive/"
          - title: "About me"
            url: "/about/"
          - title: "Code & Talks"
            url: "https://github.com/example"

        """

    @Test func theMenuIsTheNavigationInItsOrder() throws {
        let site = FixtureSite([
            "Content/posts/2020-01-01-first.md": "---\ntitle: First\n---\n\nHello.\n",
            "Content/pages/about.md": "---\ntitle: About\nnav_order: 1\n---\n\nMe.\n",
            "Content/pages/uses.md": "---\ntitle: Uses\nnav_order: 2\n---\n\nTools.\n",
        ], config: Self.config)
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try site.build()
        let about = try #require(site.read("about/index.html"))
        let nav = try #require(about.components(separatedBy: "<nav class=\"site-nav\" aria-label=\"Site\">").dropFirst().first?
            .components(separatedBy: "</nav>").first)
        #expect(nav == """

            <ul>
            <li><a href="/blog/archive/">Writing</a></li>
            <li><a href="/blog/about/" aria-current="page" class="active">About me</a></li>
            <li><a href="https://github.com/example">Code &amp; Talks</a></li>
            </ul>

            """)
        // With a menu, nav_order no longer adds pages, and the theme's own entries are gone.
        let home = try #require(site.read("index.html"))
        #expect(!home.contains(">Uses</a>") && !home.contains(">Tags</a>"))
        let archive = try #require(site.read("archive/index.html"))
        #expect(archive.contains("<li><a href=\"/blog/archive/\" aria-current=\"page\" class=\"active\">Writing</a></li>"))
    }

    @Test func withoutAMenuTheNavigationIsTheThemes() throws {
        let site = FixtureSite(["Content/pages/about.md": "---\ntitle: About\nnav_order: 1\n---\n\nMe.\n"])
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try site.build()
        let home = try #require(site.read("index.html"))
        #expect(home.contains(">Archive</a>") && home.contains(">About</a>"))
    }

    @Test func aWrongMenuIsAnErrorAtItsPlace() {
        let site = FixtureSite([:], config: """
            title: "Menu Blog"
            menu:
              - title: "About"
                url: "about"
              - url: "/x/"
              - "Home"

            """)
        defer { try? FileManager.default.removeItem(at: site.root) }
        let messages = site.failingBuild().map(\.description)
        #expect(messages.contains { $0.contains("site.yml:4:10: error: menu url 'about' must be a path of the site (/about/) or an http(s):// address") })
        #expect(messages.contains { $0.contains("site.yml:5:5: error: missing required key 'title'") })
        #expect(messages.contains { $0.contains("site.yml:6:5: error: a menu entry must be a mapping with 'title' and 'url', not") })
    }
}
