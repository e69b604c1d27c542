@testable import Markdown
import Testing

@Suite("CommonMark spec 0.30")
struct CommonMarkSpecTests {
    /// The spec's expected HTML assumes raw HTML passes through, exactly as
    /// cmark runs its own spec tests with `--unsafe`. Compared byte for byte:
    /// no normalization is needed because cmark itself matches all examples
    /// exactly.
    @Test("Every example renders the expected HTML",
          .enabled(if: SpecFile.exists, SpecFile.missingReason))
    func specExamples() throws {
        let examples = try SpecFile.examples()
        #expect(examples.count == 652, "spec-0.30 has 652 examples; the example parser found \(examples.count)")

        let options = MarkdownOptions(allowRawHTML: true)
        let failures = try examples.filter { example in
            try MarkdownDocument.parse(example.markdown, options: options).html() != example.html
        }
        print("CommonMark spec 0.30: \(examples.count - failures.count)/\(examples.count) examples passed")
        for (section, failed) in Dictionary(grouping: failures, by: \.section).sorted(by: { $0.key < $1.key }) {
            print("  \(section): failed \(failed.map { String($0.number) }.joined(separator: ", "))")
        }
        for example in failures.prefix(10) {
            let actual = try MarkdownDocument.parse(example.markdown, options: options).html()
            Issue.record("\(example): expected \(example.html.debugDescription), got \(actual.debugDescription)")
        }
        #expect(failures.isEmpty)
    }

    /// Proves byte equality with libcmark's own renderer, including the
    /// safe-mode rules and smart punctuation, which the spec's expected
    /// output does not cover.
    @Test("Every example matches cmark_render_html",
          .enabled(if: SpecFile.exists, SpecFile.missingReason),
          arguments: referenceOptionSets.map(\.name))
    func specExamplesMatchLibcmark(optionSet: String) throws {
        let options = try #require(referenceOptionSets.first { $0.name == optionSet }).options
        let examples = try SpecFile.examples()
        let mismatches = try examples.filter { example in
            try MarkdownDocument.parse(example.markdown, options: options).html()
                != cmarkReferenceHTML(example.markdown, options: options)
        }
        print("libcmark parity (\(optionSet)): \(examples.count - mismatches.count)/\(examples.count) examples identical")
        for example in mismatches.prefix(10) {
            Issue.record("\(optionSet) \(example): \(try MarkdownDocument.parse(example.markdown, options: options).html().debugDescription) vs cmark \(cmarkReferenceHTML(example.markdown, options: options).debugDescription)")
        }
        #expect(mismatches.isEmpty)
    }
}

@Suite("libcmark parity beyond the spec")
struct LibcmarkParityTests {
    @Test("Edge cases match cmark_render_html", arguments: referenceOptionSets.map(\.name))
    func edgeCases(optionSet: String) throws {
        let options = try #require(referenceOptionSets.first { $0.name == optionSet }).options
        for markdown in referenceEdgeCases {
            let ours = try MarkdownDocument.parse(markdown, options: options).html()
            let cmark = cmarkReferenceHTML(markdown, options: options)
            #expect(ours == cmark, "input: \(markdown.debugDescription)")
        }
    }

    @Test("Every single byte as a URL matches houdini_escape_href")
    func everyByteInURL() throws {
        for scalar in (1...0x7F).compactMap(UnicodeScalar.init) + ["é", "€", "😀"] {
            let url = "a\(scalar)b"
            let document = MarkdownDocument(blocks: [
                MarkdownBlock(.paragraph([.link(url: url, title: "", children: [.text("x")])]),
                              position: SourcePosition(startLine: 1, startColumn: 1, endLine: 1, endColumn: 1)),
            ])
            // Through cmark: an angle-bracket destination keeps everything
            // but `<`, `>`, newlines and backslash escapes literal.
            guard !"<>\n\r\\&".unicodeScalars.contains(scalar) else { continue }
            let cmark = cmarkReferenceHTML("[x](<\(url)>)\n", options: MarkdownOptions())
            #expect(document.html() == cmark, "byte \(scalar.value)")
        }
    }
}
