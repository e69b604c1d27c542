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
        #expect(tokens.texts("c1") == ["# build it", "# and keep a log"])
        #expect(tokens.texts("nb") == ["swift", "tee", "echo", "pwd", "ls", "./run"])
        #expect(tokens.kind(of: "-c") == "plain", "options are arguments, as in Pygments")
        #expect(tokens.kind(of: "log#1") == "plain", "# inside a word is not a comment")
        #expect(tokens.texts("s1") == ["'single $HOME'"])
        #expect(tokens.texts("s2") == ["\"double ", " ", " ", " ", " ", "q", " ", "\"x\"", "\""])
        #expect(tokens.texts("nv") == ["$HOME", "PATH", "/bin", "$1", "$?", "$DIR", "MODE"])
        #expect(tokens.texts("k") == [":-", "$(", ")"], "as Pygments writes ${NAME:-default} and $(…)")
        #expect(tokens.texts("se") == ["\\\"", "\\\""])
        #expect(tokens.texts("si") == ["${", "}"])
        #expect(tokens.texts("o") == ["&&", "="] && tokens.texts("p") == ["|"])
    }

    @Test func keywordsAndContinuationLines() {
        let tokens = HighlightedTokens("""
            for f in *.md; do
              if [ -f "$f" ]; then wc -l "$f"; fi
            done
            swift test \\
              --filter Highlight
            """, .shell)
        #expect(tokens.texts("k") == ["for", "in", "do", "if", "then", "fi", "done"])
        #expect(tokens.texts("nb") == ["wc", "swift"], "the continued line is not a command")
        #expect(tokens.texts("o") == ["[", "]"])
        
    }

    @Test func sessionsHavePromptsAndOutput() {
        let tokens = HighlightedTokens("""
            $ swift --version
            Swift version 6.3.1 (swift-6.3.1-RELEASE)
            % echo "it's" \\
            > done
            it's # not a comment
            """, .shell)
        #expect(tokens.texts("gp") == ["$ ", "% "])
        #expect(tokens.texts("go") == ["Swift version 6.3.1 (swift-6.3.1-RELEASE)", "it's # not a comment"], "each output line whole, without its line break")
        #expect(tokens.texts("nb") == ["swift", "echo"])
        
        
        #expect(tokens.texts("c1").isEmpty && tokens.texts("s2") == ["\"it's\""])
    }

    @Test func aScriptWithoutPromptsHasNoOutputLines() {
        let tokens = HighlightedTokens("cd Sources\nls", .shell)
        #expect(tokens.texts("nb") == ["cd", "ls"])
    }
}
