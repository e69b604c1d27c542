import Testing
@testable import Highlight

@Suite("Highlight language")
struct HighlightLanguageTests {
    @Test func fromAFencesFirstWord() {
        #expect(HighlightLanguage(infoWord: "swift") == .swift)
        #expect(HighlightLanguage(infoWord: "Swift") == .swift)
        #expect(HighlightLanguage(infoWord: "json") == .json)
        for word in ["sh", "bash", "shell", "zsh", "console", "shell-session"] {
            #expect(HighlightLanguage(infoWord: word) == .shell, "\(word)")
        }
        for word in ["", "text", "output", "swiftui", "js", "jsonc", "math"] {
            #expect(HighlightLanguage(infoWord: word) == nil, "\(word)")
        }
        #expect(HighlightLanguage(infoWord: "swift program=a".split(separator: " ")[0]) == .swift, "a Substring")
    }
}
