import Support

/// The pages of each kind a site has, and the URL of each: what the render jobs and the
/// sitemap go through, in the routes table's order.
struct PageSet: Sendable {
    let site: Site
    var routes: SiteRoutes { site.config.routes }

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
        case .category: site.categories.count
        case .series: site.series.count
        case .redirect: redirects.count
        case .categories: site.categories.isEmpty ? 0 : 1
        case .archive, .tags, .seriesIndex, .notFound: 1
        case .search: site.config.search ? 1 : 0
        }
    }

    /// Every old URL with the page it sends readers to.
    var redirects: [(from: String, to: String, source: String, location: SourceLocation)] { site.redirects }

    /// The URL path of page `index` (0-based) of a kind.
    func urlPath(of kind: PageKind, at index: Int) -> String {
        switch kind {
        case .home: routes.home(page: index + 1)
        case .post: site.posts[index].urlPath
        case .page: site.pages[index].urlPath
        case .tag: site.tags[index].urlPath
        case .category: site.categories[index].urlPath
        case .series: site.series[index].urlPath
        case .redirect: redirects[index].from
        case .archive, .tags, .categories, .seriesIndex, .notFound, .search: routes.single(kind) ?? "/"
        }
    }
}
