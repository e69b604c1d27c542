import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// `--baseline`: an archive with failures can adopt check-snippets; CI then fails on a new
/// failure and on a listed one that no longer fails, never on the known ones.
@Suite("Snippets: baseline", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetBaselineTests {
    static let body = """
        ```swift
        let fine = 1
        ```

        ```swift isolated
        let broken: Int = "one"
        ```

        ```swift isolated
        let alsoBroken = undefinedName
        ```
        """

    @Test func knownFailuresPassNewOnesFailAndFixedOnesAreStale() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        let baseline = site.root.appendingPathComponent("snippets-baseline.txt")
        let first = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--update-baseline"], in: site.root)
        #expect(first.status == 0, "every failure is now known: \(first.stdout)")
        #expect(first.stdout.hasSuffix("1 passed, 0 failed, 0 skipped, 0 not proven, 2 known, 0 stale\n"))
        #expect(first.stderr.contains("wrote \(baseline.path): 2 known failures"))
        let text = try String(contentsOf: baseline, encoding: .utf8)
        #expect(text.contains("Content/posts/p.md\tisolated\t") && text.contains("# let broken: Int = \"one\""))

        // Unchanged: green.
        let again = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path], in: site.root)
        #expect(again.status == 0)
        #expect(again.stdout.contains("known   Content/posts/p.md:10  (isolated:10): cannot convert value of type 'String' to specified type 'Int'"))

        // Editing one block of the post (and moving every line) does not touch the other's entry.
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01", body: "An intro line.\n\n" + Self.body
            .replacingOccurrences(of: "let fine = 1", with: "let fine = 2")
            .replacingOccurrences(of: "undefinedName", with: "anotherUndefinedName")))
        let edited = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--format", "github"], in: site.root)
        #expect(edited.status == 1)
        let lines = edited.stdout.split(separator: "\n")
        #expect(lines.last == "1 passed, 1 failed, 0 skipped, 0 not proven, 1 known, 1 stale")
        #expect(lines.contains { $0.hasPrefix("::error file=Content/posts/p.md,line=17,col=18::cannot find 'anotherUndefinedName' in scope") },
                "the edited block's failure is new")
        #expect(lines.contains { $0.hasPrefix("::error file=Content/posts/p.md::the baseline lists a failure of program `isolated`") && $0.contains("let alsoBroken = undefinedName")
                && $0.contains("whose block is no longer in the post (edited or removed)") },
                "its old entry no longer fails, and no block of the post is it: the post and the reason")
        #expect(!lines.contains { $0.contains("cannot convert value") }, "the known failure is not the pull request's")

        // Fixing the known ones, one by an edit, one by the prelude: their entries are stale,
        // and the run fails until the file shrinks.
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01", body: Self.body
            .replacingOccurrences(of: "let broken: Int = \"one\"", with: "let broken: Int = 1")))
        site.write("Content/snippets/prelude.swift", "let undefinedName = 2\n")
        let fixed = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path], in: site.root)
        #expect(fixed.status == 1)
        #expect(fixed.stdout.hasSuffix("3 passed, 0 failed, 0 skipped, 0 not proven, 0 known, 2 stale\n"))
        // Issue 27, finding 7: a stale entry whose block is still there is reported at its
        // line; one whose block is gone, at the post with the reason.
        #expect(fixed.stdout.contains("stale   Content/posts/p.md:14: the baseline lists a failure of program `isolated` (")
                && fixed.stdout.contains(": let alsoBroken = undefinedName) that now passes; run --update-baseline to remove it"), "\(fixed.stdout)")
        #expect(fixed.stdout.contains("stale   Content/posts/p.md: the baseline lists a failure of program `isolated` (")
                && fixed.stdout.contains(": let broken: Int = \"one\") whose block is no longer in the post (edited or removed); run --update-baseline"))
        let annotated = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--format", "github"], in: site.root)
        #expect(annotated.stdout.contains("::error file=Content/posts/p.md,line=14::the baseline lists a failure of program `isolated`"), "\(annotated.stdout)")
        _ = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--update-baseline"], in: site.root)
        let shrunk = try String(contentsOf: baseline, encoding: .utf8)
        #expect(!shrunk.contains("Content/posts/p.md\t"), "\(shrunk)")
        #expect(try SitegenProcess.run(["check-snippets", "--baseline", baseline.path], in: site.root).status == 0)
    }

    @Test func identityIsTheProgramAndTheBlocksOwnCodeWithAnOrdinalForRepeats() throws {
        func block(_ line: Int, _ info: String, _ code: String) -> SnippetBlock {
            SnippetBlock(file: "Content/posts/p.md", fenceLine: line, info: info, code: code, attributes: (try? SnippetAttributes.parse(info)) ?? SnippetAttributes())
        }
        let results = [
            SnippetResult(block: block(10, "swift isolated", "let a = b\n"), program: "isolated:10", outcome: .failed([])),
            SnippetResult(block: block(20, "swift isolated", "let a = b\n"), program: "isolated:20", outcome: .failed([])),
            SnippetResult(block: block(30, "swift", "let a = b\n"), program: "main", outcome: .failed([])),
            SnippetResult(block: block(40, "swift fails=x", "let c = 1\n"), program: "fails:40", outcome: .failed([])),
        ]
        let entries = SnippetBaseline.entries(for: results)
        #expect(entries.map(\.program) == ["isolated", "isolated", "main", "fails"], "no line numbers")
        #expect(entries[1].hash == entries[0].hash + "/2", "the same code twice in one program: the second is /2")
        #expect(entries[2].hash != entries[0].hash, "the fence words are part of the hash")
        let moved = results.map { result -> SnippetResult in
            var result = result
            result.block.fenceLine += 7
            return result
        }
        #expect(SnippetBaseline.entries(for: moved) == entries, "moving blocks changes nothing")
    }

    @Test func aMalformedBaselineIsAnErrorAtItsLine() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        site.write("baseline.txt", "# comment\nContent/posts/p.md\tmain\n")
        let run = try SitegenProcess.run(["check-snippets", "--baseline", "baseline.txt"], in: site.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("baseline.txt:2:1: error: a baseline line is POST<tab>PROGRAM<tab>HASH; write the file with --update-baseline"))
        let usage = try SitegenProcess.run(["check-snippets", "--update-baseline"], in: site.root)
        #expect(usage.status == 2)
    }

    @Test func checkingSomePostsKeepsTheEntriesOfTheOthers() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: "```swift\nlet q: Int = \"q\"\n```\n"))
        let baseline = site.root.appendingPathComponent("b.txt")
        _ = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--update-baseline"], in: site.root)
        #expect(try SnippetBaseline.read(baseline, displayPath: "b.txt").entries.count == 3)
        let one = try SitegenProcess.run(["check-snippets", "--baseline", baseline.path, "--update-baseline", "Content/posts/q.md"], in: site.root)
        #expect(one.stdout.hasSuffix("0 passed, 0 failed, 0 skipped, 0 not proven, 1 known, 0 stale\n"), "\(one.stdout)")
        #expect(try SnippetBaseline.read(baseline, displayPath: "b.txt").entries.count == 3, "p.md's entries were not checked, so they stay")
    }
}
