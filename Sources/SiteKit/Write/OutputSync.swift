import Foundation
import Support

/// Brings an existing output folder to exactly the files of a new build, in place, for a
/// preview server: a file whose bytes are unchanged is left alone (its modification time
/// too, so deploys and browsers see what really changed), a changed or new file is written
/// to a temporary file and renamed over the old one (a request never sees half a file),
/// and files the site no longer has are removed with their emptied folders, except the
/// kept ones (`.git`, `keep:`).
public struct OutputSync: Sendable {
    var output: URL
    /// How messages name the output folder.
    var displayName: String
    var kept = KeptPaths()
    /// The most bytes the generated files may hold (`limits: output_bytes`).
    var byteLimit = OutputLimits.outputBytesFloor
    /// A preview server's memory of the static files it copied: one whose source and copy
    /// are both as they were is not read again (a site with large media read every one of
    /// them, twice, on every save).
    var copies: StaticCopies?
    /// A preview server's memory of what its last sync left in the output: the generated
    /// files' sizes (for the size limit, without a `stat` each) and every path (so the
    /// output need not be walked to find what to remove; the preview owns the output).
    var sizes: SyncedOutput?

    public struct Changes: Sendable {
        /// Output paths written because they are new or their bytes changed, sorted.
        public var written: [String] = []
        /// Output paths removed, sorted.
        public var removed: [String] = []
        var unchanged = 0
    }

    init(output: URL, displayName: String) {
        self.output = output
        self.displayName = displayName
    }

    /// Writes `files` and the static files where their bytes differ, and removes every file
    /// that is none of them nor one of `otherGenerated` (files a cached rebuild did not
    /// render again because they did not change).
    func apply(_ files: [RenderedFile], otherGenerated: Set<String> = [], staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) -> Changes {
        let staticByPath = Dictionary(staticFiles.map { ($0.relative, $0) }, uniquingKeysWith: { _, last in last })
        try checkLimit(files, otherGenerated: otherGenerated)
        var wanted: [String: Wanted] = [:]
        for file in files where try !OutputWriter.isReplaced(file, by: staticByPath[file.path]) {
            wanted[file.path] = .bytes(file.utf8)
        }
        for file in staticFiles {
            wanted[file.relative] = file.builtIn.map(Wanted.bytes) ?? (file.isCacheFile ? .cacheFile(file.sourcePath) : .copy(file.sourcePath))
        }
        wanted[OutputWriter.markerName] = .bytes([])

        var changes = Changes()
        changes.unchanged = otherGenerated.subtracting(wanted.keys).count
        let root = output.path
        for (path, contents) in wanted.sorted(by: { $0.key < $1.key }) {
            let target = root + "/" + path
            switch contents {
            case .copy(let source) where copies?.isCopied(source, to: target) == true,
                 .cacheFile(let source) where copies?.holds(cacheFile: source, at: target) == true:
                changes.unchanged += 1
                continue
            default: break
            }
            let bytes: [UInt8]
            do throws(RegularFile.Failure) {
                switch contents {
                case .bytes(let generated): bytes = generated
                case .copy(let source), .cacheFile(let source): bytes = try RegularFile.read(source)
                }
            } catch {
                throw .error(displayName, nil, "cannot read \(path): \(error.message)")
            }
            let unchanged = FileStatus.ofLink(target)?.kind == .file && (try? RegularFile.read(target)) == bytes
            if !unchanged { try write(bytes, to: path) }
            switch contents {
            case .copy(let source): copies?.remember(source, copiedTo: target)
            case .cacheFile(let source): copies?.remember(cacheFile: source, at: target)
            case .bytes: break
            }
            if unchanged {
                changes.unchanged += 1
            } else {
                changes.written.append(path)
            }
        }
        let present = sizes?.paths ?? unkeptFiles()
        var missing: [String] = []
        for path in present where wanted[path] == nil && !otherGenerated.contains(path) {
            guard FileStatus.ofLink(root + "/" + path) != nil else {
                missing.append(path)
                continue
            }
            guard unlink(root + "/" + path) == 0 else {
                throw .error(displayName, nil, "cannot remove \(path): \(String(cString: strerror(errno)))")
            }
            changes.removed.append(path)
        }
        removeEmptyFolders(after: changes.removed)
        copies?.forget(changes.removed + missing, in: root)
        sizes?.remember(wanted: wanted.keys, otherGenerated: otherGenerated, dropped: changes.removed + missing)
        return changes
    }

    /// What goes at a path of the output: bytes the build made or built into sitegen (the
    /// built-in theme's files), or a static file to copy.
    private enum Wanted {
        case bytes([UInt8])
        /// A file on disk, by its path.
        case copy(String)
        /// A file of the image cache, by its path: named by its bytes, and never written
        /// once made.
        case cacheFile(String)
    }

    /// The generated files of the whole site, the unchanged ones as they are in the output.
    private func checkLimit(_ files: [RenderedFile], otherGenerated: Set<String>) throws(Diagnostic) {
        var total = files.reduce(0) { $0 + $1.byteCount }
        let known = sizes?.all ?? [:]
        for path in otherGenerated { total += known[path] ?? FileStatus.ofLink(output.path + "/" + path)?.size ?? 0 }
        guard total <= byteLimit else {
            var writer = OutputWriter(output: output, displayName: displayName)
            writer.byteLimit = byteLimit
            throw OutputWriter.overLimit(writer)
        }
        sizes?.update(written: files, kept: otherGenerated)
    }

    /// The output's files, without walking into the kept ones (a worktree's `.git` is large).
    private func unkeptFiles() -> [String] {
        var files: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [] where !kept.contains(name) {
            if FileStatus.ofLink(output.path + "/" + name)?.kind == .folder {
                files += DirectoryWalker.files(below: output.path + "/" + name, includeHidden: true).map { name + "/" + $0 }
            } else {
                files.append(name)
            }
        }
        return files.filter { !kept.contains($0) }.sorted()
    }

    private func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let url = output.appendingPathComponent(path)
        do {
            let folder = url.deletingLastPathComponent()
            // A file where a folder must go (or the reverse) was removed from the site.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                try FileManager.default.removeItem(at: url)
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw .error(displayName, nil, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The folders that held removed files, deepest first, while they are empty.
    private func removeEmptyFolders(after removed: [String]) {
        var folders = Set<String>()
        for path in removed {
            var components = path.split(separator: "/").dropLast()
            while !components.isEmpty {
                folders.insert(components.joined(separator: "/"))
                components = components.dropLast()
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            _ = rmdir(output.path + "/" + folder)   // fails, harmlessly, while not empty
        }
    }
}

/// Which static files a preview server's output holds as copies, by the identity (size,
/// modification time, inode) of the source and of the copy when it was made or checked.
final class StaticCopies: @unchecked Sendable {
    private let lock = NSLock()
    private var copies: [String: (source: FileStatus, copy: FileStatus)] = [:]

    func isCopied(_ source: String, to target: String) -> Bool {
        guard let now = FileStatus.of(source), let copy = FileStatus.ofLink(target), copy.kind == .file,
              let known = lock.withLock({ copies[target] }) else { return false }
        return known.source == now && known.copy == copy
    }

    func remember(_ source: String, copiedTo target: String) {
        guard let status = FileStatus.of(source), let copy = FileStatus.ofLink(target) else { return }
        lock.withLock { copies[target] = (status, copy) }
    }

    /// The image cache's files copied, by output path. A cache file's bytes never change
    /// (its name is made from them), and the preview owns its output, so the memory alone
    /// says the copy is in place: a `stat` of each side was a twentieth of a one-post edit
    /// of a 10,000-post site, whose every post has a social card.
    private var cacheFiles: [String: String] = [:]

    func holds(cacheFile source: String, at target: String) -> Bool {
        lock.withLock { cacheFiles[target] == source }
    }

    func remember(cacheFile source: String, at target: String) {
        lock.withLock { cacheFiles[target] = source }
    }

    /// The paths (relative to the output folder `root`) a sync removed or found gone: a copy
    /// that comes back must be made again.
    func forget(_ removed: [String], in root: String) {
        guard !removed.isEmpty else { return }
        lock.withLock {
            for path in removed {
                cacheFiles.removeValue(forKey: root + "/" + path)
                copies.removeValue(forKey: root + "/" + path)
            }
        }
    }
}

/// What a preview server's last sync left in its output: the generated files' sizes, and
/// every path (generated and static).
final class SyncedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [String: Int] = [:]
    private var known: Set<String>?
    /// `known`, sorted once per change of it rather than on every save.
    private var sortedKnown: [String]?

    var all: [String: Int] { lock.withLock { sizes } }

    /// Sorted; nil before the first sync, which walks the output instead.
    var paths: [String]? { lock.withLock { sortedKnown } }

    /// After a sync: the output holds `wanted` and `otherGenerated`, and `dropped` (removed,
    /// or found missing) are gone. Updated in place: the union of every path, made and
    /// compared on every save, showed in profiles at 10,000 posts. Whenever the update
    /// cannot be proved to give exactly that union, it is made whole.
    func remember<Wanted: Collection<String>>(wanted: Wanted, otherGenerated: Set<String>, dropped: [String]) {
        lock.withLock {
            let overlap = wanted.count { otherGenerated.contains($0) }
            let expected = wanted.count + otherGenerated.count - overlap
            if var paths = known {
                var changed = false
                for path in dropped where paths.remove(path) != nil { changed = true }
                for path in wanted where paths.insert(path).inserted { changed = true }
                // Every path it had is wanted, other or dropped, and it has every wanted one:
                // with the union's count, it is the union.
                if paths.count == expected {
                    known = paths
                    if changed { sortedKnown = paths.sorted() }
                    return
                }
            }
            let paths = Set(wanted).union(otherGenerated)
            known = paths
            sortedKnown = paths.sorted()
        }
    }

    /// After a sync: the files written, and those kept as they were.
    func update(written files: [RenderedFile], kept: Set<String>) {
        lock.withLock {
            for file in files { sizes[file.path] = file.byteCount }
            // Sizes of files the site no longer has are never looked up, but would pile up:
            // dropped when there are more than the files it now has (most saves add and
            // remove none, and checking every path on each showed in profiles).
            let written = Set(files.map(\.path))
            guard sizes.count > written.count + kept.count - written.count(where: kept.contains) else { return }
            for path in sizes.keys where !kept.contains(path) && !written.contains(path) { sizes[path] = nil }
        }
    }
}
