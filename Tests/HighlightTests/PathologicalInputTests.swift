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
    ]

    @Test(arguments: inputs)
    func comesBackExactly(input: Input) {
        let tokens = HighlightedTokens(input.code, input.language)
        #expect(tokens.formatErrors.isEmpty)
        #expect(tokens.roundTrips(input.code))
    }
}
