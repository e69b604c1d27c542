/// A standalone page from `Content/pages/` (an About page): no date, no tags, published
/// at `/<slug>/`, and listed in the site's navigation when it has a `nav_order`.
public struct ContentPage: Sendable, Hashable {
    /// The file, relative to the site root (`Content/pages/about.md`).
    public var sourcePath: String
    public var slug: String
    public var title: String
    public var summary: String?
    /// Position in the site navigation; nil keeps the page out of it.
    public var navOrder: Int?
    public var draft: Bool
    /// Old URLs of the page (`aliases`, `redirect_from`), each a redirect page.
    var aliases: [Alias] = []
    /// Every front matter key sitegen has no use for, kept for templates (`params`).
    var params: [String: FrontMatterValue] = [:]
    public var body: String
    var bodyFirstLine: Int

    init(sourcePath: String, slug: String, title: String, summary: String? = nil, navOrder: Int? = nil,
                draft: Bool = false, body: String, bodyFirstLine: Int) {
        self.sourcePath = sourcePath
        self.slug = slug
        self.title = title
        self.summary = summary
        self.navOrder = navOrder
        self.draft = draft
        self.body = body
        self.bodyFirstLine = bodyFirstLine
    }

    public var urlPath: String { SiteRoutes.standard.page(slug: slug) }

}
