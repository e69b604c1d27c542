import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// A warm run learns that nothing changed from the files' identities, without reading a post.
@Suite("Snippets: the manifest of a warm run", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetManifestTests {
    static func check(_ site: FixtureSite) throws -> SnippetReport {
        try SnippetChecker(options: .init(siteRoot: site.root, toolchain: SnippetFixtures.toolchain!)).check()
    }

    static func setModificationTime(_ url: URL, to nanoseconds: Int64) {
        var times = [timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000)),
                     timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))]
        _ = utimensat(AT_FDCWD, url.path, &times, 0)
    }

    @Test func anUnchangedPostIsNotRead() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a: Int = 1\n```\n")
        defer { site.remove() }
        let cold = try Self.check(site)
        #expect(cold.summaryLine == "1 passed, 0 failed, 0 skipped, 0 not proven")
        // Same size, same inode, same modification time, other bytes: only reading it would tell.
        let post = site.root.appendingPathComponent("Content/posts/p.md")
        let status = try #require(FileStatus.of(post.path))
        let handle = try FileHandle(forUpdating: post)
        let text = try String(contentsOf: post, encoding: .utf8).replacingOccurrences(of: "Int = 1", with: "Int = \"\"")
        #expect(text.utf8.count == status.size + 1)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "let a", with: "let ").utf8))
        try handle.close()
        Self.setModificationTime(post, to: status.modifiedNanoseconds)
        #expect(FileStatus.of(post.path) == status)
        let warm = try Self.check(site)
        #expect(warm.fromManifest && warm.summaryLine == cold.summaryLine, "the post was not read: its identity is unchanged")
        // A new modification time is a change.
        Self.setModificationTime(post, to: status.modifiedNanoseconds + 1_000_000_000)
        let changed = try Self.check(site)
        #expect(!changed.fromManifest && changed.failed == 1)
    }

    @Test func onlyTheChangedPostIsParsedAndCompiled() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: "```swift\nlet q = 2\n```\n\n```swift isolated\nlet r = 3\n```\n"))
        let cold = try Self.check(site)
        #expect(cold.programs == 3 && cold.compilerProcesses == 3)
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: "```swift\nlet q = 20\n```\n\n```swift isolated\nlet r = 3\n```\n"))
        let edited = try Self.check(site)
        #expect(edited.programs == 2, "p.md's results come from the manifest: its program is not even assembled")
        #expect(edited.compilerProcesses == 1, "of q.md's two programs, one changed")
        #expect(edited.summaryLine == "3 passed, 0 failed, 0 skipped, 0 not proven")
        // A setting of the site is a change for every post.
        site.write("Content/site.yml", "title: T\nsnippets:\n  swift_version: 6\n")
        #expect(try Self.check(site).programs == 3)
    }

    @Test func aDeletedRecordIsWrittenAgain() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        _ = try Self.check(site)
        let record = VerifiedSnippets.url(siteRoot: site.root)
        #expect(FileManager.default.fileExists(atPath: record.path))
        try FileManager.default.removeItem(at: record)
        let again = try Self.check(site)
        #expect(!again.fromManifest)
        #expect(FileManager.default.fileExists(atPath: record.path))
    }

    /// Issue 27, finding 1: the cache is in the site (`.sitegen-cache/`), and a site is moved,
    /// copied, or restored by CI at another path. The compiler's module cache names its own
    /// path inside every `.pcm`: reused from the old place, every new compile failed with
    /// "was compiled with module cache path …", and that failure was cached.
    @Test func theCacheStaysValidWhenTheSiteFolderMoves() throws {
        let site = SnippetFixtures.site(body: "```swift\nimport Foundation\nlet a = Date()\n```\n")
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: "```swift\nimport Foundation\nlet q = URL(string: \"x\")\n```\n"))
        let cold = try Self.check(site)
        #expect(cold.summaryLine == "2 passed, 0 failed, 0 skipped, 0 not proven")
        let moved = FixtureSite(root: site.root.deletingLastPathComponent().appendingPathComponent("sitegen-moved-\(UUID().uuidString)"))
        try FileManager.default.moveItem(at: site.root, to: moved.root)
        defer { moved.remove() }
        // One post edited after the move: its program is compiled again, in the moved cache.
        moved.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: "```swift\nimport Foundation\nlet q = URL(string: \"y\")\n```\n"))
        let afterMove = try Self.check(moved)
        #expect(afterMove.compilerProcesses == 1, "p.md from the manifest, q.md compiled again")
        #expect(afterMove.summaryLine == "2 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(afterMove))")
        let warm = try Self.check(moved)
        #expect(warm.fromManifest && warm.summaryLine == "2 passed, 0 failed, 0 skipped, 0 not proven")
    }
}
