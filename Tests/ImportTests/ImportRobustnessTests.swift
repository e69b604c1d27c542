import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

/// Bodies, front matter and TOML made of the pieces of template syntax in random order (a
/// fixed seed, so a failure repeats): every reader returns, none traps on an index.
@Suite("Import: arbitrary input")
struct ImportRobustnessTests {
    static let pieces = ["{%", "%}", "{{", "}}", "{{<", ">}}", "{{%", "%}}", "{{</*", "*/>}}", "{:", "}", "`", "```", "~~~", "\n", " ",
                         "    ", "> ", "- ", "raw", "endraw", "highlight", "endhighlight", " swift", "/highlight", "post_url", "link",
                         "include figure.html", " image=\"/a.png\"", " caption=\"c\"", "ref", " \"x.md\"", "site.baseurl", "site.url",
                         "](", ")", "[", "]", "\"", "'", "\\", "é", "#", "=", "|", " relative_url", "\r\n", "\u{2028}", "figure",
                         " src=\"a.png\"", "+++", "---", "[[", "]]", "1979-05-27", "07:32", "0x1F", "1e5", "\"\"\"", "'''", ","]

    /// Found by the `frontmatteredit` fuzz target: keys added under an indented mapping went
    /// to column 1, and the front matter no longer parsed.
    @Test func keysAreAddedAtTheMappingsIndentation() throws {
        var editor = try FrontMatterEditor(yaml: " title: A\n tags: [x]\n")
        let appended = editor.append("\"/old/\"", toList: "aliases")
        #expect(appended)
        let root = try #require(try YAMLParser.parse(editor.text))
        #expect(root["aliases"]?.content == .sequence([YAMLNode(.scalar("/old/", .doubleQuoted), at: SourceLocation(line: 3, column: 12))]))
        #expect(root["title"]?.scalarText == "A")
    }

    /// Found by the `frontmatteredit` fuzz target: `da:` with no value became `da:2020-…`,
    /// a plain text where the key's value was meant.
    @Test func anEmptyValueRightAfterItsColonIsReplacedWithASpaceBetween() throws {
        var editor = try FrontMatterEditor(yaml: "title: My Notes\ndate:\n")
        let replaced = editor.replaceScalar("date", with: "2020-01-02T03:04:05Z")
        #expect(replaced)
        let root = try #require(try YAMLParser.parse(editor.text))
        #expect(root["date"]?.scalarText == "2020-01-02T03:04:05Z", "\(editor.text)")
        #expect(root["title"]?.scalarText == "My Notes")
    }

    @Test func everyReaderReturnsOnArbitraryText() throws {
        var generator = SplitMix(seed: 20_261_130)
        var targets = LinkTargets()
        targets.add(source: "_posts/2019-01-01-x.md", target: .document("Content/posts/2019-01-01-x.md"), names: ["2019-01-01-x", "x"])
        let context = ConversionContext(documentPath: "Content/posts/a.md", sourcePath: "_posts/a.md", targets: targets,
                                        siteURL: "https://example.com", basePath: "/b")
        var converted = 0
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)] }.joined()
            let bytes = Array(text.utf8)
            var report = DocumentReport()
            for body in [LiquidConverter(context: context).convert(bytes), ShortcodeConverter(context: context).convert(bytes)] {
                BodyPlaces.record(body, file: "a.md", firstLine: 3, into: &report)
                if !body.events.isEmpty { converted += 1 }
            }
            _ = TemplateSyntaxScanner.scan(text, firstLine: 1)
            _ = try? TOMLParser.parse(text)
            _ = LenientDate(text)
            _ = try? SourceDocument.split(bytes, path: "a.md")
            if var editor = try? FrontMatterEditor(yaml: "date: " + text + "\naliases: " + text + "\n") {
                _ = editor.replaceScalar("date", with: "2020-01-01")
                _ = editor.append("\"/x/\"", toList: "aliases")
            }
        }
        #expect(converted > 100, "the pieces make convertible constructs often enough to exercise the converters")
    }
}
