import Foundation
import Support

/// The write stage: builds the whole output in a temporary folder beside the output
/// folder and swaps it in with renames only when every file was written, so a failed
/// build leaves the previous output exactly as it was.
///
/// It only ever replaces a folder that is empty or carries the marker file it writes,
/// so a mistaken `--output ~` cannot wipe a home folder.
public struct OutputWriter: Sendable {
    /// Written into every output folder sitegen makes.
    public static let markerName = ".sitegen-output"

    public var output: URL
    /// How messages name the output folder (`Output/`).
    public var displayName: String

    public init(output: URL, displayName: String) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
    }

    private var parent: URL { output.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(output.lastPathComponent).sitegen-" }

    /// Fails if the output folder exists, is not empty and was not made by sitegen.
    /// Called before any work, so the refusal comes at once.
    public func checkReplaceable() throws(Diagnostic) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .error(displayName, nil, "output path exists and is not a folder; refusing to replace it")
        }
        if fm.fileExists(atPath: output.appendingPathComponent(Self.markerName).path) { return }
        let entries = (try? fm.contentsOfDirectory(atPath: output.path)) ?? ["?"]
        if !entries.isEmpty {
            throw .error(displayName, nil,
                         "output folder is not empty and was not made by sitegen (it has no \(Self.markerName) file); refusing to replace it: choose another --output or empty it yourself")
        }
    }

    /// A folder copied into the output as it is.
    public struct StaticFolder: Sendable {
        public var url: URL
        /// How messages name it (`Content/static`).
        public var displayName: String

        public init(url: URL, displayName: String) {
            self.url = url
            self.displayName = displayName
        }
    }

    /// Whether a static file at a generated file's path replaces it: yes for a default such
    /// as `robots.txt`; for any other file the clash is an error.
    static func isReplaced(_ file: RenderedFile, by clash: StaticFile?) throws(Diagnostic) -> Bool {
        guard let clash else { return false }
        if file.replaceableByStatic { return true }
        throw .error(clash.displayName, nil, "static file would replace the generated file \(clash.relative); rename or remove it")
    }

    /// Starts a new output: a staging folder beside the output, which receives the
    /// generated files as they are rendered (``OutputStaging/write(_:)``) and the static
    /// files at the end (``OutputStaging/finish()``), then replaces the output.
    func begin(staticFiles: [StaticFile]) throws(Diagnostic) -> OutputStaging {
        if let marker = staticFiles.first(where: { $0.relative == Self.markerName }) {
            throw .error(marker.displayName, nil, "static file would replace sitegen's output marker; rename or remove it")
        }
        try checkReplaceable()
        removeStaleStaging()
        let staging = parent.appendingPathComponent(stagingPrefix + "new-\(getpid())")
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .error(displayName, nil, "cannot create a staging folder beside the output: \(error.localizedDescription)")
        }
        return OutputStaging(writer: self, folder: staging, staticFiles: staticFiles)
    }

    func swapIn(_ staging: URL) throws(Diagnostic) {
        let fm = FileManager.default
        let old = parent.appendingPathComponent(stagingPrefix + "old-\(getpid())")
        let hadOutput = fm.fileExists(atPath: output.path)
        if hadOutput {
            guard rename(output.path, old.path) == 0 else {
                throw .error(displayName, nil, "cannot move the previous output aside: \(String(cString: strerror(errno)))")
            }
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(old.path, output.path) }
            throw .error(displayName, nil, "cannot move the new output into place: \(reason)")
        }
        if hadOutput { try? fm.removeItem(at: old) }
    }

    /// Staging folders left by a build that was killed. A folder is removed only when the
    /// process named in it is gone (a build running beside this one keeps its own) and it
    /// is sitegen's: empty, or holding the marker.
    private func removeStaleStaging() {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        for name in entries where name.hasPrefix(stagingPrefix) {
            guard let pid = name.split(separator: "-").last.flatMap({ pid_t($0) }) else { continue }
            let alive = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
            if alive { continue }
            let url = parent.appendingPathComponent(name)
            let owned = fm.fileExists(atPath: url.appendingPathComponent(Self.markerName).path)
                || ((try? fm.contentsOfDirectory(atPath: url.path))?.isEmpty ?? false)
            if owned || pid == getpid() { try? fm.removeItem(at: url) }
        }
    }

    struct StaticFile: Sendable {
        var source: URL
        var relative: String
        /// `Content/static/css/a.css`, for messages.
        var displayName: String
        /// The bytes of a file built into sitegen, which `source` then does not name (BuiltInStaticFiles.swift).
        var builtIn: [UInt8]? = nil
    }

    /// The files of every folder; a later folder's file replaces an earlier one's.
    static func listFiles(in folders: [StaticFolder]) throws(Diagnostic) -> [StaticFile] {
        var byPath: [String: StaticFile] = [:]
        for folder in folders {
            for file in try listFiles(in: folder.url, displayName: folder.displayName) { byPath[file.relative] = file }
        }
        return byPath.values.sorted { $0.relative < $1.relative }
    }

    static func listFiles(in folder: URL, displayName: String) throws(Diagnostic) -> [StaticFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        var files: [StaticFile] = []
        // Hidden files too: `.well-known/` is published as it is.
        for relative in DirectoryWalker.files(below: folder.path, includeHidden: true) {
            let source = folder.appendingPathComponent(relative)
            var info = stat()
            guard stat(source.path, &info) == 0 else {
                throw .error("\(displayName)/\(relative)", nil, "broken symbolic link in static files")
            }
            // A link to a folder is not followed: its files would be published from outside Content/static.
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw .error("\(displayName)/\(relative)", nil, "symbolic link to a folder in static files; copy the folder instead")
            }
            // The link's target is copied, so Output/ holds no links that lead outside it.
            files.append(StaticFile(source: source.resolvingSymlinksInPath(), relative: relative,
                                    displayName: "\(displayName)/\(relative)"))
        }
        return files
    }

}

/// An output being built in its staging folder. Render jobs on every core write their
/// files as soon as they are made, so the pages of a ten-thousand-post site are never all
/// in memory; only ``finish()`` touches the real output folder, and ``discard()`` leaves
/// it as it was.
final class OutputStaging: @unchecked Sendable {
    let writer: OutputWriter
    let folder: URL
    let staticFiles: [OutputWriter.StaticFile]
    private let staticPaths: [String: OutputWriter.StaticFile]
    /// Guards `folders` and `written`.
    private let lock = NSLock()
    private var folders: Set<Substring> = []
    private var written = 0

    init(writer: OutputWriter, folder: URL, staticFiles: [OutputWriter.StaticFile]) {
        self.writer = writer
        self.folder = folder
        self.staticFiles = staticFiles
        staticPaths = Dictionary(staticFiles.map { ($0.relative, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Writes one generated file; safe to call from any number of threads. A default the
    /// site replaces with a static file (`robots.txt`) is skipped; any other static file at
    /// a generated file's path is an error.
    func write(_ file: RenderedFile) throws(Diagnostic) {
        if try OutputWriter.isReplaced(file, by: staticPaths[file.path]) { return }
        let root = folder.path
        try makeFolders(for: file.path, in: root)
        var contents = file.contents
        let path = root + "/" + file.path
        guard contents.withUTF8({ FileWriting.write($0, to: path) }) else {
            throw .error(writer.displayName, nil, "cannot write \(file.path): \(String(cString: strerror(errno)))")
        }
        lock.withLock { written += 1 }
    }

    /// Every parent folder of `path` not made yet, parents first; plain mkdir, as
    /// FileManager's per-call overhead showed for 10,000 post folders.
    private func makeFolders(for path: String, in root: String) throws(Diagnostic) {
        let components = path.split(separator: "/").dropLast()
        guard !components.isEmpty else { return }
        let error: Diagnostic? = lock.withLock {
            for end in components.indices {
                let relative = path[path.startIndex..<components[end].endIndex]
                guard folders.insert(relative).inserted else { continue }
                if mkdir(root + "/" + relative, 0o755) != 0 && errno != EEXIST {
                    return .error("\(writer.displayName)/\(relative)", nil, "cannot create output folder: \(String(cString: strerror(errno)))")
                }
            }
            return nil
        }
        if let error { throw error }
    }

    /// Copies the static files, marks the folder as sitegen's and swaps it in for the output.
    /// Returns the number of files the output holds.
    func finish() throws(Diagnostic) -> Int {
        let root = folder.path
        for file in staticFiles { try makeFolders(for: file.relative, in: root) }
        let copyErrors: [String?] = staticFiles.parallelMap { file in
            do {
                try file.copy(toPath: root + "/" + file.relative)
                return nil
            } catch {
                return "cannot copy static file \(file.relative): \(error.localizedDescription)"
            }
        }
        if let message = copyErrors.compactMap({ $0 }).first { throw .error(writer.displayName, nil, message) }
        guard FileWriting.write(UnsafeBufferPointer(start: nil, count: 0), to: root + "/" + OutputWriter.markerName) else {
            throw .error(writer.displayName, nil, "cannot write the output marker: \(String(cString: strerror(errno)))")
        }
        try writer.swapIn(folder)
        return written + staticFiles.count
    }

    /// Removes the staging folder: the build failed, and the output stays as it was.
    func discard() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Whole-file writes with plain POSIX calls: the fastest way to create many small files.
enum FileWriting {
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
