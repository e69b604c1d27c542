import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The default theme built into sitegen: the same bytes as `Themes/default`, used when a
/// site has no `Themes/default/`, and never in place of the site's own files.
@Suite("Built-in theme")
struct BuiltInThemeTests {
    /// A site with a series, tags, a page, a static file and a formula-free body: most of what
    /// the theme renders.
    static let files = [
        "Content/posts/one.md": FixtureSite.post("title: One\ndate: 2017-04-19\ntags: [swift, ios]\nseries: Frog\nseries_order: 1",
                                                 body: "## A\n\n## B\n\n### C\n\nText with `code`.\n"),
        "Content/posts/two.md": FixtureSite.post("title: Two\ndate: 2017-04-20\ntags: [swift]\nseries: Frog\nseries_order: 2"),
        "Content/pages/about.md": FixtureSite.post("title: About\nnav_order: 1"),
        "Content/static/images/a.png": "png",
    ]

    /// Every file below a folder, by path, with its bytes.
    static func files(below folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        for path in DirectoryWalker.files(below: folder.path, includeHidden: true) {
            found[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return found
    }

    @Test func builtInFilesAreThemesDefaultByteForByte() {
        let folder = SharedFolder.projectRoot.appendingPathComponent("Themes/default")
        let onDisk = Self.files(below: folder)
        let builtIn = Dictionary(uniqueKeysWithValues: BuiltInTheme.files.map { ($0.path, Data($0.bytes)) })
        #expect(onDisk.count >= 20, "Themes/default was not found at \(folder.path)")
        // A file in a folder made since SwiftPM last planned the build escapes the plugin; touching Package.swift re-plans.
        #expect(builtIn.keys.sorted() == onDisk.keys.sorted(), "the built-in theme's files differ from Themes/default's: touch Package.swift and rebuild")
        for (path, bytes) in onDisk {
            #expect(builtIn[path] == bytes, "\(path) differs from the built-in copy: rebuild")
        }
    }

    @Test func aSiteWithoutThemesBuildsTheSameBytesAsWithThemesDefault() throws {
        let withFolder = FixtureSite(Self.files)
        let without = FixtureSite(Self.files, withTheme: false)
        defer { withFolder.remove(); without.remove() }
        let a = try withFolder.build(), b = try without.build()
        #expect(a.warnings.isEmpty && b.warnings.isEmpty, "\(a.warnings + b.warnings)")
        #expect(!FileManager.default.fileExists(atPath: without.root.appendingPathComponent("Themes").path))
        let expected = Self.files(below: withFolder.output)
        #expect(expected["css/style.css"] != nil && expected["favicon.svg"] != nil && expected["series/frog/index.html"] != nil)
        #expect(Self.files(below: without.output) == expected)
    }

    @Test func serveRebuildsWithTheBuiltInThemeWriteTheSameBytes() throws {
        let site = FixtureSite(Self.files, withTheme: false)
        defer { site.remove() }
        _ = try site.build()
        let built = Self.files(below: site.output)
        let (_, changes) = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        #expect(changes.written.isEmpty && changes.removed.isEmpty, "in place: \(changes.written) \(changes.removed)")
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("css/style.css"))
        let (_, again) = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        #expect(again.written == ["css/style.css"])
        #expect(Self.files(below: site.output) == built)
    }

    @Test func theSitesOwnTemplatesAndStaticFilesStillWin() throws {
        let site = FixtureSite(Self.files.merging([
            "Content/templates/site-footer.mustache": "<footer>OWN FOOTER</footer>\n",
            "Content/static/css/style.css": "body { color: red }\n",
        ]) { a, _ in a }, withTheme: false)
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("index.html")?.contains("<footer>OWN FOOTER</footer>") == true)
        #expect(site.read("css/style.css") == "body { color: red }\n")
        #expect(site.exists("favicon.svg"), "the built-in theme's other static files are still copied")
    }

    @Test func aThemesDefaultFolderReplacesTheBuiltInThemeWhole() throws {
        let site = FixtureSite(Self.files)
        defer { site.remove() }
        site.write("Themes/default/static/css/style.css", "/* the site's copy */\n")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/static/favicon.svg"))
        _ = try site.build()
        #expect(site.read("css/style.css") == "/* the site's copy */\n")
        #expect(!site.exists("favicon.svg"), "a theme folder is the whole theme; nothing comes from the built-in one")
    }

    @Test func anotherMissingThemeNamesTheBuiltInOne() {
        let site = FixtureSite(Self.files, config: "title: T\ntheme: defalt\n", withTheme: false)
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines
                == ["Content/site.yml:2:8: error: theme 'defalt' not found in Themes/ (did you mean 'default'?); themes: default (built in)"])
    }

    @Test func errorsInOverridesOfTheBuiltInThemeNameTheFiles() {
        let site = FixtureSite(Self.files, withTheme: false)
        defer { site.remove() }
        site.write("Content/templates/site-footer.mustache", "{{> nowhere}}\n")
        #expect(site.failingBuild().errors.headlines
                == ["Content/templates/site-footer.mustache:1:1: error: no partial 'nowhere': no nowhere.mustache in the theme or Content/templates/"])
    }
}
