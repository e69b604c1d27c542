import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Posts dated after the build's time wait for their date, as Jekyll (`future: false`) and
/// Hugo (`buildFuture = false`) hold them back: people schedule posts that way.
@Suite("Scheduled posts")
struct ScheduledPostTests {
    static let files = [
        "Content/posts/today.md": FixtureSite.post("title: Published\ndate: 2017-04-21\ntags: [Swift]", body: "See [the next one](next.md).\n"),
        "Content/posts/next.md": FixtureSite.post("title: Scheduled\ndate: 2999-01-05\ntags: [Swift, Later]"),
        "Content/posts/later.md": FixtureSite.post("title: Much later\ndate: 3000-06-01T09:00:00+02:00"),
    ]

    @Test func aPostDatedInTheFutureIsHeldBackAndLinksToItSaySo() throws {
        let site = FixtureSite(Self.files)
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 1, "the published post links to the scheduled one")
        #expect(run.stderr.contains("Content/posts/today.md:7:20: error: broken link 'next.md': Content/posts/next.md is scheduled for 2999-01-05, "
                                    + "which this build leaves out until then (build with --future to include it)"))
        site.write("Content/posts/today.md", FixtureSite.post("title: Published\ndate: 2017-04-21\ntags: [Swift]"))
        let fixed = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("note: 2 posts dated in the future held back until their dates, the next Content/posts/next.md on 2999-01-05 (build with --future to include)"))
        #expect(fixed.stdout.contains("(1 post)"))
        #expect(!site.exists("posts/next/index.html") && !site.exists("posts/later/index.html"))
        for file in ["index.html", "archive/index.html", "tags/swift/index.html", "atom.xml", "rss.xml", "feed.json", "sitemap.xml"] {
            let text = try #require(site.read(file), "\(file)")
            #expect(!text.contains("Scheduled") && !text.contains("/posts/next/"), "\(file) does not list the scheduled post")
        }
        #expect(!site.exists("tags/later/index.html"), "a tag only a scheduled post has has no page yet")
    }

    @Test func theFutureFlagAndSettingPublishThem() throws {
        let site = FixtureSite(Self.files)
        defer { site.remove() }
        let flagged = try SitegenProcess.run(["build", "--site", site.root.path, "--future"])
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(!flagged.stderr.contains("held back"))
        #expect(site.exists("posts/next/index.html") && site.exists("posts/later/index.html"))
        let setting = FixtureSite(Self.files, config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nfuture: true\n")
        defer { setting.remove() }
        #expect(try SitegenProcess.run(["build", "--site", setting.root.path]).status == 0)
        #expect(setting.exists("posts/next/index.html"))
    }

    @Test func aPostIsDueFromItsOwnTimeInItsOwnOffset() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21T10:00:00+02:00")])
        defer { site.remove() }
        var loader = SiteLoader(layout: SiteLayout(root: site.root))
        loader.now = try #require(ISO8601DateFormatter().date(from: "2017-04-21T07:59:59Z"))
        let before = try loader.load().site
        #expect(before.posts.isEmpty)
        #expect(before.scheduledPosts.map(\.sourcePath) == ["Content/posts/a.md"])
        loader.now = try #require(ISO8601DateFormatter().date(from: "2017-04-21T08:00:00Z"))
        let due = try loader.load().site
        #expect(due.posts.map(\.title) == ["A"])
        #expect(due.scheduledPosts.isEmpty)
    }

    @Test func serveShowsThemWithFuture() throws {
        let site = FixtureSite(Self.files.merging(["Content/posts/today.md": FixtureSite.post("title: Published\ndate: 2017-04-21")]) { $1 })
        defer { site.remove() }
        let server = try ServeProcess(site: site, arguments: ["--future"])
        #expect(try RawHTTPClient.get(server.port, "/posts/next/").status == 200)
        server.interrupt()
        let plain = try ServeProcess(site: site)
        #expect(try RawHTTPClient.get(plain.port, "/posts/next/").status == 404)
        plain.interrupt()
    }
}
