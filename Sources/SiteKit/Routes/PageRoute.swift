/// One row of the routes table: what a kind of page is, for every part of the build that
/// needs to know. The theme check (a template per kind), the render jobs, the sitemap,
/// the slugs a page may not take, the navigation and docs/themes.md all read this table,
/// so a new kind of page, or a new URL, is one row.
package struct PageRoute: Sendable {
    package var kind: PageKind
    /// What the kind's pages show, for a theme that lacks the template and for the docs.
    package var renders: String
    /// The URLs, as docs/themes.md writes them.
    package var urls: String
    /// The first URL segment the kind's pages live under (`/tags/…`), which a page of
    /// `Content/pages/` therefore may not take as its slug.
    package var reservedSegment: String?
    /// The navigation entry that is active on pages of this kind (tag pages under Tags).
    package var section: NavigationSection?
    /// Which of the kind's pages `sitemap.xml` lists.
    package var sitemap: SitemapRole
    /// What the kind's pages publish feeds of.
    package var feeds: FeedRole

    package enum SitemapRole: Sendable {
        case every, none
        /// The first page only: the home page, not its pager's `/page/N/`.
        case firstPage
    }

    package enum FeedRole: Sendable {
        case none
        /// The site's feeds, in the root folder.
        case site
        /// The page's own posts (a tag's, a series') in the page's folder.
        case own
    }

    /// In the order the sitemap lists pages: the home page, posts, pages, the indexes, then
    /// each tag and series.
    package static let table: [PageRoute] = [
        PageRoute(kind: .home, renders: "the home page and its pager: the newest posts, `posts_per_page` at a time",
                  urls: "`/`, `/page/2/`, …", reservedSegment: "page", section: .home, sitemap: .firstPage, feeds: .site),
        PageRoute(kind: .post, renders: "each post", urls: "`/posts/<slug>/`",
                  reservedSegment: "posts", section: nil, sitemap: .every, feeds: .none),
        PageRoute(kind: .page, renders: "each page of `Content/pages/`", urls: "`/<slug>/`",
                  reservedSegment: nil, section: nil, sitemap: .every, feeds: .none),
        PageRoute(kind: .archive, renders: "the archive: every post, by year", urls: "`/archive/`",
                  reservedSegment: "archive", section: .archive, sitemap: .every, feeds: .none),
        PageRoute(kind: .tags, renders: "the tag index: every tag with its count", urls: "`/tags/`",
                  reservedSegment: "tags", section: .tags, sitemap: .every, feeds: .none),
        PageRoute(kind: .seriesIndex, renders: "the series index: every series with its parts", urls: "`/series/`",
                  reservedSegment: "series", section: .series, sitemap: .every, feeds: .none),
        PageRoute(kind: .tag, renders: "each tag's page: its posts, newest first (not paginated)", urls: "`/tags/<tag>/`",
                  reservedSegment: "tags", section: .tags, sitemap: .every, feeds: .own),
        PageRoute(kind: .series, renders: "each series' page: its parts, in order", urls: "`/series/<series>/`",
                  reservedSegment: "series", section: .series, sitemap: .every, feeds: .own),
        PageRoute(kind: .notFound, renders: "the page servers send for a missing URL; its links must be root-relative, as every `url` is",
                  urls: "`/404.html`", reservedSegment: nil, section: nil, sitemap: .none, feeds: .none),
    ]

    package static func of(_ kind: PageKind) -> PageRoute {
        // The table has a row for every case; the test of the table holds it to that.
        table.first { $0.kind == kind } ?? PageRoute(kind: kind, renders: kind.rawValue, urls: "", reservedSegment: nil,
                                                     section: nil, sitemap: .none, feeds: .none)
    }

    /// The URL segments of generated sections, which a page of `Content/pages/` may not take.
    package static var reservedSegments: Set<String> { Set(table.compactMap(\.reservedSegment)) }

    /// The theme's page templates: a theme must have one for every kind.
    package static var templates: [String] { table.map(\.kind.templateName) }
}

/// The site's navigation, in order: its generated sections, then the pages of
/// `Content/pages/` that have a `nav_order`.
package enum NavigationSection: String, Sendable, CaseIterable {
    case home, archive, series, tags

    /// The index page the entry links to.
    package var kind: PageKind {
        switch self {
        case .home: .home
        case .archive: .archive
        case .series: .seriesIndex
        case .tags: .tags
        }
    }
}
