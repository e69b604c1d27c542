import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A small input may not write gigabytes: every tag page and feed lists a post with all
/// its tags, so N tags cost O(N²) bytes (3,000 tags in a 30 KB post wrote 1.1 GB).
@Suite("Output limits")
struct OutputLimitTests {
    static let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n"

    static func taggedPost(_ count: Int) -> String {
        FixtureSite.post("title: Tagged\ndate: 2017-04-01\ntags: [\((1...count).map { "t\($0)" }.joined(separator: ", "))]")
    }

    @Test func morePostTagsThanTheLimitFailAtTheTagsLine() {
        let site = FixtureSite(["Content/posts/tagged.md": Self.taggedPost(150)])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.map(\.file) == ["Content/posts/tagged.md"])
        #expect(errors.first?.location == SourceLocation(line: 4, column: 1), "at the 'tags:' line")
        #expect(errors.first?.message.contains("150 tags") == true, "\(errors)")
        #expect(errors.first?.message.contains("tags_per_post") == true, "names the setting")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// Categories have pages and feeds like tags', so the same limit holds for them, at their own key.
    @Test func morePostCategoriesThanTheLimitFailAtTheCategoryLine() {
        let categories = (1...150).map { "c\($0)" }.joined(separator: ", ")
        let site = FixtureSite(["Content/posts/sorted.md": FixtureSite.post("title: Sorted\ndate: 2017-04-01\ntags: [a]\ncategory: [\(categories)]")])
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location == SourceLocation(line: 5, column: 1), "at the 'category:' line")
        #expect(errors.first?.message.contains("150 categories") == true, "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func theTagLimitIsASiteSetting() throws {
        let site = FixtureSite(["Content/posts/tagged.md": Self.taggedPost(150)],
                               config: Self.config + "limits:\n  tags_per_post: 200\n")
        defer { site.remove() }
        _ = try site.build()
        #expect(site.exists("tags/t150/index.html"))
    }

    /// A site built once, then given an output limit it is over.
    static func siteOverItsLimit() throws -> (site: FixtureSite, before: [String: Data]) {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-01", body: String(repeating: "Words. ", count: 4000))])
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/site.yml", Self.config + "limits:\n  output_bytes: 20000\n")
        return (site, before)
    }

    @Test func anOutputLargerThanTheLimitFailsNamingTheLimitAndLeavesTheOutput() throws {
        let (site, before) = try Self.siteOverItsLimit()
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.count == 1, "reported once, not per file: \(errors)")
        #expect(errors.first?.file == "Output", "\(errors)")
        #expect(errors.first?.message.contains("20000 bytes") == true, "\(errors)")
        #expect(errors.first?.message.contains("output_bytes") == true, "names the setting")
        #expect(site.outputSnapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("sitegen-") && $0 != ".sitegen-cache" }
        #expect(leftovers.isEmpty)
    }

    @Test func servesRebuildsKeepTheOutputLimitToo() throws {
        let (site, before) = try Self.siteOverItsLimit()
        defer { site.remove() }
        site.write("Content/posts/b.md", FixtureSite.post("title: B\ndate: 2017-04-02", body: String(repeating: "More. ", count: 4000)))
        do {
            _ = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
            Issue.record("the rebuild went past the limit")
        } catch {
            #expect(error.diagnostics.errors.contains { $0.message.contains("output_bytes") }, "\(error.diagnostics)")
        }
        #expect(site.outputSnapshot() == before)
    }

    /// Unset, the limit grows with the content, so a large site is not stopped by a limit
    /// meant for small inputs: 1 GiB up to 16 MiB of Markdown, 64 bytes a byte beyond.
    @Test func theDefaultOutputLimitScalesWithTheContentAboveAFloor() {
        let defaults = OutputLimits()
        #expect(defaults.outputBytes(contentBytes: 0) == 1 << 30)
        #expect(defaults.outputBytes(contentBytes: 16 << 20) == 1 << 30)
        #expect(defaults.outputBytes(contentBytes: 850_000_000) == 54_400_000_000, "a 100,000-post blog")
        #expect(defaults.outputBytes(contentBytes: Int.max / 2) == Int.max, "no overflow")
        var set = OutputLimits()
        set.outputBytes = 20000
        #expect(set.outputBytes(contentBytes: 850_000_000) == 20000, "a setting is the limit, whatever the size")
    }

    @Test func autoIsTheDefaultOutputLimit() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-01")],
                               config: Self.config + "limits:\n  output_bytes: auto\n")
        defer { site.remove() }
        let (loaded, warnings) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(loaded.config.limits.outputBytes == nil)
        #expect(loaded.config.limits.outputBytes(contentBytes: loaded.contentBytes) == 1 << 30)
    }

    @Test func theContentSizeCountsThePublishedPostsAndPagesMarkdown() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-01", body: String(repeating: "é", count: 1000)),
                                "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-02\ndraft: true", body: String(repeating: "x", count: 5000)),
                                "Content/pages/about.md": "---\ntitle: About\n---\n" + String(repeating: "y", count: 300)])
        defer { site.remove() }
        let (loaded, _) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
        let bodies = loaded.posts.map(\.body.utf8.count) + loaded.pages.map(\.body.utf8.count)
        #expect(loaded.contentBytes == bodies.reduce(0, +))
        #expect((2300..<2400).contains(loaded.contentBytes), "two-byte é counted in bytes, the draft left out: \(loaded.contentBytes)")
    }

    @Test(arguments: [
        ("limits:\n  tags_per_post: 0\n", "site.yml:2:18: error: 'tags_per_post' must be between 1 and"),
        ("limits:\n  output_bytes: lots\n", "site.yml:2:17: error: 'output_bytes' must be a whole number"),
        ("limits: 5\n", "site.yml:1:9: error: 'limits' must be a mapping"),
        ("limits:\n  tag_per_post: 5\n", "site.yml:2:3: warning: unknown limits key 'tag_per_post' is ignored (did you mean 'tags_per_post'?)"),
    ])
    func limitSettingsAreChecked(_ settings: String, _ expected: String) {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-01")], config: settings + Self.config)
        defer { site.remove() }
        let headlines = (try? site.build().warnings.headlines) ?? site.failingBuild().headlines
        #expect(headlines.contains { $0.hasPrefix("Content/" + expected) }, "\(headlines)")
    }
}
