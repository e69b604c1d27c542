/// Diffs and patches: each line whole as what it is, `gi` (`+`), `gd` (`-`), `gu` (`@@`),
/// `gh` (`diff --git`, `index`, and the `---`/`+++` file lines, which Pygments takes for a
/// deletion and an insertion), without its line break.
struct DiffLexer {
    static func highlight(_ text: SourceBytes) -> String {
        var html = HighlightedHTML(text)
        while html.position < text.count {
            let start = html.position
            let end = text.lineEnd(from: start)
            let kind: TokenKind?
            switch text[start] {
            case UInt8(ascii: "+") where text.has("+++ ", at: start), UInt8(ascii: "-") where text.has("--- ", at: start):
                kind = .fileHeader
            case UInt8(ascii: "+"), UInt8(ascii: ">"): kind = .inserted
            case UInt8(ascii: "-"), UInt8(ascii: "<"): kind = .deleted
            case UInt8(ascii: "@"): kind = .hunk
            case UInt8(ascii: "d") where text.has("diff ", at: start), UInt8(ascii: "i") where text.has("index ", at: start),
                 UInt8(ascii: "I") where text.has("Index: ", at: start), UInt8(ascii: "="):
                kind = .fileHeader
            default: kind = nil
            }
            html.write(upTo: end, as: kind)
            html.write(upTo: text.end(from: end, while: SourceBytes.isLineBreak), as: nil)
        }
        return html.finish()
    }
}
