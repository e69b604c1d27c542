import Foundation

/// What a preview server keeps of the search index from one rebuild to the next: each
/// page's entry by what it was made from (an edit makes the edited page's entry again),
/// and the index's files as the output holds them, so that a rebuild hands over only the
/// files that changed. The files count once the build's files are in the output
/// (``RenderCache/commit(units:bodies:)``).
final class SearchIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: (source: SearchDocument.Source, document: SearchDocument)] = [:]
    private var written: [String: String] = [:]
    private var pending: [String: String]?

    /// The entry of each source: the last build's when its source is equal, else made.
    func documents(of sources: [SearchDocument.Source]) -> [SearchDocument] {
        let known = lock.withLock { documents }
        let made = sources.parallelMap { source -> SearchDocument in
            if let found = known[source.url], found.source == source { return found.document }
            return SearchDocument(source)
        }
        // Equal sources give equal entries, so they are kept whether or not the build succeeds.
        let kept = Dictionary(zip(sources, made).map { ($0.url, ($0, $1)) }, uniquingKeysWith: { _, last in last })
        lock.withLock { documents = kept }
        return made
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
