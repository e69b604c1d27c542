import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A Hugo `main` menu and a Jekyll theme's `_data/navigation.yml` become `menu:` in
/// `site.yml`, linking where the entries' pages are now; the built site's nav shows them.
@Suite("Import: menus become the site's navigation")
struct ImportMenuTests {
    /// Imports and builds `files`; the written `site.yml` and the home page's nav.
    static func importAndBuild(_ generator: SourceGenerator, _ files: [String: String]) throws -> (report: ImportReport, settings: String, nav: String) {
        let source = ImportFixtures.folder(files)
        let (report, site) = try ImportSiteTests.run(generator, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        let summary = try SiteBuilder(options: .init(siteRoot: site)).build()
        #expect(summary.warnings.filter { $0.severity == .error }.isEmpty)
        try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)
        let settings = try #require(ImportSiteTests.read(site, "Content/site.yml"))
        let home = try #require(ImportSiteTests.read(site, "Output/index.html"))
        let nav = home.components(separatedBy: "<nav class=\"site-nav\" aria-label=\"Site\">").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        return (report, settings, nav)
    }

    /// minimal-mistakes' shape: `main:` a list of `title` and `url`, a second menu for a sidebar.
    @Test func aJekyllNavigationFileIsTheMenu() throws {
        let (report, settings, nav) = try Self.importAndBuild(.jekyll, [
            "_config.yml": "title: Notes\nurl: https://notes.example.com\npermalink: /:categories/:year/:month/:day/:title/\n",
            "_data/navigation.yml": """
                # main links
                main:
                  - title: "Posts"
                    url: /archive/
                  - title: "Setup"
                    url: /docs/setup/
                  - title: "GitHub"
                    url: https://github.com/jane
                docs:
                  - title: Getting Started
                    children:
                      - title: "Quick-Start Guide"
                        url: /docs/quick-start-guide/
                """,
            "docs/setup.md": "---\ntitle: Setup\n---\n\nHow this blog is built.\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\n\nHi.\n",
        ])
        #expect(settings.hasSuffix("""
            menu:
              - title: "Posts"
                url: "/archive/"
              - title: "Setup"
                url: "/setup/"
              - title: "GitHub"
                url: "https://github.com/jane"

            """))
        #expect(report.settings.last == "menu")
        // The page moved from /docs/setup/ (which redirects): the menu links to where it is.
        #expect(nav.contains("<li><a href=\"/setup/\">Setup</a></li>\n<li><a href=\"https://github.com/jane\">GitHub</a></li>"))
        #expect(report.notImported.contains { $0.position == "_data/navigation.yml:9:1" && $0.note?.contains("navigation 'docs'") == true })
    }

    /// minima's `header_pages`: the pages its header links to, in order, by their titles;
    /// one without a title (minima skips it) and a path that is no page are listed.
    @Test func minimasHeaderPagesAreTheMenu() throws {
        let (report, settings, nav) = try Self.importAndBuild(.jekyll, [
            "_config.yml": """
                title: Notes
                url: https://notes.example.com
                theme: minima
                header_pages:
                  - about.md
                  - talks/index.md
                  - untitled.md
                  - gone.md

                """,
            "about.md": "---\nlayout: page\ntitle: About me\npermalink: /about/\n---\n\nMe.\n",
            "talks/index.md": "---\nlayout: page\ntitle: Talks\n---\n\nTalks.\n",
            "untitled.md": "---\nlayout: page\n---\n\nNo title.\n",
            "_posts/2020-01-01-hello.md": "---\ntitle: Hello\n---\n\nHi.\n",
        ])
        #expect(settings.hasSuffix("""
            menu:
              - title: "About me"
                url: "/about/"
              - title: "Talks"
                url: "/talks/"

            """), "\(settings)")
        #expect(nav.contains("<li><a href=\"/about/\">About me</a></li>\n<li><a href=\"/talks/\">Talks</a></li>"), "\(nav)")
        #expect(report.notImported.contains { $0.file == "untitled.md" && $0.note?.contains("without a title") == true })
        #expect(report.notImported.contains { $0.position == "_config.yml:4:1" && $0.note?.contains("header_pages 'gone.md'") == true }, "\(report.notImported)")
    }

    /// Entries of the settings (`url`, `pageRef`) and of front matter (`menu: main`,
    /// `menus: [main, footer]`, `menu: { main: { name, weight } }`), in Hugo's order.
    @Test func aHugoMenuFromSettingsAndFrontMatter() throws {
        let (report, settings, nav) = try Self.importAndBuild(.hugo, [
            "hugo.toml": """
                baseURL = "https://example.org/"
                title = "Hugo Menus"
                [permalinks]
                  posts = "/:year/:slug/"
                [[menu.main]]
                  name = "Posts"
                  pageRef = "/posts"
                  weight = 1
                [[menu.main]]
                  name = "Mastodon"
                  url = "https://mastodon.social/@jane"
                [[menu.footer]]
                  name = "Imprint"
                  url = "/imprint/"
                """,
            "content/posts/_index.md": "---\ntitle: Posts\n---\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2020-01-01\nmenus: [main, footer]\nweight: 5\n---\nHi.\n",
            "content/about.md": "---\ntitle: About\nmenu:\n  main:\n    name: About me\n    weight: 2\n---\nMe.\n",
            "content/uses.md": "+++\ntitle = \"Uses\"\nmenu = \"main\"\nlinkTitle = \"My setup\"\n+++\nTools.\n",
        ])
        #expect(settings.hasSuffix("""
            menu:
              - title: "Posts"
                url: "/posts/"
              - title: "About me"
                url: "/about/"
              - title: "Hello"
                url: "/2020/hello/"
              - title: "Mastodon"
                url: "https://mastodon.social/@jane"
              - title: "My setup"
                url: "/uses/"

            """))
        #expect(nav.contains(">About me</a></li>\n<li><a href=\"/2020/hello/\">Hello</a></li>"))
        #expect(report.notImported.filter { $0.note?.contains("menu 'footer'") == true }.map(\.file) == ["hugo.toml"])
    }

    /// A language's own menu replaces the site's (checked with real hugo 0.111); the
    /// entries of front matter stay.
    @Test func theLanguagesOwnMenuReplacesTheSites() throws {
        let (_, settings, _) = try Self.importAndBuild(.hugo, [
            "hugo.toml": """
                title = "Own menu"
                [[menu.main]]
                  name = "Site-wide"
                  url = "/site-wide/"
                [languages.en]
                  weight = 1
                  [[languages.en.menu.main]]
                    name = "Only in English"
                    url = "https://example.org/en-only/"
                """,
            "content/about.md": "---\ntitle: About\nmenu: main\n---\nMe.\n",
        ])
        #expect(settings.hasSuffix("""
            menu:
              - title: "About"
                url: "/about/"
              - title: "Only in English"
                url: "https://example.org/en-only/"

            """))
    }
}
