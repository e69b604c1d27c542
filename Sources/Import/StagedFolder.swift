import Foundation
import Support

/// Writes a new site into a hidden staging folder beside its destination and renames it into
/// place at the end; on any error the staging folder is removed and the destination is left
/// as it was (absent or empty).
struct StagedFolder {
    let destination: URL

    /// - Parameters:
    ///   - files: path relative to the new site → bytes.
    ///   - copying: files copied as they are: (where to read, the source path for messages, path in the new site).
    func write(_ files: [(path: String, bytes: [UInt8])], copying: [(URL, String, String)]) throws(DiagnosticsError) {
        let parent = destination.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).sitegen-import-\(getpid())")
        let manager = FileManager.default
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw DiagnosticsError([.error(parent.path, nil, "cannot create a folder here: \(error.localizedDescription)")])
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
        guard errors.isEmpty else {
            try? manager.removeItem(at: staging)
            throw DiagnosticsError(errors)
        }
        // An empty destination folder is replaced; rename(2) needs it gone.
        if manager.fileExists(atPath: destination.path) { rmdir(destination.path) }
        if rename(staging.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: staging)
            throw DiagnosticsError([.error(destination.path, nil, "cannot move the imported site into place: \(reason)")])
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
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
