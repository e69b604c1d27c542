import Foundation

/// What a preview server keeps of the search index from one rebuild to the next: each
/// page's entry by what it was made from (an edit makes the edited page's entry again),
/// and the index's files as the output holds them, so that a rebuild hands over only the
/// files that changed. The files count once the build's files are in the output
/// (``RenderCache/commit(units:bodies:)``).
final class SearchIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: (source: SearchDocument.Source, document: SearchDocument)] = [:]
    /// The last index's pages, in order: each one's URL, its entry and what its entry was
    /// made from (``Key``); and its postings.
    private var lastURLs: [String] = []
    private var lastDocuments: [SearchDocument] = []
    private var lastKeys: [Key] = []
    private var postingLists: SearchPostingLists?
    private var written: [String: String] = [:]
    private var pending: [String: String]?

    /// What a page's entry is made from, as versions (``PageInputs``): the site-wide one
    /// (the site's address) and the post's list entry (which holds its body's) or the
    /// page's body. Equal keys, equal sources.
    struct Key: Equatable, Sendable {
        var global: Int
        var page: Int
    }

    /// The entry of each of `count` pages (the last build's when its key at its place is the
    /// same, or its source, made by `source`, is equal; else made) and the index's postings:
    /// the last index's patched where a page changed, when the pages are the same ones in
    /// the same order; else made again. A page whose key is unchanged is not looked at: at
    /// 10,000 posts, making every source to compare it was a tenth of an edit.
    func index(count: Int, keys: [Key]?, source makeSource: @Sendable (Int) -> SearchDocument.Source,
               stems: Bool) -> (documents: [SearchDocument], postings: [(term: [UInt8], postings: [UInt8])]) {
        lock.withLock {
            let lastKeys = keys?.count == count && self.lastKeys.count == count ? self.lastKeys : []
            let (lastDocuments, documents) = (self.lastDocuments, self.documents)
            let entries = Array(0..<count).parallelMap { page -> (document: SearchDocument, kept: Bool, source: SearchDocument.Source?) in
                if !lastKeys.isEmpty, keys?[page] == lastKeys[page] { return (lastDocuments[page], true, nil) }
                let source = makeSource(page)
                if let found = documents[source.url], found.source == source { return (found.document, true, source) }
                return (SearchDocument(source), false, source)
            }
            let made = entries.map(\.document)
            let urls = entries.indices.map { entries[$0].source?.url ?? lastURLs[$0] }
            // The same pages in the same order: only the changed ones are looked at again. The
            // entries by URL are those of the last index then, so a page whose entry was not
            // kept is one whose source changed.
            let samePages = lastURLs == urls
            let changed = samePages ? entries.indices.filter { !entries[$0].kept } : Array(entries.indices)
            // Equal sources give equal entries, so they are kept whether or not the build succeeds.
            if samePages {
                for page in changed { if let source = entries[page].source { self.documents[source.url] = (source, made[page]) } }
            } else {
                self.documents = Dictionary(entries.indices.map { page in
                    let source = entries[page].source ?? documents[urls[page]]?.source ?? makeSource(page)
                    return (source.url, (source, made[page]))
                }, uniquingKeysWith: { _, last in last })
            }
            if samePages, postingLists?.stems == stems {
                for page in changed { postingLists!.replace(page: page, with: made[page]) }
            } else {
                postingLists = SearchPostingLists(documents: made, stems: stems)
            }
            (lastURLs, self.lastDocuments, self.lastKeys) = (urls, made, keys ?? [])
            return (made, postingLists!.postings)
        }
    }

    /// The files whose contents differ from those the output holds.
    func changed(_ files: [RenderedFile]) -> [RenderedFile] {
        lock.withLock {
            pending = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { _, last in last })
            return files.filter { written[$0.path] != $0.contents }
        }
    }

    func commit() {
        lock.withLock {
            if let pending { written = pending }
            pending = nil
        }
    }

    func rollback() {
        lock.withLock { pending = nil }
    }
}
