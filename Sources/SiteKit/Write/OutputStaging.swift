import Foundation
import Support

/// An output being built in its staging folder. Render jobs on every core write their
/// files as soon as they are made, so the pages of a ten-thousand-post site are never all
/// in memory; only ``finish()`` touches the real output folder, and ``discard()`` leaves
/// it as it was.
final class OutputStaging: @unchecked Sendable {
    let writer: OutputWriter
    let folder: URL
    let staticFiles: [OutputWriter.StaticFile]
    private let staticPaths: [String: OutputWriter.StaticFile]
    /// Guards `folders`, `written` and `bytes`.
    private let lock = NSLock()
    private var folders: Set<Substring> = []
    private var written = 0
    private var bytes = 0

    init(writer: OutputWriter, folder: URL, staticFiles: [OutputWriter.StaticFile]) {
        self.writer = writer
        self.folder = folder
        self.staticFiles = staticFiles
        staticPaths = Dictionary(staticFiles.map { ($0.relative, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Writes one generated file; safe to call from any number of threads. A default the
    /// site replaces with a static file (`robots.txt`) is skipped; any other static file at
    /// a generated file's path is an error, and so is a file past the output limit.
    func write(_ file: RenderedFile) throws(Diagnostic) {
        if try OutputWriter.isReplaced(file, by: staticPaths[file.path]) { return }
        let size = file.byteCount
        let total = lock.withLock { () -> Int in
            bytes += size
            return bytes
        }
        if total > writer.byteLimit { throw OutputWriter.overLimit(writer) }
        let root = folder.path
        try makeFolders(for: file.path, in: root)
        let path = root + "/" + file.path
        guard file.withUTF8({ FileWriting.write($0, to: path) }) else {
            throw .error(writer.displayName, nil, "cannot write \(file.path): \(String(cString: strerror(errno)))")
        }
        lock.withLock { written += 1 }
    }

    /// Every parent folder of `path` not made yet, parents first; plain mkdir, as
    /// FileManager's per-call overhead showed for 10,000 post folders. Found by bytes, and
    /// at once when the parent is made already: splitting every path into Characters was
    /// most of placing a site's pictures and their copies.
    private func makeFolders(for path: String, in root: String) throws(Diagnostic) {
        let bytes = path.utf8
        guard let parentEnd = bytes.lastIndex(of: UInt8(ascii: "/")), parentEnd > bytes.startIndex else { return }
        let error: Diagnostic? = lock.withLock {
            guard !folders.contains(path[..<parentEnd]) else { return nil }
            // `/` is ASCII: each index cuts the path where its Characters would.
            for end in bytes[...parentEnd].indices where bytes[end] == UInt8(ascii: "/")
                && end > bytes.startIndex && bytes[bytes.index(before: end)] != UInt8(ascii: "/") {
                let relative = path[..<end]
                guard folders.insert(relative).inserted else { continue }
                if mkdir(root + "/" + relative, 0o755) != 0 && errno != EEXIST {
                    return .error("\(writer.displayName)/\(relative)", nil, "cannot create output folder: \(String(cString: strerror(errno)))")
                }
            }
            return nil
        }
        if let error { throw error }
    }

    /// Puts the static files in and swaps the folder in for the output. A file the old
    /// output holds an unchanged copy of (``StaticCopyRecord``) is linked from there, any
    /// other copied; the record of what the new output holds is saved once it is in place.
    /// Returns the number of files the output holds.
    func finish() throws(Diagnostic) -> Int {
        let root = folder.path
        for file in staticFiles { try makeFolders(for: file.relative, in: root) }
        // Without an old output (a first build, or a CI job that keeps only the cache), nothing to look up.
        let previous = FileStatus.ofLink(writer.output.path)?.kind == .folder
            ? writer.copyRecord.map { StaticCopyRecord.load(from: $0, output: writer.output.path) } : nil
        let folders = LinkFolders(root: root, cacheFiles: staticFiles.lazy.filter(\.isCacheFile).map(\.sourcePath))
        defer { folders.closeAll() }
        let placed: [Result<(String, StaticCopyRecord.Entry)?, PlacementFailure>] = staticFiles.parallelMap { file in
            Result { () throws(PlacementFailure) in try Self.place(file, at: root + "/" + file.relative, previous: previous, folders: folders) }
        }
        var record = StaticCopyRecord(output: writer.output.path)
        for result in placed {
            switch result {
            case .success(let entry?): record.add(entry.1, at: entry.0)
            case .success(nil): continue
            case .failure(let failure): throw .error(writer.displayName, nil, failure.message)
            }
        }
        try writer.swapIn(folder)
        if let url = writer.copyRecord { record.save(to: url) }
        return written + staticFiles.count
    }

    private struct PlacementFailure: Error {
        var message: String
    }

    /// One static file into the staging folder: linked from the old output when the record
    /// vouches for its copy there, or from the image cache (whose files are read-only and
    /// never written once made), else copied. The staging folder's file is always a new one
    /// (a failed link leaves nothing, and a copy never writes into an existing file), and
    /// sitegen never writes into an output file in place (serve's sync replaces a file by
    /// renaming a new one over it), so no write of sitegen's reaches a file the output shares.
    /// Returns the record's entry for it (none for a file built into sitegen or linked from the cache).
    private static func place(_ file: OutputWriter.StaticFile, at target: String, previous: StaticCopyRecord?,
                              folders: LinkFolders) throws(PlacementFailure) -> (String, StaticCopyRecord.Entry)? {
        if file.isCacheFile {
            // Read-only since it was made (ImageCopies makes a cache made before that so), so
            // linked without a look at it: a stat per cache file was a quarter of placing a
            // site's pictures. Not recorded: the next build links it from the cache again.
            if folders.linkFile(file.sourcePath, as: file.relative, target: target) { return nil }
            unlink(target)
        }
        let status = file.builtIn == nil && !file.isCacheFile ? FileStatus.of(file.sourcePath) : nil
        if let status, let old = previous?.unchangedCopy(of: file.sourcePath, sourceStatus: status, at: file.relative) {
            if link(old.path, target) == 0 {
                return (file.relative, .init(source: file.sourcePath, sourceStamp: .init(status), copyStamp: old.stamp))
            }
            unlink(target)
        }
        do throws(RegularFile.Failure) {
            try file.copy(toPath: target)
        } catch {
            throw PlacementFailure(message: error.whileWriting ? "cannot write \(file.relative): \(error.message)"
                                   : "cannot copy static file \(file.displayName): \(error.message)")
        }
        guard let status, let copy = FileStatus.ofLink(target) else { return nil }
        return (file.relative, .init(source: file.sourcePath, sourceStamp: .init(status), copyStamp: .init(copy)))
    }

    /// The staging folder and the folders of the cache files, open while the static files
    /// are placed: a link made from a folder's descriptor and a name to the staging folder's
    /// descriptor and a relative path walks two short paths instead of two long ones. In a
    /// loop on tmpfs, 12,000 links took 57 ms of CPU instead of 80; in a build, where two
    /// threads link into one folder and wait on its lock, the gain is within the noise.
    private struct LinkFolders: Sendable {
        let root: Int32
        /// Each cache file's folder, by path; one for the image cache.
        let sources: [Substring: Int32]

        init(root: String, cacheFiles: some Sequence<String>) {
            self.root = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            var sources: [Substring: Int32] = [:]
            for path in cacheFiles {
                guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), sources[path[..<slash]] == nil else { continue }
                sources[path[..<slash]] = open(String(path[..<slash]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            self.sources = sources
        }

        /// Links `source` as `relative` in the staging folder (whose path is `target`); false
        /// with `errno` set.
        func linkFile(_ source: String, as relative: String, target: String) -> Bool {
            guard root >= 0, let slash = source.utf8.lastIndex(of: UInt8(ascii: "/")),
                  let folder = sources[source[..<slash]], folder >= 0 else {
                return link(source, target) == 0
            }
            let nameStart = source.utf8.distance(from: source.utf8.startIndex, to: slash) + 1
            return source.withCString { linkat(folder, $0 + nameStart, root, relative, 0) } == 0
        }

        func closeAll() {
            for descriptor in [root] + sources.values where descriptor >= 0 { close(descriptor) }
        }
    }

    /// Removes the staging folder: the build failed, and the output stays as it was.
    func discard() {
        InterruptedBuilds.shared.unregister(folder.path)
        try? FileManager.default.removeItem(at: folder)
    }
}

extension OutputWriter {
    static func overLimit(_ writer: OutputWriter) -> Diagnostic {
        .error(writer.displayName, nil,
               "the generated pages and feeds pass the limit of \(writer.byteLimit) bytes; if the site is meant to be this large, raise 'limits: output_bytes' in site.yml")
    }
}

/// Whole-file writes with plain POSIX calls: the fastest way to create many small files.
enum FileWriting {
    /// False with `errno` set on failure: `EFBIG` under a file size limit (sitegen ignores
    /// SIGXFSZ, which would otherwise end the process), `ENOSPC` on a full disk.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return RegularFile.writeAll(fd, UnsafeRawBufferPointer(bytes))
    }
}
