/// The posts that share a `series` name, in part order: by `series_order` (gaps allowed:
/// orders 2, 4, 5, 6, 7 are parts 1 to 5), then the parts without one, by date.
public struct Series: Sendable, Hashable {
    public var name: String
    public var slug: String
    public var parts: [Post]
    public var urlPath: String

    /// The 1-based part number of `post`, or nil when it is not a part.
    public func partNumber(of post: Post) -> Int? {
        parts.firstIndex { $0.sourcePath == post.sourcePath }.map { $0 + 1 }
    }

    /// Every series of `posts`, sorted by name.
    static func group(_ posts: [Post], routes: SiteRoutes = .standard) -> [Series] {
        var byName: [String: [Post]] = [:]
        for post in posts { if let series = post.series { byName[series.name, default: []].append(post) } }
        return byName.map { name, parts in
            let slug = Slug.make(from: name)
            return Series(name: name, slug: slug, parts: parts.sorted(by: inPartOrder), urlPath: routes.series(slug: slug))
        }.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// Numbered parts by number, then the others by date (and file, so the order is stable).
    static func inPartOrder(_ a: Post, _ b: Post) -> Bool {
        switch (a.series?.order, b.series?.order) {
        case (let x?, let y?): return (x, a.sourcePath) < (y, b.sourcePath)
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a.date != b.date ? a.date < b.date : a.sourcePath < b.sourcePath
        }
    }
}

/// The posts that carry a tag (or a category), newest first. Names that give the same URL
/// segment (`iOS`, `ios`) are one tag, shown in the spelling most posts use.
public struct Tag: Sendable, Hashable {
    public var name: String
    public var slug: String
    public var posts: [Post]
    public var urlPath: String

    /// Every name of `posts` under `names` (their tags or categories), sorted by name; each
    /// keeps the posts' order (newest first).
    static func group(_ posts: [Post], by names: KeyPath<Post, [String]>, url: (String) -> String) -> [Tag] {
        var order: [String] = []
        var postsBySlug: [String: [Post]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for post in posts {
            for name in post[keyPath: names] {
                let slug = Slug.make(from: name)
                if postsBySlug[slug] == nil { order.append(slug) }
                // A post that lists both spellings is counted once.
                if postsBySlug[slug]?.last?.sourcePath != post.sourcePath { postsBySlug[slug, default: []].append(post) }
                spellings[slug, default: [:]][name, default: 0] += 1
            }
        }
        return order.map { slug in
            let names = spellings[slug] ?? [:]
            let name = names.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? slug
            return Tag(name: name, slug: slug, posts: postsBySlug[slug] ?? [], urlPath: url(slug))
        }.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
    }
}
