import Foundation
import Testing
@testable import TestSupport

/// Many warnings of one kind (a migrated blog's every post) print as the first few in full,
/// then a count; `--verbose` prints all; errors are never hidden.
@Suite("Warnings grouped by kind")
struct WarningGroupingTests {
    /// `count` posts, each with the same misspelt key (a warning with a did-you-mean).
    static func site(posts count: Int, extra: String = "") -> FixtureSite {
        var files: [String: String] = [:]
        for index in 1...count {
            files["Content/posts/p\(index).md"] = FixtureSite.post("title: P\(index)\ndate: 2020-01-\(10 + index)\ntgas: [x\(index)]\(extra)")
        }
        return FixtureSite(files)
    }

    static func warnings(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
    }

    @Test func theFirstThreeOfAKindThenHowManyMore() throws {
        let site = Self.site(posts: 8)
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 0)
        let shown = Self.warnings(run.stderr)
        #expect(shown.count == 3)
        #expect(shown.first?.hasPrefix("Content/posts/p1.md:4:1: warning: ") == true, "file:line:col of each shown")
        #expect(run.stderr.contains("tgas: [x1]\n^"), "with the source line and caret")
        #expect(run.stderr.contains("note: and 5 more like this (--verbose shows all)\n"))

        let verbose = try SitegenProcess.run(["build", "--verbose", "--site", site.root.path])
        #expect(Self.warnings(verbose.stderr).count == 8)
        #expect(!verbose.stderr.contains("more like this"))
    }

    @Test func oneMoreIsShownRatherThanCounted() throws {
        let site = Self.site(posts: 4)
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(Self.warnings(run.stderr).count == 4)
        #expect(!run.stderr.contains("more like this"))
    }

    @Test func kindsAreCountedApartAndErrorsAllPrint() throws {
        let site = Self.site(posts: 8)
        defer { site.remove() }
        for index in 1...5 { site.write("Content/templates/notes\(index).txt", "x") }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 0)
        let shown = Self.warnings(run.stderr)
        #expect(shown.filter { $0.contains("tgas") }.count == 3)
        #expect(shown.filter { $0.contains("notes") }.count == 3)
        #expect(run.stderr.contains("note: and 5 more like this"))
        #expect(run.stderr.contains("note: and 2 more like this"))

        for index in 1...6 { site.write("Content/posts/bad\(index).md", FixtureSite.post("title: B\ndate: 2017-02-3\(index)")) }
        let failed = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(failed.status == 1)
        let errors = failed.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 6, "every error prints, however many of a kind: \(errors)")
        #expect(Self.warnings(failed.stderr).count == 3)
        #expect(failed.stderr.contains("note: and 5 more like this"))
    }

    @Test func serveAndCheckSnippetsTakeVerbose() throws {
        for command in ["build", "serve", "check-snippets"] {
            let help = try SitegenProcess.run([command, "--help"])
            #expect(help.stdout.contains("--verbose"), "\(command)")
        }
    }
}
