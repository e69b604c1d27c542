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

        /// The pattern `text` of `key`, checked as `site.yml`'s `permalinks:` is (and as
        /// `sitegen import` checks what it would write there).
        static func pattern(_ text: String, key: String) throws(Permalink.Problem) -> Permalink {
            let pattern = try Permalink(text, tokens: keys.first { $0.key == key }?.tokens ?? Permalink.listTokens)
            if key != "posts" && (!pattern.uses("slug") || pattern.prefix == "/") {
                throw Permalink.Problem(message: "the \(key) permalink must hold ':slug' after a folder of its own (e.g. /\(key)/:slug/), where its index page goes")
            }
            return pattern
        }

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

    /// Why `text` cannot be the `key` pattern of `permalinks:` (`posts`, `tags`, ...), or nil.
    package static func permalinkProblem(_ text: String, key: String) -> String? {
        do throws(Permalink.Problem) {
            _ = try Permalinks.pattern(text, key: key)
            return nil
        } catch {
            return error.message
        }
    }

    /// Why the site-relative URL path cannot be a file of the output (``OutputPath``), or nil:
    /// for `sitegen import`, which writes no redirect the build would refuse.
    package static func outputProblem(ofURL urlPath: String) -> String? {
        do throws(OutputPath.Problem) {
            _ = try OutputPath.ofURL(urlPath)
            return nil
        } catch {
            return error.message
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
        case .search: "/search/"
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
