import Support
/// One post: its front matter as typed values and its Markdown body with the line
/// it starts on, so that later stages can report positions in the file.
public struct Post: Sendable, Hashable {
    /// The file, relative to the site root (`Content/posts/viper-an-ios-architecture.md`).
    public var sourcePath: String
    /// The last path component of the post's URL (`/posts/<slug>/`).
    public var slug: String
    public var title: String
    public var date: PostDate
    public var updated: PostDate?
    public var tags: [String]
    public var summary: String?
    public var series: SeriesMembership?
    public var draft: Bool
    /// The Swift language mode its snippets compile in, when not the site's.
    public var swiftVersion: Int?
    /// The Markdown after the front matter.
    public var body: String
    /// The file's line number of the body's first line.
    public var bodyFirstLine: Int

    public init(sourcePath: String, slug: String, title: String, date: PostDate, updated: PostDate? = nil,
                tags: [String] = [], summary: String? = nil, series: SeriesMembership? = nil,
                draft: Bool = false, body: String, bodyFirstLine: Int) {
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.date = date
        self.updated = updated
        self.tags = tags
        self.summary = summary
        self.series = series
        self.draft = draft
        self.body = body
        self.bodyFirstLine = bodyFirstLine
    }

    /// The site-relative URL path, with the trailing slash of a clean URL.
    public var urlPath: String { SiteRoutes.standard.post(slug: slug) }
}

/// A post's place in a series, from `series` and `series_order`.
public struct SeriesMembership: Sendable, Hashable {
    public var name: String
    public var order: Int
    /// Where `series` was written, for errors about the series as a whole.
    public var nameLocation: SourceLocation
    /// Where `series_order` was written, for duplicate-order errors.
    public var orderLocation: SourceLocation

    public init(name: String, order: Int, nameLocation: SourceLocation, orderLocation: SourceLocation) {
        self.name = name
        self.order = order
        self.nameLocation = nameLocation
        self.orderLocation = orderLocation
    }
}

/// Everything the render stage needs: settings, the published posts (newest first),
/// the standalone pages, and the series and tags the posts form.
public struct Site: Sendable {
    public var config: SiteConfig
    public var posts: [Post]
    public var pages: [ContentPage]
    /// Sorted by name.
    public var series: [Series]
    /// Sorted by name.
    public var tags: [Tag]
    /// Drafts found and left out (without `--drafts`), so the build can say so.
    public var skippedDrafts: [String]

    public init(config: SiteConfig, posts: [Post], pages: [ContentPage] = [], skippedDrafts: [String] = []) {
        self.config = config
        self.posts = posts
        self.pages = pages
        self.series = Series.group(posts)
        self.tags = Tag.group(posts)
        self.skippedDrafts = skippedDrafts
    }
}
