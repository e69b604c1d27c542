/// Where each page of the site is published, as site-relative URL paths with a leading
/// slash (`/posts/x/`, `/404.html`). ``SiteURLs`` puts them under the base URL.
package struct SiteRoutes: Sendable, Hashable {
    package static let standard = SiteRoutes()

    package func post(slug: String) -> String { "/posts/\(slug)/" }
    package func page(slug: String) -> String { "/\(slug)/" }
    package func tag(slug: String) -> String { "/tags/\(slug)/" }
    package func series(slug: String) -> String { "/series/\(slug)/" }

    /// Page `number` (1-based) of the home page's pager.
    package func home(page number: Int) -> String { number == 1 ? "/" : "/page/\(number)/" }

    /// The one page of a kind that has one page (the archive, the indexes, the 404 page).
    package func single(_ kind: PageKind) -> String? {
        switch kind {
        case .home: "/"
        case .archive: "/archive/"
        case .tags: "/tags/"
        case .seriesIndex: "/series/"
        case .notFound: "/404.html"
        case .post, .page, .tag, .series: nil
        }
    }

    /// The file a URL path is written to: `posts/x/index.html`, `404.html`.
    package static func outputPath(_ urlPath: String) -> String {
        urlPath.hasSuffix("/") ? String(urlPath.dropFirst()) + "index.html" : String(urlPath.dropFirst())
    }
}
