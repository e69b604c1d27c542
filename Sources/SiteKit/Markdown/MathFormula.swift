import Foundation

/// A TeX formula written in a post: a ```` ```math ```` block, or a paragraph that is only
/// `$$ … $$`. Both are display math. A single `$` is never math, so prices in prose
/// (`$5 and $10`) stay text.
struct MathFormula: Sendable, Hashable {
    /// The TeX, without its `$$ … $$` or `\[ … \]` delimiters and surrounding whitespace.
    var tex: String
    /// Display (a block of its own, centred) or inline math.
    var isDisplay: Bool = true
    /// Where it was written, for diagnostics: the file, relative to the site root, and the
    /// file line of the fence (or of the paragraph's first line).
    var file: String
    var line: Int

    /// What a rendering is found by: the same TeX in the same mode renders the same
    /// wherever it is written.
    struct Key: Sendable, Hashable {
        var tex: String
        var isDisplay: Bool
    }

    var key: Key { Key(tex: tex, isDisplay: isDisplay) }

    /// A fenced block whose info string's first word is `math`.
    static func isMathFence(info: String) -> Bool {
        FenceInfo.language(of: info) == "math"
    }

    /// The TeX of a ```` ```math ```` block's literal: one surrounding `$$ … $$` or `\[ … \]`
    /// pair is optional and taken off.
    static func tex(fromFence literal: String) -> String {
        let text = literal.trimmingCharacters(in: .whitespacesAndNewlines)
        return delimited(text, by: [("$$", "$$"), ("\\[", "\\]")]) ?? text
    }

    /// The TeX of a paragraph's source that is one `$$ … $$` and nothing else, else nil
    /// (`$$a$$ and $$b$$` is prose with two formulas in it, which is not recognised).
    static func tex(fromDisplayParagraph source: String) -> String? {
        guard let tex = delimited(source.trimmingCharacters(in: .whitespacesAndNewlines), by: [("$$", "$$")]),
              !tex.isEmpty, !tex.contains("$$") else { return nil }
        return tex
    }

    /// The trimmed text between the first matching pair of delimiters around `text`.
    private static func delimited(_ text: String, by pairs: [(open: String, close: String)]) -> String? {
        for (open, close) in pairs
        where text.count >= open.count + close.count && text.hasPrefix(open) && text.hasSuffix(close) {
            return String(text.dropFirst(open.count).dropLast(close.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }
}
