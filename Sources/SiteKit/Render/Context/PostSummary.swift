import Foundation

/// A post's summary for lists, feeds and `<meta name="description">`, and its reading time.
enum PostSummary {
    /// Reading speed for `reading_time`, in words a minute.
    static let wordsPerMinute = 200

    /// The front matter's summary, else the excerpt (the text before `<!--more-->`, else the
    /// first paragraph) shortened to a list-sized length; nil when the body has no text.
    static func summary(_ frontMatter: String?, _ body: RenderedBody) -> String? {
        if let frontMatter { return frontMatter }
        return body.excerpt.isEmpty ? nil : shortened(body.excerpt, to: 300)
    }

    /// For `<meta name="description">` and previews, which show about 160 characters.
    static func description(_ frontMatter: String?, _ body: RenderedBody) -> String? {
        summary(frontMatter, body).map { shortened($0, to: 200) }
    }

    /// At most `limit` characters, cut at a space and ended with "…" when shortened.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end].trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// Whole minutes, at least one.
    static func readingTime(_ words: Int) -> Int { max(1, (words + wordsPerMinute - 1) / wordsPerMinute) }
}
