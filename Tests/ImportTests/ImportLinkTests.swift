import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A blog whose links were already dead before the move: the import lists each at its
/// place and writes `links: { internal: warn }`, so the imported site builds; raw HTML
/// anchors are targets, and its images are checked.
@Suite("Import: links broken in the source site")
struct ImportLinkTests {
    static let jekyll: [String: String] = [
        "_config.yml": "title: Swift Notes\nurl: https://notes.example.com\n",
        "images/logo.png": "png",
        "_posts/2019-05-01-release-notes.md": """
            ---
            layout: post
            title: Release notes
            ---

            [Skip to the changes](#changes) · [the old talk](/2014/06/02/wwdc-talk.html)

            <a name="changes"></a>
            <a href="{% post_url 2019-05-01-release-notes %}">this post</a>
            <img src="/images/logo.png" alt="Logo">
            <img src="/images/screenshot-2014.png" alt="An old screenshot">

            Fixed the crash.
            """,
        "_drafts/next-release.md": """
            ---
            title: Next release
            ---

            See [the roadmap](/roadmap/).
            """,
    ]

    @Test func deadLinksOfTheSourceAreListedAndMadeWarnings() throws {
        let source = ImportFixtures.folder(Self.jekyll)
        defer { try? FileManager.default.removeItem(at: source) }
        try Data(TestImages.png(width: 4, height: 3)).write(to: source.appendingPathComponent("images/logo.png"))
        let site = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: site)).run()

        let dead = try #require(report.left[ImportedLinks.brokenInSource])
        #expect(dead.sorted().map(\.position) == [
            "Content/posts/2019-05-01-release-notes.md:6:50", "Content/posts/2019-05-01-release-notes.md:11:11",
            "Content/posts/drafts/next-release.md:6:19",
        ])
        #expect(dead.sorted().map { $0.text ?? "" } == ["/2014/06/02/wwdc-talk.html", "/images/screenshot-2014.png", "/roadmap/"])
        #expect(dead.sorted().last?.note?.hasSuffix(ImportedLinks.inADraft) == true)
        #expect(report.left[ImportedLinks.brokenHere]?.map { $0.text ?? "" } == ["{% post_url 2019-05-01-release-notes %}"],
                "a link Liquid made worked in the old site; #changes finds <a name=\"changes\">, the logo is there")
        let settings = try String(contentsOf: site.appendingPathComponent("Content/site.yml"), encoding: .utf8)
        #expect(settings.hasSuffix(ImportedLinks.setting(broken: 4, inSource: 3)))
        #expect(settings.contains("# sitegen import found 4 links that lead nowhere (3 of them already broken in the source site)"))
        #expect(report.settings.last == "links.internal")

        // The imported site builds: the dead links are warnings, at their places, the draft's too.
        let summary = try SiteBuilder(options: .init(siteRoot: site)).build()
        let warnings = summary.warnings.filter { $0.message.hasPrefix("broken link") }.map(\.headline)
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings.contains("Content/posts/drafts/next-release.md:6:19: warning: broken link '/roadmap/': no page or file of the site is at /roadmap/"))
        #expect(warnings.contains("Content/posts/2019-05-01-release-notes.md:6:50: warning: broken link '/2014/06/02/wwdc-talk.html': "
                                  + "no page or file of the site is at /2014/06/02/wwdc-talk.html"))
        #expect(warnings.contains("Content/posts/2019-05-01-release-notes.md:11:11: warning: broken link '/images/screenshot-2014.png': "
                                  + "no page or file of the site is at /images/screenshot-2014.png"))
        try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)
        _ = try SiteBuilder(options: .init(siteRoot: site, includeDrafts: true)).build()
    }

    @Test func aSiteWithoutDeadLinksKeepsErrors() throws {
        var files = Self.jekyll
        files["_posts/2019-05-01-release-notes.md"] = "---\ntitle: Release notes\n---\n\n[Skip](#changes)\n\n<a name=\"changes\"></a>\n"
        files["_drafts/next-release.md"] = nil
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        let site = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let report = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: site)).run()
        #expect(report.left[ImportedLinks.brokenInSource] == nil)
        let settings = try String(contentsOf: site.appendingPathComponent("Content/site.yml"), encoding: .utf8)
        #expect(!settings.contains("\nlinks:"))
    }
}
