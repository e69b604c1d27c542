import Foundation

/// What changed in the folders a build reads, as a preview server's folder watcher saw it:
/// some files by their full paths, or anything at all. A rebuild told of the files lists,
/// stats and reads only those again; one told `unknown` walks every folder, as a first
/// build does. Naming a file that did not change is harmless (it is looked at again);
/// leaving out one that did is not, so whoever cannot tell says `unknown`.
package enum SourceChanges: Sendable, Hashable {
    /// Anything may have changed (the first build, an overflow of events, a folder made,
    /// moved or deleted, more files than ``maximumFiles``).
    case unknown
    /// These files, by full path, were created, written, deleted or renamed (both names).
    case files(Set<String>)

    package static let none = SourceChanges.files([])

    /// More changed files than this are a storm (a `git checkout`, a folder of files
    /// copied in): walking everything once is then cheaper, and simpler, than patching.
    package static let maximumFiles = 256

    /// The files of `paths`, or `unknown` when they are too many.
    package init(files paths: Set<String>) {
        self = paths.count > Self.maximumFiles ? .unknown : .files(paths)
    }

    package mutating func formUnion(_ other: SourceChanges) {
        guard case .files(let mine) = self, case .files(let theirs) = other else {
            self = .unknown
            return
        }
        self = SourceChanges(files: mine.union(theirs))
    }

    /// Whether `path` may have changed.
    package func includes(_ path: String) -> Bool {
        guard case .files(let paths) = self else { return true }
        return paths.contains(path)
    }

    /// The changed files below `folder`, as paths relative to it (`2017/a.md`); nil when
    /// that is unknown, or when the folder itself is among the changes.
    package func relativePaths(below folder: String) -> [String]? {
        guard case .files(let paths) = self, !paths.contains(folder) else { return nil }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return paths.filter { $0.hasPrefix(prefix) && $0.utf8.count > prefix.utf8.count }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// Whether every changed file is below one of `folders` (nothing changed counts as yes).
    package func areAll(below folders: [String]) -> Bool {
        guard case .files(let paths) = self else { return false }
        let prefixes = folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        return paths.allSatisfy { path in prefixes.contains { path.hasPrefix($0) && path.utf8.count > $0.utf8.count } }
    }
}

/// The last listing of each folder a preview server's rebuilds read, kept to be brought up
/// to date from the changed files (``FolderBoundary/files(below:includeHidden:updating:changed:)``)
/// rather than walked again: walking 10,000 posts was a tenth of a one-post rebuild.
package final class FolderListings: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: [String: FolderBoundary.Files] = [:]

    package init() {}

    /// `folder`'s files as they are now, given what changed since the last call.
    package func files(below folder: String, includeHidden: Bool, boundary: FolderBoundary, changes: SourceChanges) -> FolderBoundary.Files {
        let key = (includeHidden ? "+" : "-") + folder
        if let last = lock.withLock({ listings[key] }), let changed = changes.relativePaths(below: folder) {
            if changed.isEmpty { return last }
            if let updated = boundary.files(below: folder, includeHidden: includeHidden, updating: last, changed: changed) {
                lock.withLock { listings[key] = updated }
                return updated
            }
        }
        let listed = boundary.files(below: folder, includeHidden: includeHidden)
        lock.withLock { listings[key] = listed }
        return listed
    }
}
