import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The one function every output path passes (``OutputPath``), as a property: no input
/// makes a path that leaves the output folder or holds a forbidden segment. The fuzz target
/// `routes` checks the same with libFuzzer's inputs.
@Suite("OutputPath")
struct OutputPathTests {
    @Test(arguments: ["/", "/posts/x/", "/404.html", "/tags/swift/atom.xml", "/posts/%C3%BCber/", "/über/", "/a b/", "/2019/08/x.html"])
    func plainURLsAreFiles(_ url: String) throws {
        let path = try OutputPath.ofURL(url)
        #expect(path == SiteRoutes.outputPath(url))
    }

    @Test(arguments: ["/../x/", "/a/../../x/", "/./", "//x/", "/a//b/", "/.git/", "/.GIT/config", "/.sitegen-output", "/a/.hidden/",
                      "/a\u{0}b/", "/a\u{1F}/", "/a\u{7F}/", "/a\u{85}/", "/a\\b/", "x/", "", "/" + String(repeating: "n", count: 256) + "/",
                      "/" + Array(repeating: "a", count: 2100).joined(separator: "/") + "/"])
    func forbiddenURLsAreRefused(_ url: String) {
        #expect(throws: OutputPath.Problem.self) { try OutputPath.ofURL(url) }
    }

    @Test func siteFilesMayBeHiddenButNeverGitOrTheMarker() throws {
        try OutputPath.check(".well-known/security.txt", .siteFile)
        try OutputPath.check(".nojekyll", .siteFile)
        #expect(throws: OutputPath.Problem.self) { try OutputPath.check(".git/HEAD", .siteFile) }
        #expect(throws: OutputPath.Problem.self) { try OutputPath.check("sub/.Git", .siteFile) }
        #expect(throws: OutputPath.Problem.self) { try OutputPath.check(".sitegen-output", .siteFile) }
        #expect(throws: OutputPath.Problem.self) { try OutputPath.check("a/../b", .siteFile) }
    }

    /// Random URLs from the characters that matter: every accepted one is a relative path
    /// of plain segments, and its file is the same one the URL names.
    @Test func noAcceptedURLLeavesTheOutput() {
        var random = SplitMix(seed: 22)
        let pieces = ["/", "/", "a", "..", ".", "\u{0}", "\\", ".git", "index.html", "%2e", "\u{85}", "é", "\n", "x.html"]
        for _ in 0..<20_000 {
            let url = "/" + (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            guard let path = try? OutputPath.ofURL(url) else { continue }
            let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(!path.hasPrefix("/") && segments.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") }, "\(url.debugDescription)")
            #expect(!path.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(url.debugDescription)")
            #expect(URL(fileURLWithPath: "/out/" + path).standardizedFileURL.path.hasPrefix("/out/"))
        }
    }
}

/// Found by the `routes` fuzz target: paths were cut into parts at `/` Characters, and a
/// `/` after a prepended mark (U+0600, ARABIC NUMBER SIGN) is inside one, so `\u{600}/x`
/// was one name: the tree of output files did not see it inside `\u{600}`, and `..` after
/// the mark did not climb.
@Suite("Paths cut by bytes")
struct PathBytesTests {
    @Test func aPathAfterAPrependedMarkIsInsideIt() {
        var files = OutputFiles()
        #expect(files.add("\u{600}", .kept("\u{600}")) == nil)
        #expect(files.add("\u{600}/x", .kept("\u{600}/x"))?.overlap == .inside)
        #expect(files.add("a\u{890}/index.html", .kept("a")) == nil)
        #expect(files.add("a\u{890}", .kept("a"))?.overlap == .around)
    }

    @Test func dotDotAfterAPrependedMarkClimbs() {
        #expect(SiteURLs.normalized("x\u{600}/../../etc") == nil)
        #expect(SiteURLs.normalized("posts/\u{600}/../x") == "posts/x")
        #expect(UTF8Bytes.pathParts("/a\u{600}/b//c/") == ["a\u{600}", "b", "c"])
    }
}

