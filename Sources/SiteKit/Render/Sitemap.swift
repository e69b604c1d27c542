import Support

/// `sitemap.xml` (sitemaps.org 0.9) and the `robots.txt` that names it: every page a
/// search engine should index, as the routes table says (not the pager's `/page/N/`, not
/// the 404 page).
struct Sitemap: Sendable {
    let pages: PageSet
    let urls: SiteURLs

    struct Entry: Sendable {
        var urlPath: String
        var lastModified: PostDate?
    }

    /// In the routes table's order: home, posts, pages, the indexes, each tag and series.
    var entries: [Entry] {
        PageRoute.table.flatMap { route -> [Entry] in
            let count: Int
            switch route.sitemap {
            case .none: count = 0
            case .firstPage: count = 1
            case .every: count = pages.count(of: route.kind)
            }
            return (0..<count).map { Entry(urlPath: pages.urlPath(of: route.kind, at: $0), lastModified: lastModified(route.kind, $0)) }
        }
    }

    /// The newest change a page shows: of its post, of the posts it lists, of any post for
    /// the site-wide lists; none for a page of `Content/pages/`.
    private func lastModified(_ kind: PageKind, _ index: Int) -> PostDate? {
        let site = pages.site
        switch kind {
        case .post: return Self.lastModified(site.posts[index])
        case .page, .notFound, .redirect, .search: return nil
        case .tag: return site.tags[index].posts.map(Self.lastModified).max()
        case .category: return site.categories[index].posts.map(Self.lastModified).max()
        case .series: return site.series[index].parts.map(Self.lastModified).max()
        case .home, .archive, .tags, .categories, .seriesIndex: return site.posts.first.map(Self.lastModified)
        }
    }

    static func lastModified(_ post: Post) -> PostDate { max(post.updated ?? post.date, post.date) }

    func xml() -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for entry in entries {
            xml += "<url><loc>\(HTMLText.escaped(urls.absolute(urlPath: entry.urlPath)))</loc>"
            if let date = entry.lastModified { xml += "<lastmod>\(date.description)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// Allows everything and names the sitemap. A `robots.txt` in the static files replaces it.
    static func robotsTxt(urls: SiteURLs) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute(urlPath: "/sitemap.xml"))\n"
    }
}
