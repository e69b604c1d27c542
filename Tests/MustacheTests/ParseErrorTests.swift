@testable import Mustache
import Testing

@Suite("Parse errors")
struct ParseErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        var kind: MustacheError.Kind
        var line: Int
        var column: Int
        var message: String

        var testDescription: String { "\(kind) at \(line):\(column)" }
    }

    static let cases: [Case] = [
        Case(source: "<ul>\n<li>\n    {{#posts}}\n{{title}}\n", kind: .unclosedSection, line: 3, column: 5,
             message: "unclosed section 'posts' opened at 3:5"),
        Case(source: "{{#a}}\n  {{/b}}\n", kind: .mismatchedClosingTag, line: 2, column: 3,
             message: "closing tag 'b' does not match open section 'a' at 1:1"),
        Case(source: "x {{/a}}", kind: .unexpectedClosingTag, line: 1, column: 3,
             message: "closing tag 'a' has no open section"),
        Case(source: "Hello\n  {{ name", kind: .unclosedTag, line: 2, column: 3,
             message: "unclosed tag: '{{' has no matching '}}'"),
        Case(source: "{{{ raw }}", kind: .unclosedTag, line: 1, column: 1,
             message: "unclosed tag: '{{' has no matching '}}}'"),
        Case(source: "{{=<% %>=}}\n<% name", kind: .unclosedTag, line: 2, column: 1,
             message: "unclosed tag: '<%' has no matching '%>'"),
        Case(source: "a\n {{=<% %> x=}}", kind: .invalidDelimiters, line: 2, column: 2,
             message: "invalid set-delimiter tag '{{=<% %> x=}}': expected two delimiters without '=' separated by whitespace"),
        Case(source: "{{=<%=}}", kind: .invalidDelimiters, line: 1, column: 1,
             message: "invalid set-delimiter tag '{{=<%=}}': expected two delimiters without '=' separated by whitespace"),
        Case(source: "{{=<% %>}}", kind: .invalidDelimiters, line: 1, column: 1,
             message: "set-delimiter tag must end with '=}}'"),
        Case(source: "one\ntwo {{ }}", kind: .emptyTagName, line: 2, column: 5,
             message: "empty tag name in '{{ }}'"),
        Case(source: "{{#}}{{/}}", kind: .emptyTagName, line: 1, column: 1,
             message: "empty tag name in '{{#}}'"),
        Case(source: "{{>*}}", kind: .emptyTagName, line: 1, column: 1,
             message: "empty dynamic name after '*'"),
        Case(source: "{{first name}}", kind: .invalidTagName, line: 1, column: 1,
             message: "tag name 'first name' contains whitespace"),
        Case(source: "{{a..b}}", kind: .invalidTagName, line: 1, column: 1,
             message: "invalid dotted name 'a..b'"),
    ]

    @Test("error kind, line and column", arguments: cases)
    func reportsPosition(_ testCase: Case) throws {
        let error = try #require(parseError(testCase.source))
        #expect(error.kind == testCase.kind)
        #expect(error.templateName == "page")
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
        #expect(error.message == testCase.message)
    }

    @Test func descriptionIsCompilerStyle() throws {
        let error = try #require(parseError("<ul>\n<li>\n    {{#posts}}\n{{title}}\n"))
        #expect(error.description == "page:3:5: error: unclosed section 'posts' opened at 3:5")
    }

    @Test func columnsCountUnicodeScalars() throws {
        let error = try #require(parseError("héllo wörld {{#x}}"))
        #expect(error.line == 1)
        #expect(error.column == 13)
    }

    @Test func linesCountBreaksInsideMultilineComments() throws {
        let error = try #require(parseError("{{! one\ntwo\nthree }}\n  {{/x}}"))
        #expect(error.line == 4)
        #expect(error.column == 3)
    }

    @Test func innermostUnclosedSectionIsReported() throws {
        let error = try #require(parseError("{{#outer}}\n  {{#inner}}\n"))
        #expect(error.message == "unclosed section 'inner' opened at 2:3")
    }

    @Test func unclosedParentAndBlockAreSections() throws {
        let parent = try #require(parseError("{{<layout}}{{$content}}x{{/content}}"))
        #expect(parent.kind == .unclosedSection)
        #expect(parent.message == "unclosed section 'layout' opened at 1:1")
        let block = try #require(parseError("{{<layout}}\n  {{$content}}x{{/layout}}"))
        #expect(block.kind == .mismatchedClosingTag)
        #expect(block.message == "closing tag 'layout' does not match open section 'content' at 2:3")
    }

    private func parseError(_ source: String) -> MustacheError? {
        do {
            _ = try MustacheTemplate(source: source, name: "page")
            Issue.record("expected a parse error for \(String(reflecting: source))")
            return nil
        } catch let error as MustacheError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }
}
