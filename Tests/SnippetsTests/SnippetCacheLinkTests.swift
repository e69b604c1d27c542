import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// `.sitegen-cache/snippets/` is in the site, where a pull request can commit symbolic links.
@Suite("Snippets: symbolic links committed into the cache")
struct SnippetCacheLinkTests {
    /// check-snippets: the compiler reads its modules from the cache, following links, so a
    /// link in the snippets' cache stops the check, before anything is compiled; but for
    /// clang's locks, which are links it makes itself.
    @Test(.enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH"))
    func aLinkInTheSnippetsCacheStopsTheCheck() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2024-03-02", body: "```swift\nlet a = 1\n```\n")])
        defer { site.remove() }
        let secret = try OutsideFile.secret()
        defer { try? FileManager.default.removeItem(at: secret.deletingLastPathComponent()) }
        let stubs = site.root.appendingPathComponent(".sitegen-cache/snippets/stubs/0123456789abcdef")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: stubs.appendingPathComponent("libStub.so").path, withDestinationPath: secret.path)
        // clang's lock of a module it builds is a link, which a check running beside this one may leave.
        let modules = site.root.appendingPathComponent(".sitegen-cache/snippets/module-cache/455d70291f8982fb")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: modules.appendingPathComponent("SwiftGlibc-IGSGJKVMPVR1.pcm.lock").path,
                                                   withDestinationPath: "host-1234-5678")
        do {
            _ = try SnippetChecker(options: .init(siteRoot: site.root, toolchain: SnippetFixtures.toolchain!)).check()
            Issue.record("the check ran with a link in its cache")
        } catch {
            #expect(error.diagnostics.map(\.file) == [".sitegen-cache/snippets/stubs/0123456789abcdef/libStub.so"], "\(error.diagnostics.headlines)")
        }
    }
}
