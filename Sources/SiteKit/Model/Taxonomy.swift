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
        // Each distinct name is looked up once per use and made a slug once; tags and names
        // are then numbers. Hashing every use several times, and copying whole posts into
        // every tag they carried, showed in profiles of a one-post rebuild.
        var nameNumbers: [String: Int] = [:]
        var spellings: [(name: String, tag: Int, uses: Int)] = []
        var tagNumbers: [String: Int] = [:]
        var slugs: [String] = []
        var members: [[Int]] = []
        for index in posts.indices {
            for name in posts[index][keyPath: names] {
                let number: Int
                if let known = nameNumbers[name] {
                    number = known
                } else {
                    let slug = Slug.make(from: name)
                    let tag = tagNumbers[slug] ?? slugs.count
                    if tag == slugs.count {
                        tagNumbers[slug] = tag
                        slugs.append(slug)
                        members.append([])
                    }
                    number = spellings.count
                    nameNumbers[name] = number
                    spellings.append((name, tag, 0))
                }
                spellings[number].uses += 1
                // A post that lists both spellings is counted once.
                let tag = spellings[number].tag
                if members[tag].last != index { members[tag].append(index) }
            }
        }
        // Shown in the spelling most posts use; on a tie, the first in sort order.
        var shown: [(name: String, uses: Int)?] = Array(repeating: nil, count: slugs.count)
        for spelling in spellings {
            if let best = shown[spelling.tag], best.uses > spelling.uses || (best.uses == spelling.uses && best.name < spelling.name) { continue }
            shown[spelling.tag] = (spelling.name, spelling.uses)
        }
        return slugs.indices.map { tag in
            Tag(name: shown[tag]?.name ?? slugs[tag], slug: slugs[tag], posts: members[tag].map { posts[$0] }, urlPath: url(slugs[tag]))
        }.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }
    }
}
