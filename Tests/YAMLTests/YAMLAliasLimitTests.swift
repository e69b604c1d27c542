import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

/// Issue 22, finding 5: a 524-byte post with nine levels of YAML aliases (a "billion laughs")
/// ran the build out of memory (SIGABRT at 3.9 GB after 14 s), and check-snippets with it.
/// The tree shares what an alias copies, but whoever reads it visits every copy; what aliases
/// copy is bounded (``YAMLParser/aliasedNodeLimit(forLength:)``) in every YAML sitegen reads.
@Suite("YAML aliases are bounded")
struct YAMLAliasLimitTests {
    /// `a` a list of nine strings, then `levels - 1` anchors, each a list of nine aliases to
    /// the one before: 9^levels strings once expanded. One line per level.
    static func laughs(levels: Int) -> String {
        let names = (0..<levels).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        var lines = ["a: &a [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ", ") + "]"]
        for level in 1..<levels {
            lines.append("\(names[level]): &\(names[level]) [" + Array(repeating: "*" + names[level - 1], count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A post like the issue's (524 bytes): front matter with the nine levels, 458 bytes in all.
    static let post = "---\ntitle: Laughs\ndate: 2024-01-01\n" + laughs(levels: 9) + "---\n\nHa.\n"

    // The aliases of `a`..`d` copy 90 + 819 + 7,380 nodes; the first `*d` on `e`'s line
    // (line 5 of the YAML, column 8) takes them past 10,000.
    static let crossing = (line: 5, column: 8)
    /// `e`'s line in ``post``: after `---`, the title and the date.
    static let crossingLineInPost = crossing.line + 3

    @Test func nineLevelsAreAnErrorAtTheAliasThatPassesTheLimit() {
        #expect(Self.post.utf8.count == 458)
        #expect {
            _ = try YAMLParser.parse(Self.laughs(levels: 9))
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.location == SourceLocation(line: Self.crossing.line, column: Self.crossing.column)
                && error.message.contains("the alias '*d' copies 7381 nodes")
                && error.message.contains("10000 nodes")
        }
    }

    @Test func aliasesCopyUpToTheLimitAndNotOneNodeMore() throws {
        // An anchor of 99 nodes (a list of 98), then aliases to it: 101 of them copy 9,999
        // nodes with the anchor's own, one more would copy 10,098.
        let list = "base: &b [" + Array(repeating: "x", count: 98).joined(separator: ", ") + "]\n"
        let fits = list + "copies: [" + Array(repeating: "*b", count: 101).joined(separator: ", ") + "]\n"
        let root = try #require(try YAMLParser.parse(fits))
        guard case .sequence(let copies)? = root["copies"]?.content else { Issue.record("no list"); return }
        #expect(copies.count == 101)
        #expect(copies.allSatisfy { $0.content == root["base"]?.content })
        #expect(throws: YAMLError.self) {
            _ = try YAMLParser.parse(list + "copies: [" + Array(repeating: "*b", count: 102).joined(separator: ", ") + "]\n")
        }
    }

    @Test func aLongerDocumentMayCopyAsManyNodesAsItHasBytes() throws {
        #expect(YAMLParser.aliasedNodeLimit(forLength: 500) == 10_000)
        #expect(YAMLParser.aliasedNodeLimit(forLength: 200_000) == 200_000)
        // Five levels copy 90 + 819 + 7,380 + 66,429 nodes: too many for a short document, not for one of 100 KB.
        let five = Self.laughs(levels: 5)
        #expect(throws: YAMLError.self) { _ = try YAMLParser.parse(five) }
        let padded = five + "# " + String(repeating: "padding ", count: 12_500) + "\n"
        #expect(try YAMLParser.parse(padded)?["e"] != nil)
    }

    /// In a build: an error at the alias's place in the post, quickly and in little memory
    /// (the run is limited to 1 GB of address space; the old build needed 3.9 GB and aborted).
    @Test func aBuildReportsTheBombAtTheAliasInLittleMemory() throws {
        let site = FixtureSite(["Content/posts/laughs.md": Self.post], withTheme: false)
        defer { site.remove() }
        let run = try TimedRun.sitegen(["build", "--site", site.root.path], shell: "ulimit -v 1048576", timeout: 120)
        #expect(run.status == 1 && run.signal == nil && !run.timedOut, "\(run.status) \(String(describing: run.signal)) \(run.stderr.suffix(500))")
        #expect(run.stderr.contains("Content/posts/laughs.md:\(Self.crossingLineInPost):\(Self.crossing.column): error: the alias '*d' copies 7381 nodes"),
                "\(run.stderr.prefix(800))")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test(.enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH"))
    func checkSnippetsReportsTheBombToo() throws {
        let site = FixtureSite(["Content/posts/laughs.md": Self.post, "Content/posts/ok.md": FixtureSite.post("title: OK\ndate: 2024-01-02", body: "```swift\nlet x = 1\n```\n")],
                               withTheme: false)
        defer { site.remove() }
        let run = try TimedRun.sitegen(["check-snippets", "--site", site.root.path, "--jobs", "1"], shell: "ulimit -v 1048576", timeout: 120)
        #expect(run.status != 0 && run.signal == nil && !run.timedOut, "\(run.status) \(String(describing: run.signal)) \(run.stderr.suffix(500))")
        #expect(run.stderr.contains("Content/posts/laughs.md:\(Self.crossingLineInPost):\(Self.crossing.column): error: the alias '*d'"), "\(run.stderr.prefix(800))")
    }

    /// Every YAML document sitegen reads goes through the one parser, and each names the file.
    @Test(arguments: [
        ("Content/site.yml", "title: Laughs\nbase_url: https://example.com/\n", 2),
        ("Content/pages/about.md", "---\ntitle: About\n", 2),
        ("Themes/default/strings/en.yml", "", 0),
    ])
    func everyDocumentOfASiteIsBounded(_ path: String, _ before: String, _ lineOffset: Int) throws {
        var files = ["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2024-01-01")]
        let isFrontMatter = path.hasSuffix(".md")
        files[path] = before + Self.laughs(levels: 9) + (isFrontMatter ? "---\n\nText.\n" : "")
        let site = FixtureSite(files, config: path == "Content/site.yml" ? nil : "title: T\nbase_url: https://example.com/\nlanguage: en\n")
        defer { site.remove() }
        let errors = site.failingBuild().errors
        #expect(errors.contains { $0.file.hasSuffix(path) && $0.location == SourceLocation(line: Self.crossing.line + lineOffset, column: Self.crossing.column)
            && $0.message.contains("the alias '*d'") }, "\(errors)")
    }

    /// `sitegen import`'s YAML inputs: a Jekyll `_config.yml` and a post's front matter.
    @Test(arguments: [("_config.yml", 1), ("_posts/2024-01-01-laughs.md", 2)])
    func importsAreBounded(_ path: String, _ lineOffset: Int) throws {
        var files = ["_config.yml": "title: Laughs\n", "_posts/2024-01-02-ok.md": "---\ntitle: OK\n---\nText.\n"]
        files[path] = path.hasSuffix(".md") ? "---\ntitle: Laughs\n" + Self.laughs(levels: 9) + "---\nHa.\n" : "title: Laughs\n" + Self.laughs(levels: 9)
        let source = ImportFixtures.folder(files)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-laughs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: destination) }
        do {
            _ = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()
            Issue.record("the import of \(path) succeeded")
        } catch {
            #expect(error.diagnostics.contains { $0.file.hasSuffix(path) && $0.location == SourceLocation(line: Self.crossing.line + lineOffset, column: Self.crossing.column)
                && $0.message.contains("the alias '*d'") }, "\(error.diagnostics)")
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
