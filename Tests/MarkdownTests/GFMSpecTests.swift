import Foundation
@testable import Markdown
import Testing

/// The GitHub Flavored Markdown spec 0.29 (`../shared/specs/gfm/spec.txt`): its extension
/// examples, and its CommonMark examples with the extensions off and on.
@Suite("GFM spec 0.29")
struct GFMSpecTests {
    static let path = "specs/gfm/spec.txt"

    /// Examples per fence tag, as the spec file at cmark-gfm 85d8952 has them.
    static let expectedCounts = ["table": 8, "strikethrough": 2, "autolink": 11, "tagfilter": 1, "disabled": 2]

    /// The extension a fence tag names; `disabled` marks the task list examples (cmark-gfm's
    /// own runner skips them because its HTML differs in spelling, see `normalized`).
    static func fenceExtension(_ tag: String) -> MarkdownExtension? {
        tag == "disabled" ? .tasklist : MarkdownExtension(rawValue: tag)
    }

    @Test("Every extension example gives the spec's HTML",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func extensionExamples() throws {
        let examples = try SpecFile.examples(Self.path).filter { !$0.tag.isEmpty }
        var counts: [String: (passed: Int, total: Int)] = [:]
        for example in examples {
            let extensionName = try #require(Self.fenceExtension(example.tag), "unknown fence tag \(example.tag)")
            let options = MarkdownOptions(allowRawHTML: true, extensions: [extensionName])
            let html = try MarkdownDocument.parse(example.markdown, options: options).html()
            let passed = example.tag == "disabled" ? normalized(html) == normalized(example.html) : html == example.html
            counts[example.tag, default: (0, 0)].total += 1
            if passed {
                counts[example.tag, default: (0, 0)].passed += 1
            } else {
                Issue.record("\(example) [\(example.tag)]: expected \(example.html.debugDescription), got \(html.debugDescription)")
            }
        }
        for (tag, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("GFM spec \(tag): \(count.passed)/\(count.total) examples passed")
        }
        #expect(counts.mapValues(\.total) == Self.expectedCounts)
        #expect(counts.values.allSatisfy { $0.passed == $0.total })
    }

    @Test("With the extensions off, every CommonMark example of the GFM spec passes",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func commonMarkExamplesWithoutExtensions() throws {
        let examples = try SpecFile.examples(Self.path).filter(\.tag.isEmpty)
        let options = MarkdownOptions(allowRawHTML: true)
        let failures = try examples.filter { try MarkdownDocument.parse($0.markdown, options: options).html() != $0.html }
        print("GFM spec CommonMark examples, extensions off: \(examples.count - failures.count)/\(examples.count) passed")
        #expect(examples.count == 649)
        #expect(failures.map(\.number) == [])
    }

    /// CommonMark examples whose HTML an extension changes, when all are on. cmark-gfm
    /// with the same extensions gives the same differences (checked with its binary).
    static let changedByExtensions: [Int: String] = [
        140: "tagfilter: <script> in an HTML block is written as &lt;script>",
        141: "tagfilter: <style> in an HTML block",
        142: "tagfilter: <style> in an HTML block",
        145: "tagfilter: <style> in an HTML block",
        147: "tagfilter: <script> in an HTML block",
        610: "autolink: http://foo.bar/baz inside a broken <…> autolink is linked",
        614: "autolink: foo\\+@bar.example.com has a bare e-mail address after the escape",
        616: "autolink: http://foo.bar inside < … > is linked",
        619: "autolink: a bare http://example.com is linked",
        620: "autolink: a bare e-mail address is linked",
    ]

    @Test("With every extension on, the CommonMark examples the extensions do not change still pass",
          .enabled(if: SpecFile.exists(path), SpecFile.missingReason(path)))
    func commonMarkExamplesWithExtensions() throws {
        let examples = try SpecFile.examples(Self.path).filter(\.tag.isEmpty)
        let options = MarkdownOptions(allowRawHTML: true, extensions: Set(MarkdownExtension.allCases))
        var failed: [Int] = []
        for example in examples {
            let html = try MarkdownDocument.parse(example.markdown, options: options).html()
            if html != example.html {
                failed.append(example.number)
                if Self.changedByExtensions[example.number] == nil {
                    Issue.record("\(example): expected \(example.html.debugDescription), got \(html.debugDescription)")
                }
            }
        }
        let unchanged = examples.count - Self.changedByExtensions.count
        print("GFM spec CommonMark examples, all extensions on: \(examples.count - failed.count)/\(unchanged) unchanged ones passed; \(failed.count) changed by extensions")
        #expect(failed == Self.changedByExtensions.keys.sorted(), "a listed example started passing, or an unlisted one fails")
    }

    /// The attribute order and the void-element slash aside, as cmark-gfm's test/normalize.py
    /// compares: the spec writes `<input disabled="" type="checkbox">`, cmark-gfm (and this
    /// renderer) `<input type="checkbox" disabled="" />`.
    func normalized(_ html: String) -> String {
        let pattern = try? NSRegularExpression(pattern: "<input([^>]*?)\\s*/?>")
        let range = NSRange(html.startIndex..., in: html)
        var result = html
        for match in (pattern?.matches(in: html, range: range) ?? []).reversed() {
            guard let whole = Range(match.range, in: html), let attributes = Range(match.range(at: 1), in: html) else { continue }
            let sorted = html[attributes].split(separator: " ").sorted().joined(separator: " ")
            result.replaceSubrange(whole, with: "<input \(sorted)>")
        }
        return result
    }
}
