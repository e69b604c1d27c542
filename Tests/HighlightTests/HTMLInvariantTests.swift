import Testing
@testable import Highlight

/// What holds for every language and every input: the code is escaped exactly once, as
/// cmark escapes code, and removing the tags and decoding the four entities gives it back
/// byte for byte.
@Suite("HTML invariants")
struct HTMLInvariantTests {
    static let awkwardInputs = [
        "", "\n", "\n\n\n", "Array<Int>", "a < b && c > d", "\"<tag>\"", "x&y",
        "&amp; &lt; &quot; &#39; already escaped stays as typed",
        "line\r\nline\rline\n\n\tindented\t \n  trailing   \n\n",
        "no final newline",
        "emoji 👩‍👩‍👧‍👦 👍🏽 e\u{301} café \"é\u{301}\" // ünï 𝔘 \u{FEFF} \u{0} 日本語",
        "\u{301}\"\u{301}#\u{301}$\u{301}/\u{301}", // combining marks after every delimiter
        "\"", "\"\\", "\"\\(", "\"\\u{12", "\"\"\"", "#", "#\"", "##\"\\#(", "/*", "/**", "//", "`", "\\",
        "0x", "1e", "1.", "@", "$", "$(", "${", "'", "-", "--", "% ", "$ ", ":", "{\"a\":",
    ]

    @Test(arguments: HighlightLanguage.allCases)
    func awkwardInputsComeBackExactly(language: HighlightLanguage) {
        for code in Self.awkwardInputs {
            let tokens = HighlightedTokens(code, language)
            #expect(tokens.roundTrips(code), "\(language) \(code.debugDescription): \(tokens.formatErrors) \(tokens.html)")
        }
    }

    @Test func escapingIsCmarksAndHappensOnce() {
        #expect(SyntaxHighlighter.html("Array<Int>", language: .swift)
            == #"<span class="kt">Array</span><span class="o">&lt;</span><span class="kt">Int</span><span class="o">&gt;</span>"#)
        #expect(SyntaxHighlighter.html("a < b && c > d", language: .swift)
            == #"a <span class="o">&lt;</span> b <span class="o">&amp;&amp;</span> c <span class="o">&gt;</span> d"#)
        #expect(SyntaxHighlighter.html(#""<tag>""#, language: .swift) == #"<span class="s">&quot;&lt;tag&gt;&quot;</span>"#)
        #expect(SyntaxHighlighter.html("x&y", language: .json) == "x&amp;y")
        #expect(SyntaxHighlighter.html("x&amp;y 'q' / =", language: .json) == "x&amp;amp;y 'q' / =", "only & < > \" are escaped")
    }

    /// Random inputs from the characters that open, close and escape things.
    @Test(arguments: HighlightLanguage.allCases)
    func randomInputsComeBackExactly(language: HighlightLanguage) {
        let pieces = ["\"", "\"\"\"", "\\", "\\(", "\\#(", "(", ")", "#", "##", "/", "*", "/*", "*/", "//", "$", "${", "$(",
                      "{", "}", "[", "]", "'", "`", "\n", "\r", "\r\n", "\t", " ", "a", "Z", "get", "set", "let", "some",
                      "1", "0x", "e", ".", "..", "<", ">", "&", "@", ":", ",", "-", "--", "|", ";", "é", "👍", "\u{301}"]
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<500 {
            let code = (0..<random.next(below: 40)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let tokens = HighlightedTokens(code, language)
            #expect(tokens.roundTrips(code), "\(language) \(code.debugDescription): \(tokens.formatErrors)")
        }
    }
}

/// A small seeded generator, so a failing random input is the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
