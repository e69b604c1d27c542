import Foundation
@testable import Markdown
import Testing

/// cmark-gfm's own extension tests (`../shared/specs/gfm/extensions.txt`), run as
/// cmark-gfm runs them: raw HTML on and every extension.
@Suite("cmark-gfm extensions.txt")
struct GFMExtensionsFileTests {
    static let path = "specs/gfm/extensions.txt"

    /// Examples whose expected HTML is not what cmark-gfm 0.29.0.gfm.6 (Debian's, the
    /// version this renderer matches) writes, with the reason. The test fails when one of
    /// them starts passing or another example fails.
    static let knownDifferences: [Int: String] = [
        20: "its expected HTML is <IGNORE>: the example only checks that (_A_@_.A does not crash the parser",
        23: """
            the file expects the footnote HTML of cmark-gfm before 0.29.0.gfm.2 (`#fn1`, no `data-footnote-ref`, \
            no `aria-label`); Debian's cmark-gfm 0.29.0.gfm.6 writes `#fn-1`, `data-footnotes` and the back-reference \
            `aria-label`, and so does this renderer (the oracle test compares with that binary)
            """,
    ]

    @Test("Every example passes except the known differences, each for its stated reason",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func examples() throws {
        let examples = try SpecFile.examples(Self.path)
        let options = MarkdownOptions(allowRawHTML: true, extensions: MarkdownExtension.gfm)
        var differing: [Int] = []
        for example in examples {
            let html = try MarkdownDocument.parse(example.markdown, options: options).html()
            guard html != example.html else { continue }
            differing.append(example.number)
            if let reason = Self.knownDifferences[example.number] {
                print("extensions.txt \(example): differs as known: \(reason)")
            } else {
                Issue.record("\(example): expected \(example.html.debugDescription), got \(html.debugDescription)")
            }
        }
        print("extensions.txt: \(examples.count - differing.count)/\(examples.count) examples passed, \(differing.count) differ: \(differing)")
        #expect(examples.count == 28)
        #expect(differing == Self.knownDifferences.keys.sorted())
    }

    @Test("The footnote example differs from the file only in the newer footnote markup",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func footnoteMarkupIsTheOnlyDifference() throws {
        let example = try #require(try SpecFile.examples(Self.path).first { $0.number == 23 })
        let html = try MarkdownDocument.parse(example.markdown, options: MarkdownOptions(allowRawHTML: true, extensions: MarkdownExtension.gfm)).html()
        let older = html
            .replacingOccurrences(of: " data-footnote-backref aria-label=\"Back to content\"", with: "")
            .replacingOccurrences(of: " data-footnote-ref", with: "")
            .replacingOccurrences(of: " data-footnotes", with: "")
            .replacingOccurrences(of: "#fn-", with: "#fn").replacingOccurrences(of: "\"fn-", with: "\"fn")
            .replacingOccurrences(of: "#fnref-", with: "#fnref").replacingOccurrences(of: "\"fnref-", with: "\"fnref")
        // The older markup also named footnotes by number, not label.
        let byNumber = ["1": "1", "footnote": "2", "other-note": "3", "codeblock-note": "4"].reduce(older) { html, entry in
            html.replacingOccurrences(of: "fn\(entry.key)\"", with: "fn\(entry.value)\"")
                .replacingOccurrences(of: "fnref\(entry.key)\"", with: "fnref\(entry.value)\"")
        }
        #expect(byNumber == example.html)
    }

    @Test("The example without expected HTML parses and renders",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func ignoredExampleDoesNotCrash() throws {
        let example = try #require(try SpecFile.examples(Self.path).first { $0.number == 20 })
        #expect(example.html == "<IGNORE>\n")
        let html = try MarkdownDocument.parse(example.markdown, options: MarkdownOptions(allowRawHTML: true, extensions: MarkdownExtension.gfm)).html()
        #expect(html == "<p>This shouldn't crash everything: (<em>A</em>@_.A</p>\n")
    }
}
