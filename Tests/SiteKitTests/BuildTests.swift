import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

@Suite("Building a site")
struct BuildTests {
    static let twoPosts = [
        "Content/posts/older.md": FixtureSite.post("title: \"Older <post> & more\"\ndate: 2017-04-01\nsummary: \"About Array<Int>\"",
                                                   body: "A paragraph with `Array<Int>`.\n\n```swift\nlet a: Array<Int> = [1, 2] // a < b && c > d\n```\n"),
        "Content/posts/newer.md": FixtureSite.post("title: Newer\ndate: 2017-05-01", body: "Second post.\n\n<script>alert(1)</script>\n"),
    ]

    @Test func writesOnePagePerPostAndAHomePage() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.posts == 2)
        // Two posts, the home page, the archive, the tag index, the series index, 404.html and the search page.
        #expect(summary.pages == 8)
        let older = try #require(site.read("posts/older/index.html"))
        #expect(older.hasPrefix("<!DOCTYPE html>"))
        #expect(older.contains("<h1>Older &lt;post&gt; &amp; more</h1>"))
        #expect(older.contains("<p>A paragraph with <code>Array&lt;Int&gt;</code>.</p>"))
        #expect(older.withoutHighlightSpans.contains("let a: Array&lt;Int&gt; = [1, 2] // a &lt; b &amp;&amp; c &gt; d"))
        #expect(!older.contains("&amp;lt;"), "escaped exactly once")
        let home = try #require(site.read("index.html"))
        let newerLink = try #require(home.range(of: "<a href=\"/posts/newer/\">Newer</a>"))
        let olderLink = try #require(home.range(of: "<a href=\"/posts/older/\">Older &lt;post&gt; &amp; more</a>"))
        #expect(newerLink.lowerBound < olderLink.lowerBound, "newest first")
        #expect(home.contains("About Array&lt;Int&gt;"))
    }

    @Test func rawHTMLIsOmittedUnlessAllowed() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("posts/newer/index.html")?.contains("<!-- raw HTML omitted -->") == true)
        site.write("Content/site.yml", "title: T\nmarkdown:\n  allow_raw_html: true\n  smart_punctuation: true\n")
        site.write("Content/posts/quotes.md", FixtureSite.post("title: Q\ndate: 2017-06-01", body: "\"Quoted\" -- dash\n"))
        _ = try site.build()
        // GFM's tag filter, on by default, writes a <script> (<iframe>, <style>, …) as text.
        #expect(site.read("posts/newer/index.html")?.contains("&lt;script>alert(1)&lt;/script>") == true)
        #expect(site.read("posts/quotes/index.html")?.contains("<p>“Quoted” – dash</p>") == true)
        site.write("Content/site.yml", "title: T\nmarkdown:\n  allow_raw_html: true\n  extensions: [table, footnotes]\n")
        _ = try site.build()
        #expect(site.read("posts/newer/index.html")?.contains("<script>alert(1)</script>") == true)
    }

    @Test func copiesStaticFilesAsTheyAre() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        site.write("Content/static/images/flow.svg", "<svg/>")
        site.write("Content/static/.well-known/security.txt", "Contact: x")
        let summary = try site.build()
        #expect(site.read("images/flow.svg") == "<svg/>")
        #expect(site.read(".well-known/security.txt") == "Contact: x")
        // Eight pages, three feeds, the sitemap, robots.txt, two static files, the theme's
        // stylesheet, icon, code script, directives script and search script, the search
        // index (its index file, one chunk, a fragment per post) with the OpenSearch description,
        // and the two posts' social cards.
        #expect(summary.filesWritten == 27)
        #expect(site.exists("posts/newer/social-card.png"))
        #expect(site.exists("css/style.css"))
    }

    @Test func linkedStaticFilesAreCopiedAsFilesAndBrokenLinksReported() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        site.write("Elsewhere/logo.svg", "<svg id=logo/>")
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/static"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/static/logo.svg").path,
                                                   withDestinationPath: site.root.appendingPathComponent("Elsewhere/logo.svg").path)
        _ = try site.build()
        let copied = site.output.appendingPathComponent("logo.svg").path
        let type = try FileManager.default.attributesOfItem(atPath: copied)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "a file, not a link")
        #expect(site.read("logo.svg") == "<svg id=logo/>")
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/static/gone.png").path,
                                                   withDestinationPath: "/nonexistent.png")
        #expect(site.failingBuild().errors.headlines == ["Content/static/gone.png: error: broken symbolic link: its target /nonexistent.png does not exist"])
    }

    @Test func staticFileMayNotReplaceAGeneratedPage() {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        site.write("Content/static/index.html", "mine")
        #expect(site.failingBuild().errors.map(\.file) == ["Content/static/index.html"])
    }

    @Test func draftsAreLeftOutUnlessAsked() throws {
        var files = Self.twoPosts
        files["Content/posts/wip.md"] = FixtureSite.post("title: WIP\ndate: 2017-06-01\ndraft: true")
        let site = FixtureSite(files)
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.skippedDrafts == ["Content/posts/wip.md"])
        #expect(!site.exists("posts/wip/index.html"))
        _ = try site.build(drafts: true)
        #expect(site.exists("posts/wip/index.html"))
    }

    @Test func failedBuildLeavesThePreviousOutputByteIdentical() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        site.write("Content/static/a.txt", "static")
        _ = try site.build()
        let before = site.outputSnapshot()
        #expect(before.count >= 6)
        site.write("Content/posts/newer.md", "---\ntitle: [broken\ndate: 2017-05-01\n---\n")
        site.write("Content/static/b.txt", "new static file")
        #expect(!site.failingBuild().isEmpty)
        #expect(site.outputSnapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("sitegen-") && $0 != ".sitegen-cache" }
        #expect(leftovers.isEmpty, "no staging folder left behind")
    }

    @Test func removesStagingLeftByAKilledBuildButNotARunningOne() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        // No process has a pid this high (pid_max is at most 2^22), so this build is gone.
        site.write(".Output.sitegen-new-99999999/\(OutputWriter.markerName)", "")
        // pid 1 always runs: its staging folder belongs to a live build and is kept.
        site.write(".Output.sitegen-new-1/\(OutputWriter.markerName)", "")
        _ = try site.build()
        let left = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".Output") }
        #expect(left == [".Output.sitegen-new-1"])
    }

    @Test func replacesItsOwnOutputCompletely() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        _ = try site.build()
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/newer.md"))
        _ = try site.build()
        #expect(!site.exists("posts/newer/index.html"), "a deleted post's page goes away")
        #expect(site.exists(OutputWriter.markerName))
    }

    @Test func refusesToReplaceAFolderItDidNotMake() throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        let home = site.root.appendingPathComponent("NotMine")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: home.appendingPathComponent("thesis.txt"))
        let builder = SiteBuilder(options: .init(siteRoot: site.root, output: home))
        #expect(throws: DiagnosticsError.self) { try builder.build() }
        #expect(try String(contentsOf: home.appendingPathComponent("thesis.txt"), encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["thesis.txt"])
        // An empty folder is fine to fill.
        let empty = site.root.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try SiteBuilder(options: .init(siteRoot: site.root, output: empty)).build()
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("index.html").path))
    }

    @Test(arguments: ["Content/public", "Themes/out", ".", ".."])
    func outputMayNotHoldOrSitInsideTheSite(_ output: String) throws {
        let site = FixtureSite(Self.twoPosts)
        defer { site.remove() }
        let target = site.root.appendingPathComponent(output)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let builder = SiteBuilder(options: .init(siteRoot: site.root, output: target))
        #expect(throws: DiagnosticsError.self) { try builder.build() }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Content/posts/older.md").path))
    }

    @Test func linksFollowTheBaseURLPath() throws {
        let site = FixtureSite(Self.twoPosts, config: "title: T\nbase_url: https://example.com/blog\n")
        defer { site.remove() }
        _ = try site.build()
        let home = try #require(site.read("index.html"))
        #expect(home.contains("href=\"/blog/posts/newer/\""))
        #expect(home.contains("<link rel=\"stylesheet\" href=\"/blog/css/style.css\">"))
        #expect(home.contains("<li><a href=\"/blog/tags/\">Tags</a></li>"))
        #expect(site.read("posts/newer/index.html")?.contains("<link rel=\"canonical\" href=\"https://example.com/blog/posts/newer/\">") == true)
    }

    @Test func manyPostsRenderInParallelInOrder() throws {
        var files: [String: String] = [:]
        for i in 0..<200 {
            files["Content/posts/p\(i).md"] = FixtureSite.post("title: Post \(i)\ndate: 2017-01-01T00:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z",
                                                              body: "Body of post \(i).\n")
        }
        let site = FixtureSite(files)
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.posts == 200)
        for i in [0, 57, 199] {
            #expect(site.read("posts/p\(i)/index.html")?.contains("<p>Body of post \(i).</p>") == true)
        }
        let archive = try #require(site.read("archive/index.html"))
        let first = try #require(archive.range(of: "Post 199<"))
        let last = try #require(archive.range(of: "Post 0<"))
        #expect(first.lowerBound < last.lowerBound)
    }
}

@Suite("Pathological Markdown")
struct PathologicalMarkdownTests {
    @Test func thousandsOfNestedQuotesFailAtTheirLineInsteadOfCrashing() {
        let site = FixtureSite(["Content/posts/deep.md": FixtureSite.post("title: Deep\ndate: 2017-04-21",
                                                                       body: "Intro.\n\n" + String(repeating: "> ", count: 3000) + "x\n")])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.count == 1)
        #expect(errors.first?.file == "Content/posts/deep.md")
        #expect(errors.first?.location?.line == 8)
        #expect(errors.first?.message.hasPrefix("Markdown nested more than 256 levels deep") == true)
    }
}
