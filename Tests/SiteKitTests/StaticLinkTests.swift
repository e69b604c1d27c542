import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A full build puts the static files in by `link(2)` where it can prove the bytes: the
/// image cache's files (read-only, never written once made) and the old output's copies
/// whose source and copy are as the last build recorded them (StaticCopyRecord). Anything
/// else is copied, and nothing written into the output reaches the cache or the sources.
@Suite("Static files linked into the output, and what may never share their bytes")
struct StaticLinkTests {
    static func site() -> FixtureSite {
        let site = FixtureSite(["Content/posts/harbour.md": FixtureSite.post("title: The harbour at dawn\ndate: 2024-03-02",
                                                                             body: "We left before the sun.\n\n![The harbour](/images/harbour.png)\n"),
                                "Content/static/css/extra.css": "body { margin: 0 auto; }\n"])
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 1200, height: 800))
        return site
    }

    static func status(_ url: URL) throws -> stat {
        var buffer = stat()
        guard stat(url.path, &buffer) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return buffer
    }

    static func cacheFile(of site: FixtureSite, endingWith suffix: String) throws -> URL {
        let cache = site.root.appendingPathComponent(".sitegen-cache/images")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(suffix) })
        return cache.appendingPathComponent(name)
    }

    @Test func theImagesCopiesAreTheCachesReadOnlyFilesLinked() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let cached = try Self.cacheFile(of: site, endingWith: "-480w-strip.png")
        let published = site.output.appendingPathComponent("images/harbour-480w.png")
        let (cache, output) = (try Self.status(cached), try Self.status(published))
        #expect(cache.st_ino == output.st_ino, "one file, linked")
        #expect(cache.st_mode & 0o777 == 0o444, "read-only: a program honouring modes cannot write it through the output")
        // The site's own files are never linked: a write into the output must not reach Content/.
        let css = try Self.status(site.root.appendingPathComponent("Content/static/css/extra.css"))
        #expect(try Self.status(site.output.appendingPathComponent("css/extra.css")).st_ino != css.st_ino)
        #expect(try Self.status(site.output.appendingPathComponent("images/harbour.png")).st_nlink == 1)
    }

    @Test func aSecondBuildLinksTheOldOutputsUnchangedCopiesAndCopiesAChangedOne() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let original = try Self.status(site.output.appendingPathComponent("images/harbour.png"))
        let css = try Self.status(site.output.appendingPathComponent("css/extra.css"))
        site.write("Content/static/css/extra.css", "body { margin: 0 auto; color: #223; }\n")
        _ = try site.build()
        let again = try Self.status(site.output.appendingPathComponent("images/harbour.png"))
        #expect(again.st_ino == original.st_ino, "the unchanged original is the old output's copy, linked")
        #expect(again.st_nlink == 1, "and the old output is gone")
        #expect(try Self.status(site.output.appendingPathComponent("css/extra.css")).st_ino != css.st_ino)
        #expect(site.read("css/extra.css") == "body { margin: 0 auto; color: #223; }\n")
    }

    @Test func aFileEditedInTheOutputIsCopiedAgainFromItsSource() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let published = site.output.appendingPathComponent("css/extra.css")
        let handle = try #require(FileHandle(forWritingAtPath: published.path))
        handle.write(Data("body{}".utf8))
        try handle.close()
        _ = try site.build()
        #expect(site.read("css/extra.css") == "body { margin: 0 auto; }\n")
    }

    @Test func aFailedBuildLeavesTheOutputAsItWasWithTheFilesItWouldHaveLinked() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        let inode = try Self.status(site.output.appendingPathComponent("images/harbour.png")).st_ino
        site.write("Content/static/css/extra.css", "body { color: red; }\n")
        site.write("Content/posts/broken.md", FixtureSite.post("title: Broken\ndate: 2024-03-03", body: "See [the map](missing-post.md).\n"))
        #expect(!site.failingBuild().errors.isEmpty)
        #expect(site.outputSnapshot() == before)
        let after = try Self.status(site.output.appendingPathComponent("images/harbour.png"))
        #expect(after.st_ino == inode && after.st_nlink == 1, "the staged link went with the staging folder")
    }

    @Test func aChangedImageGetsNewCopiesAndTheOldCacheFilesKeepTheirBytes() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let cached = try Self.cacheFile(of: site, endingWith: "-480w-strip.png")
        let bytes = try Data(contentsOf: cached)
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 1000, height: 700))
        // serve's in-place rebuild writes the output too: by renaming new files in.
        _ = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        #expect(try Data(contentsOf: cached) == bytes)
        #expect(try ImageResizeTests.size(site.output.appendingPathComponent("images/harbour-480w.png")) == "480x336")
        // A full build then drops the unused cache file (ImageCopies.prune) without touching the output.
        _ = try site.build()
        #expect(!FileManager.default.fileExists(atPath: cached.path))
        #expect(try ImageResizeTests.size(site.output.appendingPathComponent("images/harbour-480w.png")) == "480x336")
    }

    @Test func anOutputOnAnotherFileSystemGetsCopies() throws {
        let other = URL(fileURLWithPath: "/dev/shm/sitegen-output-\(UUID().uuidString)")
        guard mkdir(other.path, 0o755) == 0 else { return }   // no second file system on this machine
        defer { try? FileManager.default.removeItem(at: other) }
        let shm = try Self.status(other)
        let site = Self.site()
        defer { site.remove() }
        guard shm.st_dev != (try Self.status(site.root)).st_dev else { return }
        let output = other.appendingPathComponent("Output")
        _ = try SiteBuilder(options: .init(siteRoot: site.root, output: output)).build()
        let cached = try Self.cacheFile(of: site, endingWith: "-480w-strip.png")
        let published = output.appendingPathComponent("images/harbour-480w.png")
        #expect(try Data(contentsOf: published) == (try Data(contentsOf: cached)))
        #expect(try Self.status(published).st_nlink == 1)
    }
}
