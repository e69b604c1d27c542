import Foundation
import Support

/// What `sitegen serve`'s rebuilds keep of the load stage: each post and page as decoded,
/// by its file's identity (size, modification time, inode). A post file that did not
/// change since the last rebuild is neither read nor parsed again: at 1,000 posts that was
/// most of a one-post edit's load stage.
///
/// Thread-safe: files are decoded on every core.
final class LoadCache: @unchecked Sendable {
    /// Everything a decoded value depends on besides the file's bytes.
    struct Key {
        var size: Int
        var modified: Int64
        var inode: UInt64
        var device: UInt64
        /// Where the file is and what its name says (dates, slug, bundle resources).
        var file: ContentFile
        /// The settings the decoder took (the tag limit; a page's reserved slugs).
        var settings: Int

        init(_ status: FileStatus, file: ContentFile, settings: Int) {
            (size, modified, inode, device) = (status.size, status.modifiedNanoseconds, status.inode, status.device)
            self.file = file
            self.settings = settings
        }

        /// Whether this key is `file`'s, the file unchanged, with the same settings.
        func matches(file: ContentFile, settings: Int) -> Bool {
            self.settings == settings && self.file == file
        }

        /// Whether this key is `file`'s as it is now, compared without making a key of it.
        func matches(_ status: FileStatus, file: ContentFile, settings: Int) -> Bool {
            (size, modified, inode, device, self.settings) == (status.size, status.modifiedNanoseconds, status.inode, status.device, settings)
                && self.file == file
        }
    }

    /// What one kind of file decoded to, by path.
    final class Shelf<Value: Sendable>: @unchecked Sendable {
        /// A class: a rebuild looks up every file, and copying a key (a ``ContentFile``)
        /// with each lookup showed in profiles.
        final class Entry: Sendable {
            let key: Key
            let value: Value?
            let diagnostics: [Diagnostic]

            init(key: Key, value: Value?, diagnostics: [Diagnostic]) {
                (self.key, self.value, self.diagnostics) = (key, value, diagnostics)
            }
        }

        private let lock = NSLock()
        private var entries: [String: Entry] = [:]

        /// The entries as they are now, to be read from every core without a lock: a
        /// lock per file, contended by the other core, was a third of a rebuild's decoding.
        var snapshot: [String: Entry] { lock.withLock { entries } }

        func store(_ new: [(path: String, entry: Entry)]) {
            guard !new.isEmpty else { return }
            lock.withLock { for (path, entry) in new { entries[path] = entry } }
        }

        fileprivate func keep(only paths: Set<String>) {
            lock.withLock { entries = entries.filter { paths.contains($0.key) } }
        }
    }

    /// The generated files of the last load's site, by the URLs of its pages in the order
    /// of the routes table, with the kept paths first (``OutputFilesCheck/generated(_:settingsFile:memo:)``).
    final class LastOutputFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var last: (urls: [String], files: OutputFiles)?

        func files(for urls: [String]) -> OutputFiles? {
            lock.withLock { last.flatMap { $0.urls == urls ? $0.files : nil } }
        }

        func keep(_ files: OutputFiles, for urls: [String]) {
            lock.withLock { last = (urls, files) }
        }
    }

    /// The settings of the last load, with its diagnostics so far (``SiteLoader/changes``).
    final class LastSettings: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: (config: SiteConfig?, diagnostics: [Diagnostic])?

        var last: (config: SiteConfig?, diagnostics: [Diagnostic])? { lock.withLock { kept } }

        func keep(_ config: SiteConfig?, _ diagnostics: [Diagnostic]) {
            lock.withLock { kept = (config, diagnostics) }
        }
    }

    let outputFiles = LastOutputFiles()
    let settings = LastSettings()
    /// The posts' and pages' folders as last listed.
    let listings = FolderListings()
    let posts = Shelf<Post>()
    let pages = Shelf<ContentPage>()
    private let lock = NSLock()
    private var places: [String: ContentFile] = [:]
    /// The paths of the last ``keep(only:)``, in the order listed.
    private var keptPaths: [String] = []

    init() {}

    /// What a file's place says of it (``ContentFile``), made once per path and bundle.
    func contentFile(_ path: String, resources: [BundleResource], make: () -> ContentFile) -> ContentFile {
        if let known = lock.withLock({ places[path] }), known.resources == resources { return known }
        let file = make()
        lock.withLock { places[path] = file }
        return file
    }

    /// Forgets the files the site no longer has. A load stores only the files it lists, so
    /// when they are the last load's, nothing is to be forgotten (most saves).
    /// Compared as the listing's array: its strings are the cache's own (``contentFile(_:resources:make:)``),
    /// so an unchanged listing compares by identity, where a set would hash every path.
    func keep(only listed: [String]) {
        let paths: Set<String>? = lock.withLock {
            guard listed != keptPaths else { return nil }
            let paths = Set(listed)
            places = places.filter { paths.contains($0.key) }
            keptPaths = listed
            return paths
        }
        guard let paths else { return }
        posts.keep(only: paths)
        pages.keep(only: paths)
    }
}
