import Foundation
import Support

/// Brings an existing output folder to exactly the files of a new build, in place, for a
/// preview server: a file whose bytes are unchanged is left alone (its modification time
/// too, so deploys and browsers see what really changed), a changed or new file is written
/// to a temporary file and renamed over the old one (a request never sees half a file),
/// and files the site no longer has are removed with their emptied folders.
public struct OutputSync: Sendable {
    public var output: URL
    /// How messages name the output folder.
    public var displayName: String

    public struct Changes: Sendable {
        /// Output paths written because they are new or their bytes changed, sorted.
        public var written: [String] = []
        /// Output paths removed, sorted.
        public var removed: [String] = []
        public var unchanged = 0
    }

    public init(output: URL, displayName: String) {
        self.output = output
        self.displayName = displayName
    }

    /// Writes `files` and the static files where their bytes differ, and removes every file
    /// that is none of them nor one of `otherGenerated` (files a cached rebuild did not
    /// render again because they did not change).
    func apply(_ files: [RenderedFile], otherGenerated: Set<String> = [], staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) -> Changes {
        let staticByPath = Dictionary(staticFiles.map { ($0.relative, $0) }, uniquingKeysWith: { _, last in last })
        var wanted: [String: () throws -> Data] = [:]
        for file in files where try !OutputWriter.isReplaced(file, by: staticByPath[file.path]) {
            wanted[file.path] = { Data(file.contents.utf8) }
        }
        for file in staticFiles { wanted[file.relative] = { try file.contents() } }
        wanted[OutputWriter.markerName] = { Data() }

        var changes = Changes()
        changes.unchanged = otherGenerated.subtracting(wanted.keys).count
        let root = output.path
        for (path, contents) in wanted.sorted(by: { $0.key < $1.key }) {
            let bytes: Data
            do {
                bytes = try contents()
            } catch {
                throw .error(displayName, nil, "cannot read \(path): \(error.localizedDescription)")
            }
            let target = root + "/" + path
            if FileManager.default.contents(atPath: target) == bytes {
                changes.unchanged += 1
                continue
            }
            try write(bytes, to: path)
            changes.written.append(path)
        }
        for path in DirectoryWalker.files(below: root, includeHidden: true) where wanted[path] == nil && !otherGenerated.contains(path) {
            guard unlink(root + "/" + path) == 0 else {
                throw .error(displayName, nil, "cannot remove \(path): \(String(cString: strerror(errno)))")
            }
            changes.removed.append(path)
        }
        removeEmptyFolders(after: changes.removed)
        return changes
    }

    private func write(_ bytes: Data, to path: String) throws(Diagnostic) {
        let url = output.appendingPathComponent(path)
        do {
            let folder = url.deletingLastPathComponent()
            // A file where a folder must go (or the reverse) was removed from the site.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                try FileManager.default.removeItem(at: url)
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: url, options: .atomic)
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
