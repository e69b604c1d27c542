import Foundation
import Testing
@testable import SiteKit

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

    @Test func theWordsTableIsTheBuiltInEnglish() {
        let rows = Self.rows(after: "| key | English |")
        let expected = UIStrings.english.map { ["`\($0.key)`", $0.text.replacingOccurrences(of: "|", with: "\\|")] }
        #expect(rows == expected)
    }
}
