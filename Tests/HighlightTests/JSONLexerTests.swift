import Testing
@testable import Highlight

@Suite("JSON lexer")
struct JSONLexerTests {
    @Test func keysValuesNumbersAndLiterals() {
        let tokens = HighlightedTokens("""
            {"name": "Bertha", "tags" : ["a", "b\\n\\u00e9"], "age": 35, "balance": -2.5e3,
             "active": true, "spouse": null, "dead": false, "nested": {"k\\"ey": 0.5}}
            """, .json)
        #expect(tokens.texts("nt") == [#""name""#, #""tags""#, #""age""#, #""balance""#, #""active""#,
                                          #""spouse""#, #""dead""#, #""nested""#, #""k"#, #"ey""#])
        #expect(tokens.texts("s2") == [#""Bertha""#, #""a""#, #""b"#, #"""#])
        #expect(tokens.texts("se") == [#"\n\u00e9"#, #"\""#])
        #expect(tokens.texts("m") == ["35", "-2.5e3", "0.5"])
        #expect(tokens.texts("kc") == ["true", "null", "false"])
        #expect(tokens.kind(of: "{") == "plain" && tokens.kind(of: "], ") == "plain", "punctuation is not wrapped")
    }

    @Test func fragmentsCommentsAndInvalidJSON() {
        let fragment = HighlightedTokens("// JSON file\n\"_id\": \"58f9\",\n/* more */ \"index\": 0", .json)
        #expect(fragment.texts("nt") == [#""_id""#, #""index""#])
        #expect(fragment.texts("c1") == ["// JSON file"] && fragment.texts("cm") == ["/* more */"])
        let invalid = "{\"a\": tru, 'x': NaN, \"b\" 1 }}} ] \"open\n\"k\":"
        let tokens = HighlightedTokens(invalid, .json)
        #expect(tokens.roundTrips(invalid))
        #expect(tokens.texts("kc").isEmpty && tokens.kind(of: "tru") == "plain")
        #expect(tokens.texts("s2") == [#""b""#, #""open"#], "a string without a closing quote ends at the line's end")
        #expect(tokens.texts("nt") == [#""a""#, #""k""#])
    }
}
