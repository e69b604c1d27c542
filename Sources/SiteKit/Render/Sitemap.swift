import Support
/// `sitemap.xml` (sitemaps.org 0.9) and the `robots.txt` that names it: every page a
/// search engine should index, which leaves out the pager's `/page/N/` and the 404 page.
struct Sitemap: Sendable {
    let site: Site
    let urls: SiteURLs

    struct Entry: Sendable {
        var urlPath: String
        var lastModified: PostDate?
    }

    /// In the order the site presents them: home, posts, pages, then the lists.
    var entries: [Entry] {
        let newest = site.posts.first.map(Self.lastModified)
        var entries = [Entry(urlPath: "/", lastModified: newest)]
        entries += site.posts.map { Entry(urlPath: $0.urlPath, lastModified: Self.lastModified($0)) }
        entries += site.pages.map { Entry(urlPath: $0.urlPath, lastModified: nil) }
        entries += ["/archive/", "/tags/", "/series/"].map { Entry(urlPath: $0, lastModified: newest) }
        entries += site.tags.map { Entry(urlPath: $0.urlPath, lastModified: $0.posts.map(Self.lastModified).max()) }
        entries += site.series.map { Entry(urlPath: $0.urlPath, lastModified: $0.parts.map(Self.lastModified).max()) }
        return entries
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
