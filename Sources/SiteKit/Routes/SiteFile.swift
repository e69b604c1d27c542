/// The files a build writes besides the pages of ``PageRoute/table``: each is a route like
/// a page, so an alias, a permalink or a static file that lands on one is a clash, not a
/// silent replacement.
enum SiteFile: String, Sendable, CaseIterable {
    case sitemap, robots
    /// The search index (docs/search.md): its index file, the folders of its chunks and
    /// fragments, and the OpenSearch description; none with `search: false`.
    case searchIndex, searchTerms, searchPages, openSearch
    /// The empty file that marks an output folder as sitegen's (``KeptPaths/outputMarker``).
    case marker

    /// Relative to the output folder.
    var path: String {
        switch self {
        case .sitemap: "sitemap.xml"
        case .robots: "robots.txt"
        case .marker: ".sitegen-output"
        case .searchIndex: "search/index.json"
        case .searchTerms: "search/terms"
        case .searchPages: "search/pages"
        case .openSearch: "opensearch.xml"
        }
    }

    /// What the file is, for messages.
    var what: String {
        switch self {
        case .sitemap: "the sitemap"
        case .robots: "robots.txt, which names the sitemap"
        case .marker: "sitegen's output marker"
        case .searchIndex: "the search index"
        case .searchTerms: "the search index's chunks"
        case .searchPages: "the search index's page fragments"
        case .openSearch: "the OpenSearch description of the site's search"
        }
    }

    /// A default the site may replace with a static file of the same path (`robots.txt`).
    var replaceableByStatic: Bool { self == .robots }

    /// Part of the search index, which `search: false` turns off.
    var isSearch: Bool {
        switch self {
        case .searchIndex, .searchTerms, .searchPages, .openSearch: true
        case .sitemap, .robots, .marker: false
        }
    }
}

/// The three feed formats a site publishes, with the file name of each: a feed's files sit
/// in the folder of the page whose posts they list (``PageRoute/FeedRole``).
enum FeedFormat: String, Sendable, CaseIterable {
    case atom, rss, json

    var fileName: String {
        switch self {
        case .atom: return "atom.xml"
        case .rss: return "rss.xml"
        case .json: return "feed.json"
        }
    }

    var label: String {
        switch self {
        case .atom: return "Atom"
        case .rss: return "RSS"
        case .json: return "JSON Feed"
        }
    }

    /// `Atom feed`, `JSON Feed`: for messages.
    var feedName: String { self == .json ? label : label + " feed" }

    func urlPath(in folder: String) -> String { folder + fileName }

    /// The file's path in the output (`tags/swift/atom.xml`).
    func outputPath(in folder: String) -> String { String(urlPath(in: folder).dropFirst()) }
}
