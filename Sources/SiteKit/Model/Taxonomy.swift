/// The posts that share a `series` name, in part order (`series_order`, gaps allowed:
/// orders 2, 4, 5, 6, 7 are parts 1 to 5).
public struct Series: Sendable, Hashable {
    public var name: String
    public var slug: String
    public var parts: [Post]

    public var urlPath: String { SiteRoutes.standard.series(slug: slug) }

    /// The 1-based part number of the post with `slug`, or nil when it is not a part.
    public func partNumber(ofPostWithSlug slug: String) -> Int? {
        parts.firstIndex { $0.slug == slug }.map { $0 + 1 }
    }

    /// Every series of `posts`, sorted by name. Posts in a series sort by `series_order`.
    static func group(_ posts: [Post]) -> [Series] {
        let members = posts.filter { $0.series != nil }
        return Dictionary(grouping: members, by: { $0.series!.name }).map { name, parts in
            Series(name: name, slug: Slug.make(from: name),
                   parts: parts.sorted { ($0.series!.order, $0.sourcePath) < ($1.series!.order, $1.sourcePath) })
        }.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }
}

/// The posts that carry a tag, newest first. Tags whose names give the same URL segment
/// (`iOS`, `ios`) are one tag, shown in the spelling most posts use.
public struct Tag: Sendable, Hashable {
    public var name: String
    public var slug: String
    public var posts: [Post]

    public var urlPath: String { SiteRoutes.standard.tag(slug: slug) }

    /// Every tag of `posts` (newest first), sorted by name; each tag keeps that post order.
    static func group(_ posts: [Post]) -> [Tag] {
        var order: [String] = []
        var postsBySlug: [String: [Post]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for post in posts {
            for name in post.tags {
                let slug = Slug.make(from: name)
                if postsBySlug[slug] == nil { order.append(slug) }
                // A post that lists both spellings is counted once.
                if postsBySlug[slug]?.last?.sourcePath != post.sourcePath { postsBySlug[slug, default: []].append(post) }
                spellings[slug, default: [:]][name, default: 0] += 1
            }
        }
        return order.map { slug in
            let name = spellings[slug]!.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
            return Tag(name: name, slug: slug, posts: postsBySlug[slug]!)
        }.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
    }
}
