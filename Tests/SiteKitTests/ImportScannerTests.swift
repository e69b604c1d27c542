import Foundation
import Testing
@testable import Markdown
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The build-time detector of template syntax left in a post: what it finds, where, and
/// everything it must not read as syntax (code, escaped braces, ordinary braces).
@Suite("Template syntax scanner")
struct ImportScannerTests {
    static func found(_ body: String, firstLine: Int = 1) -> [String] {
        TemplateSyntaxScanner.scan(body, firstLine: firstLine).map { "\($0.location) \($0.kind) \($0.text)" }
    }

    @Test func findsEachKindAtItsLineAndColumn() {
        let body = """
            Intro {% include youtube.html id="x" %} and {{ site.title }}.

            {{< youtube abc >}} and {{% notice %}}text{{% /notice %}}
            A note.
            {: .note}

            {::nomarkdown}
            <b>x</b>
            {:/nomarkdown}
            """
        #expect(Self.found(body, firstLine: 5) == [
            "5:7 Liquid tag {% include %} {% include youtube.html id=\"x\" %}",
            "5:45 Liquid output {{ … }} {{ site.title }}",
            "7:1 Hugo shortcode {{< youtube >}} {{< youtube abc >}}",
            "7:25 Hugo shortcode {{< notice >}} {{% notice %}}",
            "7:43 Hugo shortcode {{< /notice >}} {{% /notice %}}",
            "9:1 kramdown attribute list {: … } {: .note}",
            "11:1 kramdown extension {::nomarkdown} {::nomarkdown}",
            "13:1 kramdown extension {::nomarkdown} {:/nomarkdown}",
        ])
    }

    @Test func codeIsNeverSyntax() {
        let body = """
            ```liquid
            {% raw %}{{ page.title }}{% endraw %}
            ```

            Use `{{ page.title }}` or ``{% if x %}`` inline.

                {% indented code %}

            - A list item:

                  ```swift
                  let x = { {{ 1 }} }
                  ```
            ~~~
            {{< not a shortcode >}}
            ~~~
            """
        #expect(Self.found(body).isEmpty)
    }

    @Test func bracesThatAreNotTemplateSyntax() {
        let body = """
            A set {1, 2} and a dictionary literal [:] and a closure { $0 }.
            Escaped: \\{{ page.title }} and \\{% raw %}.
            Swift in prose: `[String: Int]` then {:} stays.
            """
        #expect(Self.found(body).isEmpty)
    }

    @Test func constructsThatRunOverLinesOrNeverClose() {
        let body = """
            {% include figure.html
               image="/a.png" %}

            Broken {{ site.title and more text

            {% raw
            """
        let found = TemplateSyntaxScanner.scan(body, firstLine: 1)
        #expect(found.map(\.location.line) == [1, 4, 6])
        #expect(found[0].text == "{% include figure.html    image=\"/a.png\" %}")
        #expect(found.map(\.isClosed) == [true, false, false])
    }

    @Test func aSummaryForOneWarningPerFile() {
        let found = TemplateSyntaxScanner.scan("{% include a.html %}\n{: .note}\n\n{% include b.html %} {{ x }}\n", firstLine: 1)
        #expect(TemplateSyntaxScanner.summary(found) == "4 constructs: Liquid tag {% include %} ×2, kramdown attribute list {: … }, Liquid output {{ … }}")
        #expect(TemplateSyntaxScanner.summary(Array(found.prefix(1))) == "1 construct: Liquid tag {% include %}")
    }

    @Test func columnsCountCharactersNotBytes() {
        let found = TemplateSyntaxScanner.scan("Ünïcödé → {{ x }}", firstLine: 3)
        #expect(found.first?.location == SourceLocation(line: 3, column: 11))
    }

    @Test func aParsedDocumentGivesTheSameAnswer() throws {
        let body = "Text {{ a }}\n\n```\n{{ b }}\n```\n"
        let document = try MarkdownDocument.parse(body, lineOffset: 9)
        let withDocument = TemplateSyntaxScanner.scan(body, firstLine: 10, document: document)
        #expect(withDocument == TemplateSyntaxScanner.scan(body, firstLine: 10))
        #expect(withDocument.map(\.location.line) == [10])
    }
}

@Suite("Markdown code regions")
struct MarkdownCodeRegionsTests {
    @Test func fencesInListsAndQuotesAndSpansAcrossLines() {
        let body = Array("""
            > ```
            > quoted code
            > ```

            1. item

                   indented code in the item

            A `span
            over lines` and ``a ` b``.
            An `unmatched backtick.
            """.utf8)
        let regions = MarkdownCodeRegions(body: body)
        #expect(regions.codeBlockLines == [true, true, true, false, false, false, true, false, false, false, false])
        let text = String(decoding: body, as: UTF8.self)
        let spans = regions.codeSpans.map { String(decoding: body[$0], as: UTF8.self) }
        #expect(spans == ["`span\nover lines`", "``a ` b``"])
        let unmatched = text.utf8.count - "backtick.".utf8.count - 2
        #expect(!regions.isCode(unmatched))
    }
}
