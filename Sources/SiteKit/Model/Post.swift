import Support

/// One post: its front matter as typed values and its Markdown body with the line
/// it starts on, so that later stages can report positions in the file.
///
/// A value type whose fields live in one shared, copy-on-write storage: posts are copied
/// into every list, tag and series of a site, and copying twenty fields (each a retain)
/// was a sixth of a preview's rebuild. Two copies of one post compare equal at once.
public struct Post: Sendable, Hashable {
    private final class Storage: @unchecked Sendable {
        var sourcePath: String
        var slug: String
        var title: String
        var date: PostDate
        var updated: PostDate?
        var tags: [String]
        var categories: [String]
        var summary: String?
        var series: SeriesMembership?
        var draft: Bool
        var swiftVersion: Int?
        var aliases: [Alias]
        var params: [String: FrontMatterValue]
        var resources: [BundleResource]
        var section: String
        var fileName: String
        var image: PostImage?
        var urlPath: String
        var body: String
        var bodyFirstLine: Int

        init(sourcePath: String, slug: String, title: String, date: PostDate, updated: PostDate?, tags: [String], summary: String?,
             series: SeriesMembership?, draft: Bool, urlPath: String, body: String, bodyFirstLine: Int) {
            (self.sourcePath, self.slug, self.title, self.date, self.updated, self.tags, self.summary) = (sourcePath, slug, title, date, updated, tags, summary)
            (self.series, self.draft, self.urlPath, self.body, self.bodyFirstLine) = (series, draft, urlPath, body, bodyFirstLine)
            (categories, swiftVersion, aliases, params, resources, section, fileName) = ([], nil, [], [:], [], "posts", "")
        }

        func copy() -> Storage {
            let copy = Storage(sourcePath: sourcePath, slug: slug, title: title, date: date, updated: updated, tags: tags, summary: summary,
                               series: series, draft: draft, urlPath: urlPath, body: body, bodyFirstLine: bodyFirstLine)
            (copy.categories, copy.swiftVersion, copy.aliases, copy.params) = (categories, swiftVersion, aliases, params)
            (copy.resources, copy.section, copy.fileName, copy.image) = (resources, section, fileName, image)
            return copy
        }

        func hasSameFields(as other: Storage) -> Bool {
            sourcePath == other.sourcePath && slug == other.slug && title == other.title && date == other.date
                && updated == other.updated && tags == other.tags && categories == other.categories && summary == other.summary
                && series == other.series && draft == other.draft && swiftVersion == other.swiftVersion && aliases == other.aliases
                && params == other.params && resources == other.resources && section == other.section && fileName == other.fileName
                && image == other.image && urlPath == other.urlPath && bodyFirstLine == other.bodyFirstLine && body == other.body
        }
    }

    private var storage: Storage

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The file, relative to the site root (`Content/posts/viper-an-ios-architecture.md`).
    public var sourcePath: String {
        get { storage.sourcePath }
        set { unique().sourcePath = newValue }
    }
    /// The post's own URL segment (`slug:`, else the file name without a date prefix).
    public var slug: String {
        get { storage.slug }
        set { unique().slug = newValue }
    }
    public var title: String {
        get { storage.title }
        set { unique().title = newValue }
    }
    public var date: PostDate {
        get { storage.date }
        set { unique().date = newValue }
    }
    public var updated: PostDate? {
        get { storage.updated }
        set { unique().updated = newValue }
    }
    public var tags: [String] {
        get { storage.tags }
        set { unique().tags = newValue }
    }
    /// The second taxonomy (`categories:`, `category:`), with pages like tags'.
    public var categories: [String] {
        get { storage.categories }
        set { unique().categories = newValue }
    }
    public var summary: String? {
        get { storage.summary }
        set { unique().summary = newValue }
    }
    public var series: SeriesMembership? {
        get { storage.series }
        set { unique().series = newValue }
    }
    public var draft: Bool {
        get { storage.draft }
        set { unique().draft = newValue }
    }
    /// The Swift language mode its snippets compile in, when not the site's.
    package var swiftVersion: Int? {
        get { storage.swiftVersion }
        set { unique().swiftVersion = newValue }
    }
    /// Old URLs of the post (`aliases`, `redirect_from`), each a redirect page.
    var aliases: [Alias] {
        get { storage.aliases }
        set { unique().aliases = newValue }
    }
    /// Every front matter key sitegen has no use for, kept for templates (`post.params`).
    var params: [String: FrontMatterValue] {
        get { storage.params }
        set { unique().params = newValue }
    }
    /// The files of its page bundle (`posts/<name>/index.md` and what is beside it),
    /// published beside its page.
    var resources: [BundleResource] {
        get { storage.resources }
        set { unique().resources = newValue }
    }
    /// Its picture (`image:`, Hugo's first `images:`), shown with it in lists and as its
    /// `og:image`.
    var image: PostImage? {
        get { storage.image }
        set { unique().image = newValue }
    }
    /// Its first folder below `Content/posts/`, else `posts` (`:section` in permalinks).
    var section: String {
        get { storage.section }
        set { unique().section = newValue }
    }
    /// The file name without extension, or a bundle's folder name (`:filename`).
    var fileName: String {
        get { storage.fileName }
        set { unique().fileName = newValue }
    }
    /// The site-relative URL path, from the site's permalinks (`/posts/<slug>/` by default).
    public var urlPath: String {
        get { storage.urlPath }
        set { unique().urlPath = newValue }
    }
    /// The Markdown after the front matter.
    public var body: String {
        get { storage.body }
        set { unique().body = newValue }
    }
    /// The file's line number of the body's first line.
    package var bodyFirstLine: Int {
        get { storage.bodyFirstLine }
        set { unique().bodyFirstLine = newValue }
    }

    init(sourcePath: String, slug: String, title: String, date: PostDate, updated: PostDate? = nil,
                tags: [String] = [], summary: String? = nil, series: SeriesMembership? = nil,
                draft: Bool = false, urlPath: String? = nil, body: String, bodyFirstLine: Int) {
        storage = Storage(sourcePath: sourcePath, slug: slug, title: title, date: date, updated: updated, tags: tags, summary: summary,
                          series: series, draft: draft, urlPath: urlPath ?? SiteRoutes.standard.post(["slug": slug]), body: body,
                          bodyFirstLine: bodyFirstLine)
    }

    public static func == (a: Post, b: Post) -> Bool {
        a.storage === b.storage || a.storage.hasSameFields(as: b.storage)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourcePath)
        hasher.combine(body)
    }
}

/// A post's place in a series, from `series` and `series_order`.
public struct SeriesMembership: Sendable, Hashable {
    public var name: String
    /// Nil when the post gives no `series_order`: it then follows the numbered parts, by date.
    public var order: Int?
    /// Where `series` was written, for errors about the series as a whole.
    var nameLocation: SourceLocation
    /// Where `series_order` was written (else `series`), for duplicate-order errors.
    var orderLocation: SourceLocation

    init(name: String, order: Int?, nameLocation: SourceLocation, orderLocation: SourceLocation) {
        self.name = name
        self.order = order
        self.nameLocation = nameLocation
        self.orderLocation = orderLocation
    }
}

/// An old URL a post or page answers at, as written in `aliases` or `redirect_from`.
/// A post's picture as its front matter names it: a path of the site (`/images/a.png`, or
/// `images/a.png` from the site's root, as jekyll-seo-tag reads it), a file of the post's
/// bundle (`cover.png`) or an http(s) address.
struct PostImage: Sendable, Hashable {
    /// As written.
    var url: String
    /// Its text for readers who cannot see it; empty: decorative (the post's title is beside it).
    var alt: String
    /// Where `url` is written in the file, for a broken one.
    var location: SourceLocation
    /// The site path it is at (`/posts/x/cover.png`), resolved from the post's URL; nil for
    /// an address elsewhere.
    var sitePath: String?
}

struct Alias: Sendable, Hashable {
    /// The site-relative URL path (`/2019/08/21/old/`), made absolute from a relative alias.
    var urlPath: String
    var location: SourceLocation
}

/// A file of a page bundle, published beside its post's page.
struct BundleResource: Sendable, Hashable {
    /// The file on disk.
    var source: String
    /// Its path inside the bundle's folder (`diagram.png`, `images/a.png`).
    var name: String
}

/// A front matter value sitegen keeps for templates without knowing what it means.
indirect enum FrontMatterValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case list([FrontMatterValue])
    /// In the order written.
    case mapping([(key: String, value: FrontMatterValue)])

    static func == (a: FrontMatterValue, b: FrontMatterValue) -> Bool {
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

    func hash(into hasher: inout Hasher) {
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
    /// Posts dated after the build's time, left out (without `--future` or `future: true`)
    /// until then, by date: the build says how many and until when.
    package var scheduledPosts: [ScheduledPost] = []
    /// Where each generated file goes, checked by the load (``OutputFiles``).
    var outputFiles = OutputFiles()
    /// Without `--drafts`: the site with its drafts, whose problems a build reports as
    /// warnings; nil when there are none.
    var drafts: DraftSite?

    init(config: SiteConfig, posts: [Post], pages: [ContentPage] = [], skippedDrafts: [String] = []) {
        self.config = config
        self.posts = posts
        self.pages = pages
        let routes = config.routes
        self.series = Series.group(posts, routes: routes)
        self.tags = Tag.group(posts, by: \.tags, url: routes.tag(slug:))
        self.categories = Tag.group(posts, by: \.categories, url: routes.category(slug:))
        self.skippedDrafts = skippedDrafts
    }

    /// A post held back until its date.
    package struct ScheduledPost: Sendable, Hashable {
        package var sourcePath: String
        package var date: PostDate
    }

    /// Bytes of Markdown in the published posts' and pages' bodies: what the default output
    /// limit grows with (``OutputLimits/outputBytes(contentBytes:)``).
    var contentBytes: Int {
        posts.reduce(0) { $0 + $1.body.utf8.count } + pages.reduce(0) { $0 + $1.body.utf8.count }
    }

    /// The redirects of the site: each old URL with the URL it sends readers to.
    /// `location`: where the alias is written in `source`.
    var redirects: [(from: String, to: String, source: String, location: SourceLocation)] {
        posts.flatMap { post in post.aliases.map { ($0.urlPath, post.urlPath, post.sourcePath, $0.location) } }
            + pages.flatMap { page in page.aliases.map { ($0.urlPath, page.urlPath, page.sourcePath, $0.location) } }
    }
}
