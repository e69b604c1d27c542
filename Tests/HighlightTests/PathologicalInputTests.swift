#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Highlight

/// About a megabyte in the shapes that make a careless lexer quadratic or blow its stack:
/// one unterminated string, deep nesting, one very long line. Only the round trip is
/// checked; the time is not (no timed unit tests), but each lexer is one forward scan
/// with an explicit stack, so each of these takes milliseconds in a release build.
@Suite("Pathological inputs")
struct PathologicalInputTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var language: HighlightLanguage
        var code: String
        var testDescription: String { "\(language) \(name)" }
    }

    static let megabyte = 1 << 20

    static func repeated(_ piece: String, toFill size: Int = megabyte) -> String {
        String(repeating: piece, count: size / piece.utf8.count)
    }

    static let inputs: [Input] = [
        Input(name: "one unterminated string", language: .swift, code: "let s = \"" + repeated("a string that never ends, with an escape now and then: \\t ")),
        Input(name: "one unterminated multi-line string", language: .swift, code: "\"\"\"\n" + repeated("line \\(x) \"\n")),
        Input(name: "100k nested /*", language: .swift, code: String(repeating: "/* nest ", count: 100_000) + repeated("x", toFill: 200_000)),
        Input(name: "200k nested interpolations", language: .swift, code: String(repeating: "\"\\(", count: 200_000)),
        Input(name: "200k \\( in one string", language: .swift, code: "\"" + String(repeating: "\\(", count: 200_000) + repeated("(\")", toFill: 400_000)),
        Input(name: "a 1 MB line of operators", language: .swift, code: repeated("<>&&->...??|^~!=+/")),
        Input(name: "one unterminated string", language: .json, code: "\"" + repeated("a string that never ends, with an escape now and then: \\\" ")),
        Input(name: "1M nested [", language: .json, code: repeated("[")),
        Input(name: "200k nested $(", language: .shell, code: String(repeating: "$(\"", count: 200_000)),
        Input(name: "one unterminated double-quoted string", language: .shell, code: "echo \"" + repeated("a string that never ends, with $variables and escapes: \\\" ")),
    ] + grammarInputs

    /// The shapes for the other languages: an unclosed string, comment or tag; openers that
    /// never close (Markdown's `*`, `[`, `` ` ``); interpolations nested deep; one long line.
    static let grammarInputs: [Input] = [
        Input(name: "one unterminated template literal", language: .javaScript, code: "`" + repeated("text ${x} \\` more ")),
        Input(name: "200k nested ${", language: .javaScript, code: String(repeating: "`${", count: 200_000)),
        Input(name: "200k nested f-string braces", language: .python, code: String(repeating: "f\"{", count: 200_000)),
        Input(name: "one unterminated triple-quoted string", language: .python, code: "\"\"\"" + repeated("doc ' \" line\n")),
        Input(name: "one unclosed block comment", language: .cpp, code: "/*" + repeated("comment * / ")),
        Input(name: "100k nested /* in Rust", language: .rust, code: String(repeating: "/* ", count: 100_000) + repeated("x", toFill: 200_000)),
        Input(name: "a 1 MB preprocessor line continued", language: .c, code: "#define X \\\n" + repeated("a \\\n")),
        Input(name: "a 1 MB Objective-C signature", language: .objectiveC, code: "- (void)" + repeated("a:(int)b ")),
        Input(name: "one unterminated Ruby string with #{", language: .ruby, code: "\"" + repeated("#{a} text ")),
        Input(name: "SQL quotes doubled forever", language: .sql, code: "'" + repeated("''")),
        Input(name: "a 1 MB YAML block scalar", language: .yaml, code: "run: |\n" + repeated("  echo \"${{ x }}\" # not a comment\n")),
        Input(name: "a 1 MB INI value continued", language: .properties, code: "key = " + repeated("value \\\n")),
        Input(name: "one unclosed HTML comment", language: .html, code: "<!--" + repeated("<p a=\"b\">")),
        Input(name: "one unclosed tag with 1 MB of attributes", language: .xml, code: "<dict " + repeated("a=\"b\" ")),
        Input(name: "a 1 MB line of Markdown openers", language: .markdown, code: repeated("*a [b _c `d ")),
        Input(name: "one unclosed fence", language: .markdown, code: "```swift\n" + repeated("let x = \"y\"\n")),
        Input(name: "a 1 MB line of CSS names", language: .css, code: "a { " + repeated("b c d ")),
        Input(name: "a 1 MB diff line", language: .diff, code: "+" + repeated("x")),
        Input(name: "a 1 MB console session", language: .console, code: repeated("$ echo \"a\"\noutput line\n")),
        Input(name: "200k nested Makefile $(", language: .makefile, code: String(repeating: "\"$(", count: 200_000)),
        Input(name: "a 1 MB GraphQL line", language: .graphQL, code: "query Q { " + repeated("a(b: $c) @d ...e ")),
    ]

    @Test(arguments: inputs)
    func comesBackExactly(input: Input) {
        let tokens = HighlightedTokens(input.code, input.language)
        #expect(tokens.formatErrors.isEmpty)
        #expect(tokens.roundTrips(input.code))
    }
}

/// Time grows linearly with the input for the shapes that make a careless lexer quadratic:
/// each is timed at 1×, 2× and 4× its size (thread CPU time, the best of five), and
/// linear work grows about 2× per doubling where quadratic work grows 4×; the bound is 2.5×.
@Suite("Highlighting grows linearly", .serialized)
struct HighlightGrowthTests {
    static let shapes: [(String, HighlightLanguage, @Sendable (Int) -> String)] = [
        ("unclosed template literal", .javaScript, { "`" + String(repeating: "a ${x} ", count: $0) }),
        ("Markdown openers on one line", .markdown, { String(repeating: "*a [b _c `d ", count: $0) }),
        ("CSS names on one line", .css, { "a { " + String(repeating: "b c ", count: $0) }),
        ("YAML block scalar", .yaml, { "run: |\n" + String(repeating: "  echo x\n", count: $0) }),
        ("nested interpolations", .python, { String(repeating: "f\"{", count: $0) }),
        ("Objective-C signature", .objectiveC, { "- (void)" + String(repeating: "a:(int)b ", count: $0) }),
        ("unclosed HTML comment", .html, { "<!--" + String(repeating: "<p>", count: $0) }),
    ]

    @Test(arguments: shapes.indices)
    func growsLinearly(shape: Int) {
        let (name, language, make) = Self.shapes[shape]
        let inputs = [8_000, 16_000, 32_000].map(make)
        var ratios: [Double] = []
        for _ in 0..<3 {
            var seconds = Array(repeating: Double.infinity, count: inputs.count)
            for _ in 0..<5 {
                for (index, input) in inputs.enumerated() {
                    let start = Self.threadCPUSeconds()
                    _ = SyntaxHighlighter.html(input, language: language)
                    seconds[index] = min(seconds[index], Self.threadCPUSeconds() - start)
                }
            }
            ratios = zip(seconds.dropFirst(), seconds).map { $0 / max($1, 1e-9) }
            if ratios.allSatisfy({ $0 <= 2.5 }) { return }
        }
        Issue.record("\(language) \(name): time grows faster than linearly, ratios \(ratios) per doubling")
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
