import Testing
@testable import Highlight

@Suite("Shell lexer")
struct ShellLexerTests {
    @Test func commandsOptionsStringsAndVariables() {
        let tokens = HighlightedTokens("""
            # build it
            swift build -c release --product=sitegen | tee log#1 # and keep a log
            echo 'single $HOME' "double $HOME ${PATH:-/bin} $1 $? \\"q\\" $(pwd "x")" && ls $DIR
            MODE=fast ./run
            """, .shell)
        #expect(tokens.texts("hl-com") == ["# build it", "# and keep a log"])
        #expect(tokens.texts("hl-fn") == ["swift", "tee", "echo", "pwd", "ls", "./run"])
        #expect(tokens.texts("hl-attr") == ["-c", "--product"])
        #expect(tokens.kind(of: "log#1") == "plain", "# inside a word is not a comment")
        #expect(tokens.texts("hl-str") == ["'single $HOME'", "\"double ", " ", " ", " ", " ", "q", " ", "\"x\"", "\""])
        #expect(tokens.texts("hl-var") == ["$HOME", "${PATH:-/bin}", "$1", "$?", "$DIR", "MODE"])
        #expect(tokens.texts("hl-esc") == ["\\\"", "\\\""])
        #expect(tokens.texts("hl-interp") == ["$(", ")"])
        #expect(tokens.texts("hl-op") == ["|", "&&"])
    }

    @Test func keywordsAndContinuationLines() {
        let tokens = HighlightedTokens("""
            for f in *.md; do
              if [ -f "$f" ]; then wc -l "$f"; fi
            done
            swift test \\
              --filter Highlight
            """, .shell)
        #expect(tokens.texts("hl-kw") == ["for", "do", "if", "then", "fi", "done"])
        #expect(tokens.texts("hl-fn") == ["[", "wc", "swift"], "the continued line is not a command")
        #expect(tokens.texts("hl-attr") == ["-f", "-l", "--filter"])
    }

    @Test func sessionsHavePromptsAndOutput() {
        let tokens = HighlightedTokens("""
            $ swift --version
            Swift version 6.3.1 (swift-6.3.1-RELEASE)
            % echo "it's" \\
            > done
            it's # not a comment
            """, .shell)
        #expect(tokens.texts("hl-prompt") == ["$", "%"])
        #expect(tokens.texts("hl-fn") == ["swift", "echo"])
        #expect(tokens.kind(of: "Swift version 6.3.1 (swift-6.3.1-RELEASE)") == "plain")
        #expect(tokens.kind(of: "it's # not a comment") == "plain")
        #expect(tokens.texts("hl-com").isEmpty && tokens.texts("hl-str") == ["\"it's\""])
    }

    @Test func aScriptWithoutPromptsHasNoOutputLines() {
        let tokens = HighlightedTokens("cd Sources\nls", .shell)
        #expect(tokens.texts("hl-fn") == ["cd", "ls"])
    }
}
