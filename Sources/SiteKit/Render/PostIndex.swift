/// Where each post stands in the site's lists: the indexes into `site.posts` of every
/// tag's and every series' posts, and each post's place in its series.
struct PostIndex: Sendable {
    let tagPosts: [[Int]]
    let categoryPosts: [[Int]]
    let seriesPosts: [[Int]]
    /// A post's source path → its series and part.
    let seriesPlaces: [String: SeriesPlace]

    struct SeriesPlace: Sendable {
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
        for (seriesIndex, series) in site.series.enumerated() {
            for (part, post) in series.parts.enumerated() { places[post.sourcePath] = SeriesPlace(series: seriesIndex, part: part) }
        }
        seriesPlaces = places
    }
}
