/// The pages of each kind a site has, and the URL of each: what the render jobs and the
/// sitemap go through, in the routes table's order.
struct PageSet: Sendable {
    let site: Site
    let routes: SiteRoutes

    /// The home page and its pager: `posts_per_page` posts on each, at least one page.
    var homePageCount: Int {
        max(1, (site.posts.count + site.config.postsPerPage - 1) / site.config.postsPerPage)
    }

    func count(of kind: PageKind) -> Int {
        switch kind {
        case .home: homePageCount
        case .post: site.posts.count
        case .page: site.pages.count
        case .tag: site.tags.count
        case .series: site.series.count
        case .archive, .tags, .seriesIndex, .notFound: 1
        }
    }

    /// The URL path of page `index` (0-based) of a kind.
    func urlPath(of kind: PageKind, at index: Int) -> String {
        switch kind {
        case .home: routes.home(page: index + 1)
        case .post: site.posts[index].urlPath
        case .page: site.pages[index].urlPath
        case .tag: site.tags[index].urlPath
        case .series: site.series[index].urlPath
        case .archive, .tags, .seriesIndex, .notFound: routes.single(kind) ?? "/"
        }
    }
}

/// Where each post stands in the site's lists: the indexes into `site.posts` of every
/// tag's and every series' posts, and each post's place in its series.
struct PostIndex: Sendable {
    let tagPosts: [[Int]]
    let seriesPosts: [[Int]]
    /// Post slug → its series and part.
    let seriesPlaces: [String: SeriesPlace]

    struct SeriesPlace: Sendable {
        /// Index into `site.series`.
        var series: Int
        /// 0-based part index.
        var part: Int
    }

    init(_ site: Site) {
        var indexBySlug: [String: Int] = [:]
        for (index, post) in site.posts.enumerated() { indexBySlug[post.slug] = index }
        tagPosts = site.tags.map { $0.posts.compactMap { indexBySlug[$0.slug] } }
        seriesPosts = site.series.map { $0.parts.compactMap { indexBySlug[$0.slug] } }
        var places: [String: SeriesPlace] = [:]
        for (seriesIndex, series) in site.series.enumerated() {
            for (part, post) in series.parts.enumerated() { places[post.slug] = SeriesPlace(series: seriesIndex, part: part) }
        }
        seriesPlaces = places
    }
}
