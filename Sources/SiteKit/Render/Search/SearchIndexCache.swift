import Foundation

/// What a preview server keeps of the search index from one rebuild to the next: each
/// page's entry by what it was made from (an edit makes the edited page's entry again),
/// and the index's files as the output holds them, so that a rebuild hands over only the
/// files that changed. The files count once the build's files are in the output
/// (``RenderCache/commit(units:bodies:)``).
final class SearchIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: (source: SearchDocument.Source, document: SearchDocument)] = [:]
    /// The last index's pages, in order, and its postings.
    private var lastSources: [SearchDocument.Source] = []
    private var postingLists: SearchPostingLists?
    private var written: [String: String] = [:]
    private var pending: [String: String]?

    /// The entry of each source (the last build's when its source is equal, else made) and
    /// the index's postings: the last index's patched where a page changed, when the pages
    /// are the same ones in the same order; else made again.
    func index(of sources: [SearchDocument.Source], stems: Bool) -> (documents: [SearchDocument], postings: [(term: [UInt8], postings: [UInt8])]) {
        lock.withLock {
            let entries = sources.parallelMap { source -> (document: SearchDocument, kept: Bool) in
                if let found = documents[source.url], found.source == source { return (found.document, true) }
                return (SearchDocument(source), false)
            }
            let made = entries.map(\.document)
            // The same pages in the same order: only the changed ones are looked at again. The
            // entries by URL are those of `lastSources` then, so a page whose entry was not kept
            // is one whose source changed.
            let samePages = lastSources.count == sources.count && zip(lastSources, sources).allSatisfy { $0.url == $1.url }
            let changed = samePages ? sources.indices.filter { !entries[$0].kept } : Array(sources.indices)
            // Equal sources give equal entries, so they are kept whether or not the build succeeds.
            if samePages {
                for page in changed { documents[sources[page].url] = (sources[page], made[page]) }
            } else {
                documents = Dictionary(zip(sources, made).map { ($0.url, ($0, $1)) }, uniquingKeysWith: { _, last in last })
            }
            if samePages, postingLists?.stems == stems {
                for page in changed { postingLists!.replace(page: page, with: made[page]) }
            } else {
                postingLists = SearchPostingLists(documents: made, stems: stems)
            }
            lastSources = sources
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
