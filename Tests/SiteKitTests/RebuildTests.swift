import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The preview server's rebuilds change the output in place. After any sequence of edits the
/// output must be byte for byte what a full `sitegen build` makes, and files whose bytes did
/// not change must not be written again.
@Suite("Rebuilding in place", .serialized)
struct RebuildTests {
    static func part(_ title: String, _ date: String, series: String? = nil, order: Int = 1, body: String = "Text.\n") -> String {
        FixtureSite.post("title: \(title)\ndate: \(date)\ntags: [swift]" + (series.map { "\nseries: \($0)\nseries_order: \(order)" } ?? ""), body: body)
    }

    /// Every file of a folder with its bytes.
    static func tree(_ folder: URL) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: DirectoryWalker.files(below: folder.path, includeHidden: true).map {
            ($0, FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) ?? Data())
        })
    }

    /// Rebuilds `site` in place and expects exactly what a fresh full build of it writes.
    /// `named`: the files the watcher names, from the site's root (nil: it cannot say).
    @discardableResult
    static func expectRebuildEqualsFullBuild(_ site: FixtureSite, _ step: String, cache: RebuildCache? = nil,
                                             named: [String]? = nil) throws -> OutputSync.Changes {
        let said = named.map { SourceChanges(files: Set($0.map { site.root.appendingPathComponent($0).standardizedFileURL.path })) } ?? .unknown
        let (_, changes) = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache, changes: said)
        let fresh = site.root.appendingPathComponent("Fresh")
        defer { try? FileManager.default.removeItem(at: fresh) }
        _ = try SiteBuilder(options: .init(siteRoot: site.root, output: fresh)).build()
        let (incremental, full) = (tree(site.output), tree(fresh))
        #expect(incremental.keys.sorted() == full.keys.sorted(), "\(step): the same files")
        for (path, bytes) in full where incremental[path] != bytes { Issue.record("\(step): \(path) differs") }
        return changes
    }

    /// Both run the one skeleton: the same stages, and a failed link check leaves either
    /// output as it was.
    @Test func aFullBuildAndARebuildHaveTheSameStages() throws {
        let site = FixtureSite(["Content/posts/one.md": Self.part("One", "2017-04-19")])
        defer { site.remove() }
        let built = try site.build()
        let (rebuilt, _) = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        #expect(built.stageSeconds.map(\.stage) == ["load", "render", "write"])
        #expect(rebuilt.stageSeconds.map(\.stage) == built.stageSeconds.map(\.stage))
        let before = site.outputSnapshot()
        site.write("Content/posts/two.md", Self.part("Two", "2017-04-20", body: "[gone](missing.md)\n"))
        #expect(site.failingBuild().errors.count == 1)
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace() }
        #expect(site.outputSnapshot() == before)
    }

    /// Without a cache every rebuild renders everything; with one (as `sitegen serve` keeps),
    /// only what changed.
    @Test(arguments: [false, true])
    func aScriptedSequenceOfEditsEqualsAFullBuildAfterEveryStep(cached: Bool) throws {
        let cache = cached ? RebuildCache() : nil
        let site = FixtureSite([
            "Content/posts/one.md": Self.part("One", "2017-04-19", series: "VIPER", order: 1),
            "Content/posts/two.md": Self.part("Two", "2017-04-24", series: "VIPER", order: 2, body: "See [one](one.md).\n"),
            "Content/posts/three.md": Self.part("Three", "2017-04-28", series: "Frog", order: 1),
            "Content/posts/four.md": Self.part("Four", "2017-05-01", series: "Frog", order: 2),
            "Content/static/images/a.svg": "<svg/>",
        ])
        defer { site.remove() }
        _ = try site.build()
        if let cache { _ = try Self.expectRebuildEqualsFullBuild(site, "warm the cache", cache: cache) }

        site.write("Content/posts/five.md", Self.part("Five", "2017-05-03", series: "VIPER", order: 3))
        var changes = try Self.expectRebuildEqualsFullBuild(site, "add a post", cache: cache)
        // Only search index chunks go: they are named by their contents, so a changed chunk is a new file.
        #expect(changes.written.contains("posts/five/index.html") && changes.removed.allSatisfy { $0.hasPrefix("search/terms/") })

        try FileManager.default.moveItem(at: site.root.appendingPathComponent("Content/posts/four.md"),
                                         to: site.root.appendingPathComponent("Content/posts/renamed.md"))
        changes = try Self.expectRebuildEqualsFullBuild(site, "rename a post", cache: cache)
        #expect(changes.removed.filter { !$0.hasPrefix("search/terms/") } == ["posts/four/index.html", "posts/four/social-card.png"])

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/three.md"))
        changes = try Self.expectRebuildEqualsFullBuild(site, "delete a post", cache: cache)
        #expect(changes.removed.contains("posts/three/index.html"))

        site.write("Content/posts/renamed.md", Self.part("Four", "2017-05-01", series: "VIPER", order: 4))
        changes = try Self.expectRebuildEqualsFullBuild(site, "move a post to another series", cache: cache)
        #expect(changes.removed.contains("series/frog/index.html"), "the emptied series is gone")

        let template = try String(contentsOf: site.root.appendingPathComponent("Themes/default/templates/site-footer.mustache"), encoding: .utf8)
        site.write("Content/templates/site-footer.mustache", template.replacingOccurrences(of: "{{strings.built_with}}", with: "Made with care."))
        changes = try Self.expectRebuildEqualsFullBuild(site, "change a template", cache: cache)
        #expect(site.read("index.html")?.contains("Made with care.") == true)

        site.write("Content/static/images/a.svg", "<svg></svg>")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/templates/site-footer.mustache"))
        changes = try Self.expectRebuildEqualsFullBuild(site, "change a static file and drop the override", cache: cache)
        #expect(changes.written.contains("images/a.svg"))
    }

    /// A post's page names the size of the picture it is shared with (`og:image:width`):
    /// another size of the file its `image:` names is seen by a cached rebuild, as is one of
    /// a picture in its body. (The page once kept the old size until serve restarted: what
    /// a page shows was listed twice, and its signature lacked the picture; ``PageInputs``.)
    @Test(arguments: [false, true])
    func anotherSizeOfAPostsPictureIsSeenByACachedRebuild(named: Bool) throws {
        let cache = RebuildCache()
        let site = FixtureSite(["Content/posts/one.md": FixtureSite.post("title: One\ndate: 2017-04-19\nimage: /images/cover.png",
                                                                          body: "Text.\n\n![A diagram](/images/diagram.png)\n")])
        defer { site.remove() }
        site.write("Content/static/images/cover.png", bytes: TestImages.png(width: 1200, height: 630))
        site.write("Content/static/images/diagram.png", bytes: TestImages.png(width: 300, height: 200))
        _ = try site.build()
        try Self.expectRebuildEqualsFullBuild(site, "warm the cache", cache: cache)
        site.write("Content/static/images/cover.png", bytes: TestImages.png(width: 1000, height: 500))
        try Self.expectRebuildEqualsFullBuild(site, "the cover", cache: cache, named: named ? ["Content/static/images/cover.png"] : nil)
        #expect(site.read("posts/one/index.html")?.contains("<meta property=\"og:image:width\" content=\"1000\">") == true)
        site.write("Content/static/images/diagram.png", bytes: TestImages.png(width: 320, height: 240))
        try Self.expectRebuildEqualsFullBuild(site, "the body's picture", cache: cache, named: named ? ["Content/static/images/diagram.png"] : nil)
        #expect(site.read("posts/one/index.html")?.contains("width=\"320\" height=\"240\"") == true)
    }

    /// Turning `$…$` math on while serving changes which bodies hold formulas: the cached
    /// math scans must not keep the old answer (the formula was shown as TeX until a restart).
    @Test func aChangedMathSettingIsSeenByACachedRebuild() throws {
        let cache = RebuildCache()
        let site = FixtureSite(["Content/posts/one.md": Self.part("One", "2017-04-19", body: "Area: $\\pi r^2$ here.\n")])
        defer { site.remove() }
        _ = try site.build()
        _ = try Self.expectRebuildEqualsFullBuild(site, "warm the cache", cache: cache)
        site.write("Content/site.yml", "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nmarkdown:\n  math:\n    dollars: true\n")
        _ = try Self.expectRebuildEqualsFullBuild(site, "dollars on", cache: cache)
        #expect(site.read("posts/one/index.html")?.contains("class=\"math") == true)
    }

    @Test func unchangedFilesAreNotWrittenAgain() throws {
        let site = FixtureSite([
            "Content/posts/one.md": Self.part("One", "2017-04-19"),
            "Content/posts/two.md": Self.part("Two", "2017-04-24"),
        ])
        defer { site.remove() }
        _ = try site.build()
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for path in DirectoryWalker.files(below: site.output.path, includeHidden: true) {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: site.output.appendingPathComponent(path).path)
        }
        site.write("Content/posts/one.md", Self.part("One", "2017-04-19", body: "Edited text.\n"))
        let changes = try Self.expectRebuildEqualsFullBuild(site, "edit a post's body")
        // The post, and the lists and feeds that carry its excerpt or content.
        #expect(changes.written.contains("posts/one/index.html"))
        #expect(!changes.written.contains("posts/two/index.html"))
        func modified(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(path).path)[.modificationDate] as? Date
        }
        #expect(try modified("posts/two/index.html") == past)
        #expect(try modified("css/style.css") == past)
        #expect(try modified("posts/one/index.html") != past)
        #expect(changes.unchanged > 5)
    }

    @Test func aCachedRebuildRendersOnlyWhatAnEditAffects() throws {
        let site = FixtureSite([
            "Content/posts/one.md": Self.part("One", "2017-04-19", series: "VIPER", order: 1),
            "Content/posts/two.md": Self.part("Two", "2017-04-24", series: "VIPER", order: 2),
            "Content/posts/other.md": FixtureSite.post("title: Other\ndate: 2017-05-01\ntags: [books]"),
        ])
        defer { site.remove() }
        _ = try site.build()
        let cache = RebuildCache()
        _ = try Self.expectRebuildEqualsFullBuild(site, "warm the cache", cache: cache)
        let all = cache.renderedUnits
        // A second paragraph: not in the excerpt, but it changes the word count that lists carry.
        site.write("Content/posts/one.md", Self.part("One", "2017-04-19", series: "VIPER", order: 1, body: "Text.\n\nA new paragraph.\n"))
        let changes = try Self.expectRebuildEqualsFullBuild(site, "edit one post", cache: cache)
        #expect(changes.written.contains("posts/one/index.html"))
        // Its page; the feeds that carry its content (the site's, its tag's, its series'); the
        // lists that carry its word count (home, archive, its tag's and its series' pages, 404).
        // Not the other posts, the tag index, the series index or the other tag's page and feeds.
        #expect(cache.renderedUnits == 9, "rendered \(cache.renderedUnits) of \(all)")
        #expect(cache.skippedUnits == all - 9)
        #expect(!changes.written.contains("posts/two/index.html") && !changes.written.contains("tags/books/index.html"))

        // A failed rebuild renders but does not count: the next one renders the page again.
        site.write("Content/posts/one.md", Self.part("One", "2017-04-19", series: "VIPER", order: 1, body: "[x](missing.md)\n"))
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache) }
        site.write("Content/posts/one.md", Self.part("One", "2017-04-19", series: "VIPER", order: 1, body: "Text.\n\nA new paragraph.\n"))
        _ = try Self.expectRebuildEqualsFullBuild(site, "back to the last good text", cache: cache)
        #expect(cache.renderedUnits == 0, "the output already has this text")
    }

    @Test func aFailedRebuildLeavesTheOutputAsItWas() throws {
        let site = FixtureSite(["Content/posts/one.md": Self.part("One", "2017-04-19")])
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/posts/one.md", Self.part("One", "2017-04-19", body: "[broken](nowhere.md)\n"))
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace() }
        #expect(site.outputSnapshot() == before)
    }
}
