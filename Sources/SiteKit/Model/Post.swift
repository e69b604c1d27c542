import Support

/// One post: its front matter as typed values and its Markdown body with the line
/// it starts on, so that later stages can report positions in the file.
public struct Post: Sendable, Hashable {
    /// The file, relative to the site root (`Content/posts/viper-an-ios-architecture.md`).
    public var sourcePath: String
    /// The post's own URL segment (`slug:`, else the file name without a date prefix).
    public var slug: String
    public var title: String
    public var date: PostDate
    public var updated: PostDate?
    public var tags: [String]
    /// The second taxonomy (`categories:`, `category:`), with pages like tags'.
    public var categories: [String] = []
    public var summary: String?
    public var series: SeriesMembership?
    public var draft: Bool
    /// The Swift language mode its snippets compile in, when not the site's.
    public var swiftVersion: Int?
    /// Old URLs of the post (`aliases`, `redirect_from`), each a redirect page.
    public var aliases: [Alias] = []
    /// Every front matter key sitegen has no use for, kept for templates (`post.params`).
    public var params: [String: FrontMatterValue] = [:]
    /// The files of its page bundle (`posts/<name>/index.md` and what is beside it),
    /// published beside its page.
    public var resources: [BundleResource] = []
    /// Its first folder below `Content/posts/`, else `posts` (`:section` in permalinks).
    public var section = "posts"
    /// The file name without extension, or a bundle's folder name (`:filename`).
    public var fileName = ""
    /// The site-relative URL path, from the site's permalinks (`/posts/<slug>/` by default).
    public var urlPath: String
    /// The Markdown after the front matter.
    public var body: String
    /// The file's line number of the body's first line.
    public var bodyFirstLine: Int

    public init(sourcePath: String, slug: String, title: String, date: PostDate, updated: PostDate? = nil,
                tags: [String] = [], summary: String? = nil, series: SeriesMembership? = nil,
                draft: Bool = false, urlPath: String? = nil, body: String, bodyFirstLine: Int) {
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.date = date
        self.updated = updated
        self.tags = tags
        self.summary = summary
        self.series = series
        self.draft = draft
        self.urlPath = urlPath ?? SiteRoutes.standard.post(["slug": slug])
        self.body = body
        self.bodyFirstLine = bodyFirstLine
    }
}

/// A post's place in a series, from `series` and `series_order`.
public struct SeriesMembership: Sendable, Hashable {
    public var name: String
    /// Nil when the post gives no `series_order`: it then follows the numbered parts, by date.
    public var order: Int?
    /// Where `series` was written, for errors about the series as a whole.
    public var nameLocation: SourceLocation
    /// Where `series_order` was written (else `series`), for duplicate-order errors.
    public var orderLocation: SourceLocation

    public init(name: String, order: Int?, nameLocation: SourceLocation, orderLocation: SourceLocation) {
        self.name = name
        self.order = order
        self.nameLocation = nameLocation
        self.orderLocation = orderLocation
    }
}

/// An old URL a post or page answers at, as written in `aliases` or `redirect_from`.
public struct Alias: Sendable, Hashable {
    /// The site-relative URL path (`/2019/08/21/old/`), made absolute from a relative alias.
    public var urlPath: String
    public var location: SourceLocation

    public init(urlPath: String, location: SourceLocation) {
        self.urlPath = urlPath
        self.location = location
    }
}

/// A file of a page bundle, published beside its post's page.
public struct BundleResource: Sendable, Hashable {
    /// The file on disk.
    public var source: String
    /// Its path inside the bundle's folder (`diagram.png`, `images/a.png`).
    public var name: String

    public init(source: String, name: String) {
        self.source = source
        self.name = name
    }
}

/// A front matter value sitegen keeps for templates without knowing what it means.
public indirect enum FrontMatterValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case list([FrontMatterValue])
    /// In the order written.
    case mapping([(key: String, value: FrontMatterValue)])

    public static func == (a: FrontMatterValue, b: FrontMatterValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y || (x.isNaN && y.isNaN)
        case (.text(let x), .text(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.mapping(let x), .mapping(let y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value.isNaN ? 0 : value)
        case .text(let value): hasher.combine(value)
        case .list(let values): hasher.combine(values)
        case .mapping(let pairs): for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        }
    }
}

/// Everything the render stage needs: settings, the published posts (newest first),
/// the standalone pages, and the series, tags and categories the posts form.
public struct Site: Sendable {
    public var config: SiteConfig
    public var posts: [Post]
    public var pages: [ContentPage]
    /// Sorted by name.
    public var series: [Series]
    /// Sorted by name.
    public var tags: [Tag]
    /// Sorted by name; empty when no post has categories.
    public var categories: [Tag]
    /// Drafts found and left out (without `--drafts`), so the build can say so.
    public var skippedDrafts: [String]

    public init(config: SiteConfig, posts: [Post], pages: [ContentPage] = [], skippedDrafts: [String] = []) {
        self.config = config
        self.posts = posts
        self.pages = pages
        let routes = config.routes
        self.series = Series.group(posts, routes: routes)
        self.tags = Tag.group(posts, by: \.tags, url: routes.tag(slug:))
        self.categories = Tag.group(posts, by: \.categories, url: routes.category(slug:))
        self.skippedDrafts = skippedDrafts
    }

    /// The redirects of the site: each old URL with the URL it sends readers to.
    public var redirects: [(from: String, to: String, source: String)] {
        posts.flatMap { post in post.aliases.map { ($0.urlPath, post.urlPath, post.sourcePath) } }
            + pages.flatMap { page in page.aliases.map { ($0.urlPath, page.urlPath, page.sourcePath) } }
    }
}
