import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// `check-snippets --suggest --write` on posts as editors save them: CRLF, LF, both in one
/// file, no final newline, a private mode. Only the checked fence lines change; every
/// other byte stays; a post edited since the check is refused.
@Suite("Snippets: --write rewrites only the checked fences", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct FenceRewriteTests {
    /// Lines 5-16 of a post: the block at line 10 needs `member-of=Store`; the blocks at
    /// lines 6 and 14 compile as they are.
    static let bodyLines = [
        "", "```swift", "class Store { var items: [String] = [] }", "```", "",
        "```swift", "func add(_ item: String) { items.append(item) }", "```", "",
        "```swift", "let store = Store()", "```",
    ]
    static let frontMatterLines = ["---", "title: P", "date: 2017-01-01", "---"]

    /// The post with `frontMatterEnding` after each front matter line and `bodyEnding` after each body line.
    static func post(frontMatterEnding: String, bodyEnding: String, finalNewline: Bool = true) -> [UInt8] {
        var text = frontMatterLines.map { $0 + frontMatterEnding }.joined() + bodyLines.map { $0 + bodyEnding }.joined()
        if !finalNewline { text.removeLast(bodyEnding.count) }
        return Array(text.utf8)
    }

    /// `bytes` with line 10's fence given the words: what --write must produce, byte for byte.
    static func expected(_ bytes: [UInt8]) -> [UInt8] {
        let marker = Array("```swift".utf8)
        let lines = FenceRewriter.lineRanges(bytes)
        let line10 = lines[9]
        #expect(Array(bytes[line10]) == marker)
        return Array(bytes[..<line10.upperBound]) + Array(" member-of=Store".utf8) + Array(bytes[line10.upperBound...])
    }

    static func site(_ bytes: [UInt8]) -> FixtureSite {
        let site = FixtureSite([:], withTheme: false)
        site.write("Content/posts/p.md", bytes: bytes)
        return site
    }

    static func postBytes(_ site: FixtureSite) throws -> [UInt8] {
        Array(try Data(contentsOf: site.root.appendingPathComponent("Content/posts/p.md")))
    }

    /// Found on a real post: front matter saved with CRLF, the body with LF. The words for
    /// the block at line 10 were written on line 14's fence (the CRLF lines were not counted).
    @Test func crlfFrontMatterAndLFBodyGetTheWordsOnTheFenceThatWasChecked() throws {
        let original = Self.post(frontMatterEnding: "\r\n", bodyEnding: "\n")
        let site = Self.site(original)
        defer { site.remove() }
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("suggest Content/posts/p.md:10: member-of=Store"), "\(run.stdout)")
        #expect(run.stdout.contains("wrote 1 fence lines in 1 posts"), "\(run.stdout)")
        #expect(try Self.postBytes(site) == Self.expected(original))
        #expect(try SitegenProcess.run(["check-snippets"], in: site.root).status == 0)
    }

    /// An all-CRLF post could never be written ("the fence line is not what was checked").
    @Test func anAllCRLFPostIsWrittenWithItsCRLFAndNoFinalNewlineKept() throws {
        for original in [Self.post(frontMatterEnding: "\r\n", bodyEnding: "\r\n"),
                         Self.post(frontMatterEnding: "\r\n", bodyEnding: "\r\n", finalNewline: false),
                         Self.post(frontMatterEnding: "\r", bodyEnding: "\r")] {
            let site = Self.site(original)
            defer { site.remove() }
            let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("not what was checked") && !run.stderr.contains("not what was checked"), "\(run.stderr)")
            #expect(try Self.postBytes(site) == Self.expected(original))
        }
    }

    /// A post with mode 0600 came back 0644 (the umask's default for a new file).
    @Test func aPostKeepsItsMode() throws {
        let original = Self.post(frontMatterEnding: "\n", bodyEnding: "\n")
        let site = Self.site(original)
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/posts/p.md").path
        #expect(chmod(path, 0o600) == 0)
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try Self.postBytes(site) == Self.expected(original))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/posts").path)
        #expect(leftovers == ["p.md"], "no temporary file is left beside the post")
    }

    /// A post edited after --suggest read it is not written, even where its fence line
    /// still reads the same; the one that did not change is.
    @Test func aPostChangedSinceTheCheckIsRefusedAndLeftAsItIs() throws {
        let original = Self.post(frontMatterEnding: "\n", bodyEnding: "\n")
        let site = Self.site(original)
        defer { site.remove() }
        let checker = SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: SnippetFixtures.sharedCache, toolchain: SnippetFixtures.toolchain!))
        let result = try SnippetSuggester(checker: checker).suggest(for: try checker.check())
        #expect(result.checked.keys.sorted() == ["Content/posts/p.md"])
        let edited = original + Array("More text.\n".utf8)
        site.write("Content/posts/p.md", bytes: edited)
        do {
            _ = try FenceRewriter.write(result.suggestions, checked: result.checked, siteRoot: site.root)
            Issue.record("a post edited since the check was written")
        } catch {
            #expect(error.diagnostics.headlines == ["Content/posts/p.md: error: the post changed since it was checked; not written: run --suggest again"])
        }
        #expect(try Self.postBytes(site) == edited)
        site.write("Content/posts/p.md", bytes: original)
        #expect(try FenceRewriter.write(result.suggestions, checked: result.checked, siteRoot: site.root) == (1, 1))
        #expect(try Self.postBytes(site) == Self.expected(original))
    }
}

/// The byte rewriting alone: no compiler needed.
@Suite("Snippets: fence rewriting on bytes")
struct FenceBytesTests {
    static func rewrite(_ text: String, _ edits: [FenceRewriter.Edit]) -> (text: String, refused: [Int]) {
        let result = FenceRewriter.rewrite(Array(text.utf8), edits)
        return (String(decoding: result.bytes, as: UTF8.self), result.refused)
    }

    @Test func linesEndAtLFCRLFAndALoneCRAsTheLoaderCountsThem() {
        let text = "a\r\nb\rc\nd"
        #expect(FenceRewriter.lineRanges(Array(text.utf8)).map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) } == ["a", "b", "c", "d"])
        #expect(FenceRewriter.lineRanges(Array("a\n".utf8)).count == 2)
        // The same count as the text the check read.
        for sample in ["x\r\n\r\ny\rz\n", "\r\r\n\n", "no newline"] {
            let normalized = SourceText.normalizeLineEnds(sample)
            #expect(FenceRewriter.lineRanges(Array(sample.utf8)).count == normalized.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
    }

    @Test func onlyTheInfoStringChangesWithIndentationQuotesListsAndEndingsKept() {
        let edit = { (line: Int, old: String) in FenceRewriter.Edit(line: line, old: old, new: old + " isolated") }
        #expect(Self.rewrite("   ```swift\n", [edit(1, "swift")]) == ("   ```swift isolated\n", []))
        #expect(Self.rewrite("> ~~~~ swift run  \r\nx", [edit(1, "swift run")]) == ("> ~~~~ swift run isolated  \r\nx", []))
        #expect(Self.rewrite("- ```swift\r", [edit(1, "swift")]) == ("- ```swift isolated\r", []))
        #expect(Self.rewrite("a\r\n1. ```swift", [edit(2, "swift")]) == ("a\r\n1. ```swift isolated", []))
        #expect(FenceRewriter.info(#"swift fails="a \"b\"" program=x"#, adding: ["isolated"]) == #"swift fails="a \"b\"" isolated"#)
    }

    @Test func aLineThatIsNotTheCheckedFenceIsRefusedAndNothingIsWritten() {
        let text = "```swift program=a\n```\nlet a = 1\n```swift\n"
        let swap = FenceRewriter.Edit(line: 4, old: "swift", new: "swift isolated")
        #expect(Self.rewrite(text, [FenceRewriter.Edit(line: 1, old: "swift", new: "swift isolated"), swap]) == (text, [1]))
        #expect(Self.rewrite(text, [FenceRewriter.Edit(line: 3, old: "swift", new: "swift isolated")]) == (text, [3]))
        #expect(Self.rewrite(text, [FenceRewriter.Edit(line: 9, old: "swift", new: "swift isolated")]) == (text, [9]))
        // Words that would end the line or the fence are never written.
        #expect(Self.rewrite(text, [FenceRewriter.Edit(line: 4, old: "swift", new: "swift\n# x")]) == (text, [4]))
        #expect(Self.rewrite(text, [FenceRewriter.Edit(line: 4, old: "swift", new: "swift `x`")]) == (text, [4]))
        #expect(Self.rewrite(text, [swap]) == ("```swift program=a\n```\nlet a = 1\n```swift isolated\n", []))
        // Found by the fencerewrite fuzz target: the first line of an indented code block
        // that reads like a fence, whose (empty) info string was the one asked for.
        let indented = "Text.\n\n     ```\n"
        #expect(Self.rewrite(indented, [FenceRewriter.Edit(line: 3, old: "", new: "swift")]) == (indented, [3]))
    }
}
