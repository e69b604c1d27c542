/// One row of the routes table: what a kind of page is, for every part of the build that
/// needs to know. The theme check (a template per kind), the render jobs, the sitemap,
/// the navigation and docs/themes.md all read this table, so a new kind of page is one row;
/// its URLs come from ``SiteRoutes`` (the site's `permalinks:`).
struct PageRoute: Sendable {
    var kind: PageKind
    /// What the kind's pages show, for a theme that lacks the template and for the docs.
    var renders: String
    /// The URLs, as docs/themes.md writes them (with the default permalinks).
    var urls: String
    /// How the theme renders the kind's pages.
    var template: Template
    /// The navigation entry that is active on pages of this kind (tag pages under Tags).
    var section: NavigationSection?
    /// Which of the kind's pages `sitemap.xml` lists.
    var sitemap: SitemapRole
    /// What the kind's pages publish feeds of.
    var feeds: FeedRole

    enum Template: Sendable, Equatable {
        /// The theme must have the kind's template.
        case required
        /// The kind's template if the theme has it, else this one's, with the same data:
        /// a theme written before categories shows them with its tag templates.
        case optional(fallback: String)
        /// The kind's template if the theme has it, else the built-in theme's, which fills the
        /// blocks of the theme's `base` template: a theme made before the kind existed.
        case builtIn
        /// Written by the build itself (a redirect page), like the feeds.
        case none
    }

    enum SitemapRole: Sendable {
        case every, none
        /// The first page only: the home page, not its pager's `/page/N/`.
        case firstPage
    }

    enum FeedRole: Sendable {
        case none
        /// The site's feeds, in the root folder.
        case site
        /// The page's own posts (a tag's, a series') in the page's folder.
        case own
    }

    /// In the order the sitemap lists pages: the home page, posts, pages, the indexes, then
    /// each tag, category and series.
    static let table: [PageRoute] = [
        PageRoute(kind: .home, renders: "the home page and its pager: the newest posts, `posts_per_page` at a time",
                  urls: "`/`, `/page/2/`, …", template: .required, section: .home, sitemap: .firstPage, feeds: .site),
        PageRoute(kind: .post, renders: "each post", urls: "`/posts/<slug>/`",
                  template: .required, section: nil, sitemap: .every, feeds: .none),
        PageRoute(kind: .page, renders: "each page of `Content/pages/`", urls: "`/<slug>/`",
                  template: .required, section: nil, sitemap: .every, feeds: .none),
        PageRoute(kind: .archive, renders: "the archive: every post, by year", urls: "`/archive/`",
                  template: .required, section: .archive, sitemap: .every, feeds: .none),
        PageRoute(kind: .tags, renders: "the tag index: every tag with its count", urls: "`/tags/`",
                  template: .required, section: .tags, sitemap: .every, feeds: .none),
        PageRoute(kind: .categories, renders: "the category index, when posts have categories", urls: "`/categories/`",
                  template: .optional(fallback: "tags"), section: nil, sitemap: .every, feeds: .none),
        PageRoute(kind: .seriesIndex, renders: "the series index: every series with its parts", urls: "`/series/`",
                  template: .required, section: .series, sitemap: .every, feeds: .none),
        PageRoute(kind: .tag, renders: "each tag's page: its posts, newest first (not paginated)", urls: "`/tags/<tag>/`",
                  template: .required, section: .tags, sitemap: .every, feeds: .own),
        PageRoute(kind: .category, renders: "each category's page: its posts, newest first", urls: "`/categories/<category>/`",
                  template: .optional(fallback: "tag"), section: nil, sitemap: .every, feeds: .own),
        PageRoute(kind: .series, renders: "each series' page: its parts, in order", urls: "`/series/<series>/`",
                  template: .required, section: .series, sitemap: .every, feeds: .own),
        PageRoute(kind: .notFound, renders: "the page servers send for a missing URL; its links must be root-relative, as every `url` is",
                  urls: "`/404.html`", template: .required, section: nil, sitemap: .none, feeds: .none),
        PageRoute(kind: .search, renders: "the search page: a form, and the results for `?q=` from the search index (docs/search.md); none with `search: false`",
                  urls: "`/search/`", template: .builtIn, section: nil, sitemap: .none, feeds: .none),
        PageRoute(kind: .redirect, renders: "an old URL of a post or page (`aliases`, `redirect_from`): a page that sends readers on",
                  urls: "each old URL", template: .none, section: nil, sitemap: .none, feeds: .none),
    ]

    static func of(_ kind: PageKind) -> PageRoute {
        // The table has a row for every case; the test of the table holds it to that.
        table.first { $0.kind == kind } ?? PageRoute(kind: kind, renders: kind.rawValue, urls: "", template: .none,
                                                     section: nil, sitemap: .none, feeds: .none)
    }

    /// The templates a theme must have: one for every kind the theme renders.
    static var templates: [String] { table.filter { $0.template == .required }.map(\.kind.templateName) }
}

/// The site's navigation, in order: its generated sections, then the pages of
/// `Content/pages/` that have a `nav_order`.
enum NavigationSection: String, Sendable, CaseIterable {
    case home, archive, series, tags

    /// The index page the entry links to.
    var kind: PageKind {
        switch self {
        case .home: .home
        case .archive: .archive
        case .series: .seriesIndex
        case .tags: .tags
        }
    }
}
