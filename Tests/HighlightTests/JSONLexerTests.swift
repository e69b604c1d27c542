import Testing
@testable import Highlight

@Suite("JSON lexer")
struct JSONLexerTests {
    @Test func keysValuesNumbersAndLiterals() {
        let tokens = HighlightedTokens("""
            {"name": "Bertha", "tags" : ["a", "b\\n\\u00e9"], "age": 35, "balance": -2.5e3,
             "active": true, "spouse": null, "dead": false, "nested": {"k\\"ey": 0.5}}
            """, .json)
        #expect(tokens.texts("hl-key") == [#""name""#, #""tags""#, #""age""#, #""balance""#, #""active""#,
                                          #""spouse""#, #""dead""#, #""nested""#, #""k"#, #"ey""#])
        #expect(tokens.texts("hl-str") == [#""Bertha""#, #""a""#, #""b"#, #"""#])
        #expect(tokens.texts("hl-esc") == [#"\n\u00e9"#, #"\""#])
        #expect(tokens.texts("hl-num") == ["35", "-2.5e3", "0.5"])
        #expect(tokens.texts("hl-lit") == ["true", "null", "false"])
        #expect(tokens.kind(of: "{") == "plain" && tokens.kind(of: "], ") == "plain", "punctuation is not wrapped")
    }

    @Test func fragmentsCommentsAndInvalidJSON() {
        let fragment = HighlightedTokens("// JSON file\n\"_id\": \"58f9\",\n/* more */ \"index\": 0", .json)
        #expect(fragment.texts("hl-key") == [#""_id""#, #""index""#])
        #expect(fragment.texts("hl-com") == ["// JSON file", "/* more */"])
        let invalid = "{\"a\": tru, 'x': NaN, \"b\" 1 }}} ] \"open\n\"k\":"
        let tokens = HighlightedTokens(invalid, .json)
        #expect(tokens.roundTrips(invalid))
        #expect(tokens.texts("hl-lit").isEmpty && tokens.kind(of: "tru") == "plain")
        #expect(tokens.texts("hl-str") == [#""b""#, #""open"#], "a string without a closing quote ends at the line's end")
        #expect(tokens.texts("hl-key") == [#""a""#, #""k""#])
    }
}
