import Highlight
import Markdown
import Support

/// The code blocks of a body whose language sitegen does not highlight: they are shown as
/// escaped plain text, and the build says so once, in one warning for the whole site.
struct UnhighlightedBlock: Sendable, Hashable {
    var language: String
    var file: String
    var line: Int
    var column: Int
}

enum UnhighlightedLanguages {
    /// Fence words that are not languages to highlight: shown as they are on purpose
    /// (`output` under a checked snippet, `math` rendered by KaTeX).
    static let notCode: Set<String> = ["output", "math"]

    /// The code blocks of `document`, nested ones too, with a language word sitegen does not know.
    static func blocks(in document: MarkdownDocument, file: String) -> [UnhighlightedBlock] {
        var found: [UnhighlightedBlock] = []
        forEachBlock(in: document.blocks) { block in
            guard case .codeBlock(let info, _) = block.kind else { return }
            let word = FenceInfo.language(of: info)
            guard !word.isEmpty, HighlightLanguage(infoWord: word) == nil, !notCode.contains(word.lowercased()) else { return }
            found.append(UnhighlightedBlock(language: String(word), file: file, line: block.position.startLine,
                                            column: block.position.startColumn))
        }
        return found
    }

    /// One warning for every such block of the site, at the first, naming each language
    /// with its first place: "3 code blocks in 2 posts use languages sitegen does not
    /// highlight: brainfuck (Content/posts/a.md:12), …".
    static func warning(for found: [UnhighlightedBlock]) -> Diagnostic? {
        let blocks = found.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        guard let first = blocks.first else { return nil }
        var languages: [String] = []
        var firstPlace: [String: UnhighlightedBlock] = [:]
        for block in blocks where firstPlace[block.language.lowercased()] == nil {
            firstPlace[block.language.lowercased()] = block
            languages.append(block.language.lowercased())
        }
        let files = Set(blocks.map(\.file)).count
        let named = languages.prefix(10).map { language in
            let place = firstPlace[language]!
            return "\(language) (\(place.file):\(place.line))"
        }.joined(separator: ", ") + (languages.count > 10 ? ", and \(languages.count - 10) more" : "")
        let blockCount = blocks.count == 1 ? "1 code block" : "\(blocks.count) code blocks"
        let fileCount = files == 1 ? "1 file" : "\(files) files"
        let verb = blocks.count == 1 ? "uses" : "use"
        let noun = languages.count == 1 ? "a language" : "languages"
        return .warning(first.file, SourceLocation(line: first.line, column: first.column),
                        "\(blockCount) in \(fileCount) \(verb) \(noun) sitegen does not highlight, shown as plain text: \(named)")
    }
}
