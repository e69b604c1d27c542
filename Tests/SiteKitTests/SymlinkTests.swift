import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// A pull request can add symbolic links (git stores them) and the build must not publish
/// the build machine's files through them; FIFOs, sockets and devices are never opened.
@Suite("Symbolic links and special files")
struct SymlinkTests {
    static let post = FixtureSite.post("title: Linked\ndate: 2017-04-01")

    /// A folder outside the site with a file that must never reach the output.
    static func outside(_ name: String, _ text: String) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-outside-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try! Data(text.utf8).write(to: file)
        return file
    }

    static func link(_ site: FixtureSite, _ path: String, to target: String) throws {
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Each place the build reads from, linked to a file outside the site: the build fails
    /// naming the link, and the outside file's text is nowhere in the output.
    @Test(arguments: [
        ("Content/static/passwd.txt", "root:x:0:0:SECRET"),
        ("Content/posts/secret.md", "---\ntitle: SECRET\ndate: 2017-01-01\n---\nSECRET\n"),
        ("Content/pages/about.md", "---\ntitle: SECRET\n---\nSECRET\n"),
        ("Content/templates/post.mustache", "SECRET {{title}}"),
        ("Content/site.yml", "title: SECRET\n"),
    ])
    func aLinkToAFileOutsideTheSiteIsAnErrorNamingTheLink(_ path: String, _ text: String) throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post])
        defer { site.remove() }
        let secret = Self.outside(URL(fileURLWithPath: path).lastPathComponent, text)
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        try? FileManager.default.removeItem(at: site.root.appendingPathComponent(path))
        try Self.link(site, path, to: secret.path)
        let errors = site.failingBuild().errors
        #expect(errors.map(\.file) == [path], "\(errors)")
        #expect(errors.first?.message.contains("outside the site") == true, "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "nothing is written")
    }

    /// Links above the files, to folders outside: the theme folder, `Content/static`.
    @Test(arguments: ["Themes/default", "Content/static"])
    func aLinkedFolderOutsideTheSiteIsAnErrorNamingTheLink(_ path: String) throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post])
        defer { site.remove() }
        let elsewhere = Self.outside("placeholder", "").deletingLastPathComponent().appendingPathComponent("copy")
        defer { try? FileManager.default.removeItem(at: elsewhere.deletingLastPathComponent()) }
        let original = site.root.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: original.path) {
            try FileManager.default.moveItem(at: original, to: elsewhere)
        } else {
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data("SECRET".utf8).write(to: elsewhere.appendingPathComponent("secret.txt"))
        }
        try Self.link(site, path, to: elsewhere.path)
        let errors = site.failingBuild().errors
        #expect(errors.map(\.file) == [path], "\(errors)")
        #expect(errors.first?.message.contains("outside the site") == true, "\(errors)")
    }

    @Test func linksInsideTheSiteAreFollowed() throws {
        let site = FixtureSite(["Drafts/linked.md": Self.post, "Shared/logo.svg": "<svg/>"])
        defer { site.remove() }
        try Self.link(site, "Content/posts/linked.md", to: "../../Drafts/linked.md")
        try Self.link(site, "Content/static/logo.svg", to: site.root.appendingPathComponent("Shared/logo.svg").path)
        _ = try site.build()
        #expect(site.read("posts/linked/index.html")?.contains("Linked") == true)
        #expect(site.read("logo.svg") == "<svg/>")
    }

    @Test func linkLoopsAreErrors() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post])
        defer { site.remove() }
        try Self.link(site, "Content/posts/b.md", to: "c.md")
        try Self.link(site, "Content/posts/c.md", to: "b.md")
        let errors = site.failingBuild().errors
        #expect(errors.map(\.file) == ["Content/posts/b.md", "Content/posts/c.md"], "\(errors)")
        #expect(errors.allSatisfy { $0.message.contains("loop") }, "\(errors)")
        // Static files are listed once the content loads.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/b.md"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/c.md"))
        try Self.link(site, "Content/static/self.txt", to: "self.txt")
        let staticErrors = site.failingBuild().errors
        #expect(staticErrors.map(\.file) == ["Content/static/self.txt"], "\(staticErrors)")
        #expect(staticErrors.allSatisfy { $0.message.contains("loop") }, "\(staticErrors)")
    }

    /// Finding 6: a FIFO in `Content/static/` hung the build (the copy waited for a writer).
    @Test func aFIFOInTheStaticFilesIsAnErrorNotAHang() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post])
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/static"), withIntermediateDirectories: true)
        #expect(mkfifo(site.root.appendingPathComponent("Content/static/pipe").path, 0o644) == 0)
        let run = try TimedRun.sitegen(["build", "--site", site.root.path], timeout: 60)
        #expect(!run.timedOut, "the build hung on the FIFO")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Content/static/pipe: error: "), "\(run.stderr)")
        #expect(run.stderr.contains("not a regular file"), "\(run.stderr)")
    }

    /// Finding 12: FIFOs and sockets as posts gave a raw NSError (or waited for a writer).
    @Test func aFIFOOrSocketAsAPostIsAnErrorNamingTheFile() throws {
        let site = FixtureSite(["Content/posts/a.md": Self.post])
        defer { site.remove() }
        #expect(mkfifo(site.root.appendingPathComponent("Content/posts/pipe.md").path, 0o644) == 0)
        let socket = try UnixSocketFile(path: site.root.appendingPathComponent("Content/posts/socket.md").path)
        defer { socket.close() }
        let run = try TimedRun.sitegen(["build", "--site", site.root.path], timeout: 60)
        #expect(!run.timedOut, "the build hung on the FIFO")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Content/posts/pipe.md: error: not a regular file (a FIFO)"), "\(run.stderr)")
        #expect(run.stderr.contains("Content/posts/socket.md: error: not a regular file (a socket)"), "\(run.stderr)")
        #expect(!run.stderr.contains("Domain="), "no raw NSError")
    }

    @Test func stubsAndPreludeLinkedFromOutsideAreErrors() throws {
        guard let toolchain = SnippetFixtures.toolchain else { return }
        let site = FixtureSite(["Content/posts/a.md": Self.post], withTheme: false)
        defer { site.remove() }
        let secret = Self.outside("secret.swift", "let secret = 1\n")
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        try Self.link(site, "Content/snippets/prelude.swift", to: secret.path)
        try Self.link(site, "Content/snippets/stubs/UIKit/UIKit.swift", to: secret.path)
        let checker = SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: SnippetFixtures.sharedCache, toolchain: toolchain))
        func refused() -> [String] {
            do {
                _ = try checker.plan()
                return []
            } catch {
                return error.diagnostics.filter { $0.message.contains("outside the site") }.map(\.file)
            }
        }
        #expect(refused() == ["Content/snippets/prelude.swift"])
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/snippets/prelude.swift"))
        #expect(refused() == ["Content/snippets/stubs/UIKit/UIKit.swift"])
    }
}

/// A socket bound at a path: a file system entry that is neither a file nor a FIFO.
struct UnixSocketFile {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw CocoaError(.fileWriteInvalidFileName) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func close() { _ = Glibc.close(descriptor) }
}
