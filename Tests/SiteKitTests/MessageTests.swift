import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The wording and places of messages that once were wrong or unbounded.
@Suite("Messages")
struct MessageTests {
    @Test func aDuplicateKeyNamesTheFileLineOfTheFirst() {
        let site = FixtureSite(["Content/posts/a.md": "---\ntitle: A\ndate: 2017-01-01\ntitle: B\n---\n"])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == ["Content/posts/a.md:4:1: error: duplicate key 'title' (first given at line 2)"])
    }

    @Test func anIntegerTooLargeIsOutOfRange() {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01\nseries: S\nseries_order: 1180591620717411303424")])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines
            == ["Content/posts/a.md:5:15: error: 'series_order' must be between 1 and 10000, not 1180591620717411303424"])
    }

    /// A 1 MB line once came back whole on stderr, twice; now the part around the column.
    @Test func aLongLineIsCutAroundTheColumn() throws {
        let filler = String(repeating: "word ", count: 100_000)
        let line = filler + "[gone](/nowhere/) " + filler
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01", body: line + "\n")])
        defer { site.remove() }
        let run = try TimedRun.sitegen(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.stderr.utf8.count < 2_000, "\(run.stderr.utf8.count) bytes of stderr")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headline = try #require(lines.firstIndex { $0.contains("error: broken link '/nowhere/'") })
        let column = try #require(Int(lines[headline].split(separator: ":")[2]))
        let excerpt = lines[headline + 1], caret = lines[headline + 2]
        #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"), "\(excerpt)")
        #expect(excerpt.unicodeScalars.count <= 122)
        #expect(caret.hasSuffix("^"))
        // The caret stands under the same text as the column in the whole line.
        let marked = String(String.UnicodeScalarView(excerpt.unicodeScalars.dropFirst(caret.unicodeScalars.count - 1).prefix(20)))
        let original = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(column - 1).prefix(20)))
        #expect(marked == original)
        #expect(original.contains("nowhere"))
    }

    @Test func aPostNamedDotDotMDIsReported() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01"),
                                "Content/posts/..md": FixtureSite.post("title: Dots\ndate: 2017-01-01")])
        defer { site.remove() }
        let warnings = try site.build().warnings
        #expect(warnings.map(\.file) == ["Content/posts/..md"], "\(warnings)")
        #expect(warnings.first?.message.contains("starts with '.'") == true, "\(warnings)")
    }

    /// Under `ulimit -f` the build died of SIGXFSZ; now the write fails with EFBIG, reported.
    @Test func aFileSizeLimitIsAnErrorNamingTheFile() throws {
        let site = FixtureSite(["Content/posts/big.md": FixtureSite.post("title: Big\ndate: 2017-01-01", body: String(repeating: "Many words here. ", count: 10_000))])
        defer { site.remove() }
        let run = try TimedRun.sitegen(["build", "--site", site.root.path], shell: "ulimit -f 100")
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0)")
        #expect(run.status == 1)
        #expect(run.stderr.contains("posts/big/index.html: File too large"), "\(run.stderr)")
        #expect(InterruptedBuildTests.stagingFolders(site).isEmpty)
    }
}
