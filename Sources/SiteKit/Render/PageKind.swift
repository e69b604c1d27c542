/// The kinds of page a build writes. Each renders with the theme template of its raw value.
public enum PageKind: String, Sendable, CaseIterable {
    case home, post, page, archive, tags, tag
    case seriesIndex = "series-index"
    case series
    /// `404.html`, which servers send for a missing page.
    case notFound = "404"

    public var templateName: String { rawValue }

    /// The navigation entry a page of this kind belongs to (posts belong to none).
    var section: String? {
        switch self {
        case .home: return "home"
        case .archive: return "archive"
        case .tags, .tag: return "tags"
        case .seriesIndex, .series: return "series"
        case .post, .page, .notFound: return nil
        }
    }
}
