/// Where each post stands in the site's lists: the indexes into `site.posts` of every
/// tag's and every series' posts, and each post's place in its series.
struct PostIndex: Sendable {
    let tagPosts: [[Int]]
    let categoryPosts: [[Int]]
    let seriesPosts: [[Int]]
    /// A post's source path → its series and part.
    let seriesPlaces: [String: SeriesPlace]
    /// By index into `site.posts`: its series and part, found without hashing its path
    /// (a preview's rebuild asks it of every post).
    let seriesPlaceOfPost: [SeriesPlace?]

    struct SeriesPlace: Sendable, Equatable {
        /// Index into `site.series`.
        var series: Int
        /// 0-based part index.
        var part: Int
    }

    init(_ site: Site) {
        var indexBySlug: [String: Int] = [:]
        for (index, post) in site.posts.enumerated() { indexBySlug[post.sourcePath] = index }
        tagPosts = site.tags.map { $0.posts.compactMap { indexBySlug[$0.sourcePath] } }
        categoryPosts = site.categories.map { $0.posts.compactMap { indexBySlug[$0.sourcePath] } }
        seriesPosts = site.series.map { $0.parts.compactMap { indexBySlug[$0.sourcePath] } }
        var places: [String: SeriesPlace] = [:]
        var placeOfPost = [SeriesPlace?](repeating: nil, count: site.posts.count)
        for (seriesIndex, series) in site.series.enumerated() {
            for (part, post) in series.parts.enumerated() {
                let place = SeriesPlace(series: seriesIndex, part: part)
                places[post.sourcePath] = place
                if let number = indexBySlug[post.sourcePath] { placeOfPost[number] = place }
            }
        }
        seriesPlaces = places
        seriesPlaceOfPost = placeOfPost
    }

    /// Whether an index made for `other` is right for `site`: the same posts in the same
    /// order, and the same members of every tag, category and series. Compared path by
    /// path, which for the unchanged paths of a rebuild is a comparison of shared storage,
    /// where building the index hashes every path.
    static func sameShape(_ site: Site, _ other: Site) -> Bool {
        func samePaths(_ a: [Post], _ b: [Post]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.sourcePath == $1.sourcePath }
        }
        func sameMembers(_ a: [Tag], _ b: [Tag]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { samePaths($0.posts, $1.posts) }
        }
        return samePaths(site.posts, other.posts) && sameMembers(site.tags, other.tags) && sameMembers(site.categories, other.categories)
            && site.series.count == other.series.count && zip(site.series, other.series).allSatisfy { samePaths($0.parts, $1.parts) }
    }
}
