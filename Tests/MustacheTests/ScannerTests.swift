@testable import Mustache
import Testing

/// Positions and delimiter search after the scanner stopped re-counting each line
/// from its start and began searching with a KMP table.
@Suite("Scanner")
struct ScannerTests {
    @Test func columnsAfterManyTagsOnOneLine() throws {
        let source = String(repeating: "{{a}}é", count: 1_000) + "{{/x}}"
        let error = try #require(parseFailure(source))
        #expect(error.kind == .unexpectedClosingTag)
        #expect(error.line == 1)
        #expect(error.column == 6 * 1_000 + 1)
    }

    @Test func columnsRestartAfterTextAndTagsThatSpanLines() throws {
        let error = try #require(parseFailure("{{a}}é{{b}}\n{{! one\ntwo }}é{{c}}{{/d}}\n"))
        #expect(error.line == 3)
        #expect(error.column == 13)
    }

    /// "abaababx baba!" with `abab` as the opening delimiter: the search matches
    /// "aba", fails on the second "a" and must resume inside what it matched.
    @Test func delimiterSearchResumesInsideAPartialMatch() throws {
        let template = try MustacheTemplate(source: "{{=abab baba=}}abaababx baba!")
        #expect(try template.render(["x": "X"]) == "abaX!")
    }

    @Test func longTagNamesAreCutInMessages() throws {
        let name = String(repeating: "n", count: 100_000)
        let error = try #require(parseFailure("{{/\(name)}}"))
        #expect(error.message == "closing tag '\(String(repeating: "n", count: 59))…' has no open section")
    }
}
