import Foundation
import Testing
@testable import Import
@testable import Support
@testable import TestSupport

/// The check after an import, which reads only the old URLs and the built site.
@Suite("Import: the old-URL check")
struct OldURLCheckTests {
    @Test func aURLAnswersWithTheFileAStaticHostServesForIt() throws {
        let output: Set<String> = ["index.html", "a/index.html", "b.html", "c", "d/index.html", "two words/x.html", "e/f.html"]
        for path in ["/", "/a/", "/b.html", "/b", "/c", "/d", "/two%20words/x.html", "/e/f"] {
            #expect(OldURLCheck.answers(path, in: output), "\(path)")
        }
        for path in ["/b/", "/e/", "/e", "/x.html", "/a/../b.html", "/two words/y.html"] {
            #expect(!OldURLCheck.answers(path, in: output), "\(path)")
        }
    }

    /// A site that does not build answers nothing, and the report says why.
    @Test func anImportedSiteThatDoesNotBuildIsReportedWithItsErrors() throws {
        let source = ImportFixtures.folder([
            "_config.yml": "title: Notes\n",
            "_posts/2020-01-02-a.md": "---\ntitle: A\nseries: VIPER\n---\nPart one.\n",
            "_posts/2020-01-03-b.md": "---\ntitle: B\nseries: Viper\n---\nPart two.\n",
        ])
        let (report, site) = try ImportSiteTests.run(.jekyll, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        let check = try #require(report.oldURLCheck)
        #expect(!check.buildErrors.isEmpty)
        #expect((check.answered, check.checked) == (0, 2))
        #expect(report.oldURLsNotAnswering == 2)
        let text = ImportReportFormat.text(report)
        #expect(text.contains("The imported site does not build (1 error; sitegen build shows them all), so no old URL could be checked:\n  Content/posts/2020-01-03-b.md:3:"))
        #expect(text.hasSuffix("old URLs: 0 of 2 answer"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path), "the check writes no output")
    }
}
