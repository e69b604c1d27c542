/// Where each page of the site is published, as site-relative URL paths with a leading
/// slash (`/posts/x/`, `/404.html`), from the site's `permalinks:`. ``SiteURLs`` puts them
/// under the base URL.
package struct SiteRoutes: Sendable, Hashable {
    var permalinks: Permalinks

    init(permalinks: Permalinks = Permalinks()) {
        self.permalinks = permalinks
    }

    static let standard = SiteRoutes()

    /// The patterns of `permalinks:` in `site.yml`.
    struct Permalinks: Sendable, Hashable {
        var posts = Permalink(standard: "/posts/", "slug")
        var tags = Permalink(standard: "/tags/", "slug")
        var categories = Permalink(standard: "/categories/", "slug")
        var series = Permalink(standard: "/series/", "slug")

        init() {}

        /// The keys of `permalinks:`, each with the tokens its pattern may use.
        static let keys: [(key: String, tokens: [String])] = [
            ("posts", Permalink.postTokens), ("tags", Permalink.listTokens),
            ("categories", Permalink.listTokens), ("series", Permalink.listTokens),
        ]

        /// The pattern of a key of ``keys``.
        subscript(key: String) -> Permalink? {
            get {
                switch key {
                case "posts": posts
                case "tags": tags
                case "categories": categories
                case "series": series
                default: nil
                }
            }
            set {
                guard let newValue else { return }
                switch key {
                case "posts": posts = newValue
                case "tags": tags = newValue
                case "categories": categories = newValue
                case "series": series = newValue
                default: break
                }
            }
        }
    }

    /// A post's URL from its permalink values (``Permalink/postTokens``).
    func post(_ values: [String: String]) -> String { permalinks.posts.expand(values) }
    func page(slug: String) -> String { "/\(slug)/" }
    func tag(slug: String) -> String { permalinks.tags.expand(["slug": slug]) }
    func category(slug: String) -> String { permalinks.categories.expand(["slug": slug]) }
    func series(slug: String) -> String { permalinks.series.expand(["slug": slug]) }

    /// Page `number` (1-based) of the home page's pager.
    func home(page number: Int) -> String { number == 1 ? "/" : "/page/\(number)/" }

    /// The one page of a kind that has one page (the archive, the indexes, the 404 page).
    func single(_ kind: PageKind) -> String? {
        switch kind {
        case .home: "/"
        case .archive: "/archive/"
        case .tags: permalinks.tags.prefix
        case .categories: permalinks.categories.prefix
        case .seriesIndex: permalinks.series.prefix
        case .notFound: "/404.html"
        case .post, .page, .tag, .category, .series, .redirect: nil
        }
    }

    /// The file a URL path is written to: `posts/x/index.html`, `404.html`.
    static func outputPath(_ urlPath: String) -> String {
        urlPath.hasSuffix("/") ? String(urlPath.dropFirst()) + "index.html" : String(urlPath.dropFirst())
    }
}

extension Permalink {
    /// `prefix` then one token then `/`: the built-in patterns, which need no checking.
    init(standard prefix: String, _ token: String) {
        parts = [.literal(prefix), .token(token), .literal("/")]
        description = "\(prefix):\(token)/"
    }
}
