import Foundation
import Support

/// Writes a new site into a hidden staging folder beside its destination and renames it into
/// place at the end; on any error the staging folder is removed and the destination is left
/// as it was (absent or empty).
///
/// The staging folder, `.NAME.sitegen-import-PID`, holds the marker file first and the new
/// site in `site/`, which is what is renamed; an import killed at any point (`kill -9`)
/// leaves a marked folder, which the next import beside the same destination removes once
/// that process is gone (``StaleFolders``, as builds do with theirs).
struct StagedFolder {
    let destination: URL

    static let markerName = ".sitegen-import"

    var parent: URL { destination.deletingLastPathComponent() }
    var stagingPrefix: String { ".\(destination.lastPathComponent).sitegen-import-" }

    /// Removes the staging folders imports into this destination left when they were killed.
    func removeStale() {
        for folder in StaleFolders.find(in: parent, prefix: stagingPrefix, marker: Self.markerName) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// - Parameters:
    ///   - files: path relative to the new site → bytes.
    ///   - copying: files copied as they are: (where to read, the source path for messages, path in the new site).
    func write(_ files: [(path: String, bytes: [UInt8])], copying: [(URL, String, String)]) throws(DiagnosticsError) {
        let folder = parent.appendingPathComponent(stagingPrefix + "\(getpid())")
        let staging = folder.appendingPathComponent("site")
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        defer { try? manager.removeItem(at: folder) }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            guard mkdir(folder.path, 0o755) == 0 else { throw WriteError(description: String(cString: strerror(errno))) }
            try Self.write([], to: folder.appendingPathComponent(Self.markerName).path)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw DiagnosticsError([.error(parent.path, nil, "cannot create a folder here: \(Self.describe(error))")])
        }
        var errors: [Diagnostic] = []
        var folders = Set<String>()
        func makeFolder(for path: String) throws {
            let folder = path.folder
            guard !folder.isEmpty, folders.insert(folder).inserted else { return }
            try manager.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (path, bytes) in files {
            do {
                try makeFolder(for: path)
                try Self.write(bytes, to: staging.appendingPathComponent(path).path)
            } catch {
                errors.append(.error(path, nil, "cannot write: \(error)"))
            }
        }
        for (url, source, path) in copying {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                let reason = manager.isReadableFile(atPath: url.path) ? error.localizedDescription : "permission denied"
                errors.append(.error(source, nil, "cannot read file: \(reason)"))
                continue
            }
            do {
                try makeFolder(for: path)
                try Self.write(Array(data), to: staging.appendingPathComponent(path).path)
            } catch {
                errors.append(.error(path, nil, "cannot write: \(error)"))
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        // An empty destination folder is replaced; rename(2) needs it gone.
        if manager.fileExists(atPath: destination.path) { rmdir(destination.path) }
        if rename(staging.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            throw DiagnosticsError([.error(destination.path, nil, "cannot move the imported site into place: \(reason)")])
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    private static func describe(_ error: Error) -> String {
        (error as? WriteError)?.description ?? error.localizedDescription
    }

    /// open, write, close: Foundation's `Data.write` also fsyncs every file, which made a
    /// 1,000-post import take seconds on a slow disk. The rename at the end is what makes
    /// the site appear whole; a crash before it leaves only the hidden staging folder.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ RegularFile.writeAll(fd, $0) }) else {
            throw WriteError(description: String(cString: strerror(errno)))
        }
    }
}
