import Testing
@testable import Highlight

@Suite("Highlight language")
struct HighlightLanguageTests {
    @Test func fromAFencesFirstWord() {
        #expect(HighlightLanguage(infoWord: "swift") == .swift)
        #expect(HighlightLanguage(infoWord: "Swift") == .swift)
        #expect(HighlightLanguage(infoWord: "json") == .json)
        let aliases: [(HighlightLanguage, [String])] = [
            (.shell, ["sh", "bash", "shell", "zsh"]),
            (.console, ["console", "terminal", "shell-session"]),
            (.objectiveC, ["objc", "objective-c", "obj-c", "objectivec", "m", "OBJC"]),
            (.cpp, ["cpp", "c++", "cxx", "hpp"]), (.c, ["c", "h"]),
            (.yaml, ["yaml", "yml"]), (.xml, ["xml", "plist", "svg"]), (.html, ["html"]),
            (.javaScript, ["js", "jsx", "mjs", "javascript"]), (.typeScript, ["ts", "tsx", "typescript"]),
            (.ruby, ["rb", "ruby"]), (.python, ["py", "python"]), (.kotlin, ["kt", "kotlin"]), (.rust, ["rs", "rust"]),
            (.go, ["go", "golang"]), (.dockerfile, ["dockerfile", "docker"]), (.makefile, ["make", "makefile", "mk"]),
            (.ini, ["ini", "cfg"]), (.properties, ["properties"]), (.graphQL, ["graphql", "gql"]), (.markdown, ["md", "markdown"]),
            (.protobuf, ["proto", "protobuf"]), (.graphviz, ["dot", "graphviz"]), (.diff, ["diff", "patch"]),
            (.gdScript, ["gdscript", "gd"]), (.xcconfig, ["xcconfig"]), (.mermaid, ["mermaid"]), (.toml, ["toml"]),
            (.sql, ["sql"]), (.css, ["css"]), (.java, ["java"]), (.plainText, ["text", "plaintext", "txt"]),
        ]
        for (language, words) in aliases {
            for word in words { #expect(HighlightLanguage(infoWord: word) == language, "\(word)") }
        }
        for word in ["", "output", "swiftui", "math", "brainfuck"] {
            #expect(HighlightLanguage(infoWord: word) == nil, "\(word)")
        }
        #expect(HighlightLanguage(infoWord: "swift program=a".split(separator: " ")[0]) == .swift, "a Substring")
    }

    @Test func plainTextIsEscapedWithoutSpans() {
        #expect(SyntaxHighlighter.html("let a < b && \"c\"", language: .plainText) == "let a &lt; b &amp;&amp; &quot;c&quot;")
    }
}
