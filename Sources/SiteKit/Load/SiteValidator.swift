/// Checks that need all posts at once: unique URLs and unique part numbers in a series.
public enum SiteValidator {
    public static func validate(_ posts: [Post]) -> [Diagnostic] {
        duplicateSlugs(posts) + duplicateSeriesOrders(posts)
    }

    /// Slugs compare case-insensitively: on macOS's file system `A` and `a` are one folder.
    static func duplicateSlugs(_ posts: [Post]) -> [Diagnostic] {
        let groups = Dictionary(grouping: posts, by: { $0.slug.lowercased() })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.sourcePath < $1.sourcePath }
            return sorted.dropFirst().map { post in
                .error(post.sourcePath, SourceLocation(line: 1, column: 1),
                       "duplicate slug '\(post.slug)': /posts/\(post.slug)/ is also the URL of \(sorted[0].sourcePath)",
                       notes: [.note(sorted[0].sourcePath, SourceLocation(line: 1, column: 1), "the other post with slug '\(sorted[0].slug)' is here")])
            }
        }.sorted { $0.file < $1.file }
    }

    static func duplicateSeriesOrders(_ posts: [Post]) -> [Diagnostic] {
        let members = posts.compactMap { post in post.series.map { (post, $0) } }
        let groups = Dictionary(grouping: members, by: { "\($0.1.name)\u{0}\($0.1.order)" })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.0.sourcePath < $1.0.sourcePath }
            let (first, membership) = sorted[0]
            return sorted.dropFirst().map { (post, series) in
                .error(post.sourcePath, series.orderLocation,
                       "series '\(series.name)' already has a part \(series.order): \(first.sourcePath)",
                       notes: [.note(first.sourcePath, membership.orderLocation, "part \(membership.order) of '\(membership.name)' is here")])
            }
        }.sorted { $0.file < $1.file }
    }
}
