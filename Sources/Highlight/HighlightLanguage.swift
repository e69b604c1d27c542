/// A language the highlighter knows.
package enum HighlightLanguage: Sendable, Equatable, CaseIterable {
    case swift, json, shell

    /// From a fence's info string's first word, case ignored: `swift`; `json`;
    /// `sh`, `bash`, `shell`, `zsh`, `console`, `shell-session`. `nil` otherwise.
    package init?(infoWord: some StringProtocol) {
        switch infoWord.lowercased() {
        case "swift": self = .swift
        case "json": self = .json
        case "sh", "bash", "shell", "zsh", "console", "shell-session": self = .shell
        default: return nil
        }
    }
}
