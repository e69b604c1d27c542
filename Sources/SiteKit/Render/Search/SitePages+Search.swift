import Foundation
import Support

extension SitePages {
    /// What post `number`'s search entry is made from. `urls`: the site's, made once for
    /// every post (parsing the base URL showed in a build's profile).
    func searchSource(ofPost number: Int, body: RenderedBody, urls: SiteURLs? = nil) -> SearchDocument.Source {
        let post = site.posts[number]
        let urls = urls ?? SiteURLs(baseURL: site.config.baseURL)
        return SearchDocument.Source(title: post.title, url: urls.link(urlPath: post.urlPath),
                                     date: post.date.isoDay, tags: post.tags, series: post.series?.name,
                                     headings: body.headings.map(\.text), html: body.html)
    }

    /// What page `number`'s (of `Content/pages/`) search entry is made from.
    func searchSource(ofPage number: Int, body: RenderedBody) -> SearchDocument.Source {
        let page = site.pages[number]
        return SearchDocument.Source(title: page.title, url: SiteURLs(baseURL: site.config.baseURL).link(urlPath: page.urlPath),
                                     date: nil, tags: [], series: nil, headings: body.headings.map(\.text), html: body.html)
    }

    /// The search index of the published posts (oldest first, so that a new post adds a
    /// page number rather than moving the others) and pages, with the OpenSearch description.
    /// `made`: the posts' entries, made as their pages were, with their fragments (a full
    /// build: the files returned lack those); else they are
    /// made from `postBodies`, and with a `cache` only those of changed posts (by their
    /// `versions`, else by their sources), whose postings it patches.
    func searchFiles(postBodies: [RenderedBody], pageBodies: [RenderedBody], made: SearchEntries?, cache: SearchIndexCache?,
                     versions: RenderVersions? = nil) -> [RenderedFile] {
        let documents: [SearchDocument]
        var postings: [(term: [UInt8], postings: [UInt8])]?
        let stems = site.config.searchStems
        let postCount = postBodies.count
        // Oldest post first, then the pages.
        @Sendable func source(_ page: Int) -> SearchDocument.Source {
            page < postCount ? searchSource(ofPost: postCount - 1 - page, body: postBodies[postCount - 1 - page])
                : searchSource(ofPage: page - postCount, body: pageBodies[page - postCount])
        }
        if let made {
            let store = searchStore
            documents = made.all.reversed() + pageBodies.indices.map { source(postCount + $0) }.parallelMap { source in
                store?.document(for: source) ?? SearchDocument(source)
            }
        } else if let cache {
            // A post's source is its list entry's (``ItemInputs``, its body's included) with
            // the site's address; a page's, its body's with the site-wide inputs.
            let keys = versions.map { versions in
                versions.items.reversed().map { SearchIndexCache.Key(global: versions.global, page: $0) }
                    + versions.pageBodies.map { SearchIndexCache.Key(global: versions.global, page: $0) }
            }
            (documents, postings) = cache.index(count: postCount + pageBodies.count, keys: keys, source: source, stems: stems)
        } else {
            documents = (0..<(postCount + pageBodies.count)).map(source).parallelMap(SearchDocument.init)
        }
        return SearchIndex(documents: documents, stems: stems).files(postings: postings, fragmentsFrom: made == nil ? 0 : postCount)
            + [RenderedFile(path: SiteFile.openSearch.path, contents: openSearchDescription())]
    }

    /// The OpenSearch description that lets a browser offer the site's search: the search
    /// page with the query in `?q=`.
    func openSearchDescription() -> String {
        let e = HTMLText.escaped
        let title = site.config.title
        let shortName = title.count <= 16 ? title : String(title.prefix(15)) + "…"
        let page = SiteURLs(baseURL: site.config.baseURL).absolute(urlPath: PageSet(site: site).urlPath(of: .search, at: 0))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
            <ShortName>\(e(shortName))</ShortName>
            <Description>\(e(theme.strings["search_label"] + ": " + title))</Description>
            <InputEncoding>UTF-8</InputEncoding>
            <Url type="text/html" method="get" template="\(e(page))?q={searchTerms}"/>
            </OpenSearchDescription>

            """
    }
}

/// The posts' search entries of a full build, made on every core as each post's page is,
/// or read from the pages' ``SitePages/searchStore``.
final class SearchEntries: @unchecked Sendable {
    private let lock = NSLock()
    private let pages: SitePages
    private let urls: SiteURLs
    private var entries: [SearchDocument?]

    init(pages: SitePages) {
        self.pages = pages
        urls = SiteURLs(baseURL: pages.site.config.baseURL)
        entries = Array(repeating: nil, count: pages.site.posts.count)
    }

    /// Post `number`'s entry, and its fragment handed to `sink`: written here, on every
    /// core, rather than one by one once the index is made.
    func make(_ number: Int, body: RenderedBody, sink: RenderedFileSink) throws(Diagnostic) {
        let source = pages.searchSource(ofPost: number, body: body, urls: urls)
        let entry = pages.searchStore?.document(for: source) ?? SearchDocument(source)
        // Oldest post first in the index.
        try sink(SearchIndex.fragment(of: entries.count - 1 - number, entry))
        lock.withLock { entries[number] = entry }
    }

    /// The paths of the posts' fragments, which ``make(_:body:sink:)`` wrote.
    var fragmentPaths: [String] { entries.indices.map(SearchIndex.fragmentPath(of:)) }

    /// Every post's entry, newest first, as `site.posts`; called once every post was made.
    var all: [SearchDocument] { lock.withLock { entries.compactMap { $0 } } }
}
