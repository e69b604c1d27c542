import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// docs/themes.md is what theme authors read: its table of templates and its table of
/// words are the build's own tables, or this test fails.
@Suite("docs/themes.md")
struct DocsTests {
    static let themes = (try? String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("docs/themes.md"), encoding: .utf8)) ?? ""

    /// The rows of the Markdown table whose header row starts with `header`.
    static func rows(after header: String) -> [[String]] {
        let lines = themes.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.dropFirst().dropLast().split(separator: " | ", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func theTemplatesTableIsTheRoutesTable() {
        let rows = Self.rows(after: "| template | renders | URL |")
        let expected = PageRoute.table.map { ["`\($0.kind.templateName)`", $0.renders, $0.urls] }
        #expect(rows == expected)
    }

    /// "A theme must have nine of these templates: every one but …": the count and the
    /// exceptions are the table's required and not-required rows (the count once said
    /// "nine" beside a list of twelve).
    @Test func theRequiredTemplatesSentenceIsTheRoutesTable() throws {
        let sentence = try #require(Self.themes.firstRange(of: "A theme must have ").map { start in
            Self.themes[start.upperBound...].prefix { $0 != "." }
        })
        let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                       "thirteen", "fourteen", "fifteen"]
        let word = String(sentence.prefix { $0 != " " })
        #expect(numbers.firstIndex(of: word).map { $0 + 1 } == PageRoute.templates.count,
                "docs/themes.md says a theme must have \(word) templates; the routes table requires \(PageRoute.templates.count)")
        let exceptions = Self.codeSpans(in: sentence.split(separator: "(").enumerated()
            .map { $0.offset == 0 ? $0.element : $0.element.drop { $0 != ")" } }.joined())
        let notRequired = PageRoute.table.filter { $0.template != .required }.map(\.kind.templateName)
        #expect(exceptions == notRequired)
    }

    /// The `page.kind` row names every kind a template renders (not redirects: the build writes those).
    @Test func thePageKindRowNamesEveryRenderedKind() throws {
        let row = try #require(Self.rows(after: "| name | value |").first { $0.first == "`page.kind`" })
        let kinds = Self.codeSpans(in: row[1].prefix { $0 != "(" })
        #expect(kinds == PageRoute.table.filter { $0.template != .none }.map(\.kind.templateName))
    }

    /// The text of each `code span`, in order.
    static func codeSpans(in text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theWordsTableIsTheBuiltInEnglish() {
        let rows = Self.rows(after: "| key | English |")
        let expected = UIStrings.english.map { ["`\($0.key)`", $0.text.replacingOccurrences(of: "|", with: "\\|")] }
        #expect(rows == expected)
    }
}
