/// The values of a post's permalink tokens (``Permalink/postTokens``).
enum PermalinkValues {
    static func of(_ post: Post) -> [String: String] {
        let date = post.date
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return [
            "year": String(date.year),
            "month": two(date.month),
            "day": two(date.day),
            "i_month": String(date.month),
            "i_day": String(date.day),
            "short_year": two(date.year % 100),
            "hour": two(date.hour),
            "minute": two(date.minute),
            "second": two(date.second),
            "slug": post.slug,
            "title": Slug.make(from: post.title),
            "filename": post.fileName.isEmpty ? post.slug : post.fileName,
            "categories": post.categories.map { Slug.make(from: $0) }.filter { !$0.isEmpty }.joined(separator: "/"),
            "section": post.section,
        ]
    }
}
