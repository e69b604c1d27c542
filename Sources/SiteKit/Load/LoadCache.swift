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
    struct Key: Hashable {
        var size: Int
        var modified: Int64
        var inode: UInt64
        var device: UInt64
        /// Where the file is and what its name says (dates, slug, bundle resources).
        var file: ContentFile
        /// The settings the decoder took (the tag limit; a page's reserved slugs).
        var settings: Int
    }

    private let lock = NSLock()
    private var entries: [String: (key: Key, value: Any, diagnostics: [Diagnostic])] = [:]
    private var places: [String: ContentFile] = [:]
    /// The paths of the last ``keep(only:)``.
    private var keptPaths = Set<String>()

    init() {}

    /// The key of `file` now, or nil when it cannot be examined (it is then read, and the
    /// read reports why).
    static func key(of file: ContentFile, settings: Int) -> Key? {
        guard let path = file.filePath, let status = FileStatus.of(path) else { return nil }
        return Key(size: status.size, modified: status.modifiedNanoseconds, inode: status.inode, device: status.device,
                   file: file, settings: settings)
    }

    func decoded<Value>(_ path: String, key: Key, as type: Value.Type) -> (Value?, [Diagnostic])? {
        lock.withLock {
            guard let entry = entries[path], entry.key == key else { return nil }
            return (entry.value as? Value, entry.diagnostics)
        }
    }

    func store<Value>(_ path: String, key: Key, value: Value?, diagnostics: [Diagnostic]) {
        lock.withLock { entries[path] = (key, value as Any, diagnostics) }
    }

    /// What a file's place says of it (``ContentFile``), made once per path and bundle.
    func contentFile(_ path: String, resources: [BundleResource], make: () -> ContentFile) -> ContentFile {
        if let known = lock.withLock({ places[path] }), known.resources == resources { return known }
        let file = make()
        lock.withLock { places[path] = file }
        return file
    }

    /// Forgets the files the site no longer has. A load stores only the files it lists, so
    /// when they are the last load's, nothing is to be forgotten (most saves).
    func keep(only paths: Set<String>) {
        lock.withLock {
            guard paths != keptPaths else { return }
            entries = entries.filter { paths.contains($0.key) }
            places = places.filter { paths.contains($0.key) }
            keptPaths = paths
        }
    }
}
