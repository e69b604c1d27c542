import Support

/// `sitemap.xml` (sitemaps.org 0.9) and the `robots.txt` that names it: every page a
/// search engine should index, as the routes table says (not the pager's `/page/N/`, not
/// the 404 page).
struct Sitemap {
    let pages: PageSet
    let urls: SiteURLs
    /// The posts' dates, read through the sitemap's ``PageInputs`` (every post's link).
    let reads: PageReads

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
        let lists = reads.context.index
        func newest(_ posts: [Int]) -> PostDate? { posts.map { Self.lastModified(reads.linked($0)) }.max() }
        switch kind {
        case .post: return Self.lastModified(reads.linked(index))
        case .page, .notFound, .redirect, .search: return nil
        case .tag: return newest(lists.tagPosts[index])
        case .category: return newest(lists.categoryPosts[index])
        case .series: return newest(lists.seriesPosts[index])
        case .home, .archive, .tags, .categories, .seriesIndex: return pages.site.posts.isEmpty ? nil : Self.lastModified(reads.linked(0))
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
