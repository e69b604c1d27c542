import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// `.sitegen-cache/` is in the site, and a pull request can commit symbolic links into it.
/// The build trusts what its cache holds, so no link there may lead it to read outside the
/// site, write outside it, or publish a link in `Output/`.
@Suite("The cache: symbolic links committed into it")
struct CacheLinkTests {
    /// The image copy the build links into `Output/`, committed as a link to a file outside:
    /// it is not published (as a link or as its target); the copy is made again in its place.
    @Test func aLinkUnderACopysNameIsMadeAgainNotPublished() throws {
        let site = ImageResizeTests.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        let secret = try OutsideFile.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        _ = try site.build()
        let cache = site.root.appendingPathComponent(".sitegen-cache/images")
        let name = try #require(try ImageResizeTests.cacheFiles(site).first { $0.hasSuffix("-480w-strip.png") })
        let copy = cache.appendingPathComponent(name).path
        let made = try RegularFile.read(copy)
        // As a pull request commits it; the output of before is gone, as in CI.
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.createSymbolicLink(atPath: copy, withDestinationPath: secret.path)
        try FileManager.default.removeItem(at: site.output)
        _ = try site.build()
        let published = site.output.appendingPathComponent("images/harbour-480w.png").path
        #expect(FileStatus.ofLink(published)?.kind == .file, "a regular file in the output, not a link")
        #expect(try RegularFile.read(published) == made)
        #expect(FileStatus.ofLink(copy)?.kind == .file, "the link in the cache is replaced by the copy")
        #expect(try String(contentsOf: secret, encoding: .utf8).hasPrefix("-----BEGIN"), "the file outside is untouched")
    }

    /// A cache folder that is a link out of the site: the build stops before it reads or
    /// writes anything there, naming the link, and the output of before stays as it was.
    @Test func aCacheFolderLinkedOutOfTheSiteStopsTheBuild() throws {
        let site = ImageResizeTests.site("![The harbour](/images/harbour.png)\n")
        defer { site.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        _ = try site.build()
        let before = site.outputSnapshot()
        let cache = site.root.appendingPathComponent(".sitegen-cache")
        for linked in [".sitegen-cache/images", ".sitegen-cache"] {
            try FileManager.default.removeItem(at: cache)
            if linked == ".sitegen-cache/images" { try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true) }
            try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent(linked).path, withDestinationPath: outside.path)
            let errors = site.failingBuild()
            #expect(errors.map(\.file) == [linked], "\(errors.headlines)")
            #expect(errors.first?.message.hasPrefix("a symbolic link to \(outside.path) in sitegen's cache") == true, "\(errors.headlines)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written through the link")
            #expect(site.outputSnapshot() == before)
            try FileManager.default.removeItem(at: cache)
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        }
        _ = try site.build()
    }

    /// A formula's cached HTML goes into the page as it is: a link there is not read (the
    /// formula is rendered again), while a file there is.
    @Test func aCachedFormulaThatIsALinkIsNotRead() throws {
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let secret = try OutsideFile.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let module = cache.appendingPathComponent("katex")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try Data(#"{"version": "0.0.0"}"#.utf8).write(to: module.appendingPathComponent("package.json"))
        // node that fails: what is not in the cache is shown as its source.
        let renderer = MathRenderer(cacheFolder: cache, katex: KaTeX(node: "/usr/bin/false", module: module))
        let formula = MathFormula(tex: "a", file: "Content/posts/a.md", line: 4)
        let entry = renderer.cacheURL(formula.key, version: "0.0.0")
        try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: secret.path)
        let linked = renderer.render([formula])
        #expect(linked.html(for: formula) == "<pre class=\"math math-source\"><code>a</code></pre>")
        #expect(linked.processRuns == 1)
        // The same place holding a file is the cache at work.
        try FileManager.default.removeItem(at: entry)
        try Data("<span class=\"math\">cached</span>".utf8).write(to: entry)
        let cached = renderer.render([formula])
        #expect(cached.html(for: formula) == "<span class=\"math\">cached</span>")
        #expect(cached.processRuns == 0)
    }

    @Test func cacheFilesAreReadOnlyWhenTheyAreNotLinks() throws {
        let secret = try OutsideFile.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let link = secret.deletingLastPathComponent().appendingPathComponent("verified.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: secret.path)
        #expect(CacheFile.read(link) == nil)
        #expect(CacheFile.read(secret) == Array("-----BEGIN PRIVATE KEY----- not for readers\n".utf8))
        #expect(CacheFile.read(secret.deletingLastPathComponent()) == nil, "a folder is not a cache file")
    }
}
