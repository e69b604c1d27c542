import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// A theme written by hand, or for an older sitegen, lacks templates: each one missing is
/// an error naming it and what it renders (or, for a partial, the tag that names it), and
/// `sitegen build` exits 1, never traps (a missing 404.mustache once crashed the build).
@Suite("A theme missing a template")
struct ThemeCompletenessTests {
    static let templates: [String] = {
        let folder = SharedFolder.projectRoot.appendingPathComponent("Themes/default/templates")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
            .filter { $0 != SocialCards.templateName }.sorted()
    }()

    /// The social card's template is the one a theme may leave out: its posts then have no card.
    @Test func aThemeWithoutASocialCardBuildsWithoutCards() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2020-01-01")])
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/templates/\(SocialCards.templateName).mustache"))
        _ = try site.build()
        #expect(!site.exists("posts/a/social-card.png"))
        #expect(site.read("posts/a/index.html")?.contains("og:image") == false)
    }

    @Test func theDefaultThemeHasEveryPageTemplate() {
        #expect(Set(PageRoute.templates).isSubset(of: Set(Self.templates)))
        #expect(Self.templates.count > PageRoute.table.count, "the default theme's partials were not found")
    }

    @Test(arguments: templates)
    func eachMissingTemplateIsAnErrorAndExitOne(_ name: String) throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2020-01-01\ntags: [x]\nseries: S\nseries_order: 1"),
                                "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2020-01-02\nseries: S\nseries_order: 2")])
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/templates/\(name).mustache"))
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        if PageRoute.table.first(where: { $0.kind.templateName == name })?.template == .builtIn {
            // The built-in template, inside the theme's base (SearchSiteTests has the theme without either).
            #expect(run.status == 0, "exit \(run.status): \(run.stderr)")
            return
        }
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        if let route = PageRoute.table.first(where: { $0.kind.templateName == name }) {
            #expect(run.stderr.contains("Themes/default/templates: error: theme 'default' has no \(name).mustache, which renders \(route.renders)"),
                    "\(run.stderr)")
        } else {
            // A partial or parent: reported at each tag that names it, with its line and column.
            let pattern = try Regex("Themes/default/templates/[a-z0-9-]+\\.mustache:[0-9]+:[0-9]+: error: no (partial|parent template) '\(name)'")
            #expect(run.stderr.contains(pattern), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// The 404 page, whose template once had no description and trapped the build.
    @Test func aThemeWithoutA404TemplateIsAnError() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2020-01-01")])
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/templates/404.mustache"))
        #expect(site.failingBuild().errors.headlines == [
            "Themes/default/templates: error: theme 'default' has no 404.mustache, which renders \(PageKind.notFound.route.renders)"])
    }
}
