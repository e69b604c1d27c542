import Testing
@testable import Highlight

/// The languages Pygments has no lexer for, checked token by token.
@Suite("xcconfig and Mermaid")
struct GrammarTests {
    @Test func xcconfigSettingsIncludesAndComments() {
        let tokens = HighlightedTokens("""
            // Shared settings.
            #include "Base.xcconfig"
            SWIFT_VERSION = 5.0
            SWIFT_TREAT_WARNINGS_AS_ERRORS[config=Release] = YES
            OTHER_SWIFT_FLAGS = $(inherited) -D DEBUG
            """, .xcconfig)
        #expect(tokens.texts("c1") == ["// Shared settings."])
        #expect(tokens.texts("cp") == ["#include \"Base.xcconfig\""])
        #expect(tokens.texts("na") == ["SWIFT_VERSION", "SWIFT_TREAT_WARNINGS_AS_ERRORS[config=Release]", "OTHER_SWIFT_FLAGS"])
        #expect(tokens.texts("s") == ["5.0", "YES", "$(inherited) -D DEBUG"])
        #expect(tokens.texts("o") == ["=", "=", "="])
    }

    @Test func mermaidDiagramsKeywordsArrowsAndLabels() {
        let tokens = HighlightedTokens("""
            %% The flow.
            graph TD
                A[Start] --> B{"Signed in?"}
                B -->|Yes| C
            """, .mermaid)
        #expect(tokens.texts("c1") == ["%% The flow."])
        #expect(tokens.texts("k") == ["graph", "TD"])
        #expect(tokens.texts("o") == ["-->", "-->"])
        #expect(tokens.texts("s2") == ["\"Signed in?\""])
    }
}

@Suite("CSS")
struct CSSLexerTests {
    /// A `.` is a class selector's only before a `{`: in a value (`url(photo.png)`) it is not.
    @Test func aDotInAValueIsNoClassSelector() {
        let tokens = HighlightedTokens("""
            .card.wide { background: url(photo.png) no-repeat; }
            """, .css)
        #expect(tokens.texts("nc") == ["card", "wide"])
    }
}
