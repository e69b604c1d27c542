import Foundation
@testable import SiteKit
@testable import Snippets
@testable import Support

enum SnippetFixtures {
    static let toolchain = SwiftToolchain.find()

    /// One cache for the suite: keys are content hashes, so fixtures cannot see each other's results.
    static let sharedCache = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-snippet-tests-\(UUID().uuidString)")

    static func site(body: String, frontMatter: String = "title: P\ndate: 2017-01-01") -> FixtureSite {
        FixtureSite(["Content/posts/p.md": FixtureSite.post(frontMatter, body: body)], withTheme: false)
    }

    static func check(_ site: FixtureSite, cache: URL = sharedCache) throws -> SnippetReport {
        try SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: cache, toolchain: toolchain!)).check()
    }

    /// Writes an executable script through a close-on-exec descriptor: a child another test
    /// spawns meanwhile (one sleeps for two minutes) would otherwise inherit it open for
    /// writing, and running the script would then fail with "Text file busy".
    static func writeScript(_ text: String, to url: URL) throws {
        let bytes = Array(text.utf8)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    static func failures(_ report: SnippetReport) -> [String] {
        report.results.flatMap { result -> [String] in
            guard case .failed(let diagnostics) = result.outcome else { return [] }
            return diagnostics.map(\.headline)
        }
    }
}
