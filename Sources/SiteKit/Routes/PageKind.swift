/// The kinds of page a build writes. ``PageRoute/table`` says everything else about each:
/// its template, its URL, its navigation entry, whether the sitemap lists it.
enum PageKind: String, Sendable, CaseIterable {
    case home, post, page, archive, tags, tag, categories, category
    case seriesIndex = "series-index"
    case series
    /// `404.html`, which servers send for a missing page.
    case notFound = "404"
    /// The search page (`/search/`), unless `search: false`.
    case search
    /// An old URL of a post or page (`aliases`, `redirect_from`), sending readers on.
    case redirect

    /// The theme template that renders pages of this kind (`page.kind` in templates too).
    var templateName: String { rawValue }

    /// This kind's row of the routes table.
    var route: PageRoute { PageRoute.of(self) }
}
