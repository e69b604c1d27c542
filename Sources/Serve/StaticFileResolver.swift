import Foundation
import Support

/// Which files and folders whose names start with `.` `sitegen serve` serves.
package enum ServedDotFiles: Sendable, Equatable {
    /// None but those under a top-level `.well-known/`.
    case wellKnownOnly
    /// All of them (`sitegen serve --serve-dotfiles`).
    case all
}

/// Maps a request path to a file inside the root folder, or refuses it. The path is
/// percent-decoded once, segment by segment; anything that could name a file outside the
/// root (dot segments, encoded or back slashes, NUL, drive letters, links that lead out)
/// is refused before the file system is asked. Dot-files and dot-folders (`.git/config`,
/// `.sitegen-output`, `.env`) are not found, by the path asked for and by the real path
/// links lead to, except under `/.well-known/` (RFC 8615: `security.txt`, ACME challenges),
/// which sites publish; `--serve-dotfiles` serves them all.
struct StaticFileResolver: Sendable {
    typealias DotFiles = ServedDotFiles

    /// A regular file's identity for caching: size and modification time in nanoseconds.
    struct FileInfo: Sendable, Equatable {
        var size: Int
        var modifiedNanoseconds: Int64

        /// A strong validator: it changes whenever the file's size or modification time does.
        var etag: String {
            "\"\(String(size, radix: 16))-\(String(modifiedNanoseconds, radix: 16))\""
        }
    }

    enum Resolution: Sendable, Equatable {
        /// An absolute path whose real location is inside the root.
        case file(path: String, info: FileInfo)
        /// A folder asked for without its trailing slash: where to send the client.
        case redirect(location: String)
        case notFound
        /// A malformed or suspicious path: answered with 400, never looked up.
        case refused
    }

    /// The root folder's real path, without a trailing slash.
    let root: String
    let dotFiles: DotFiles

    init(root: URL, dotFiles: DotFiles = .wellKnownOnly) throws(ServeError) {
        guard let real = Self.realPath(root.path), Self.info(real)?.isFolder == true else {
            throw ServeError("no folder to serve at \(root.path)")
        }
        self.root = real == "/" ? "" : real
        self.dotFiles = dotFiles
    }

    /// A path below the root, as segments, names a dot-file or dot-folder that is not served.
    func isHidden(_ segments: some Collection<some StringProtocol>) -> Bool {
        guard dotFiles == .wellKnownOnly else { return false }
        return segments.enumerated().contains { index, segment in
            segment.hasPrefix(".") && !(index == 0 && segment == ".well-known")
        }
    }

    /// The same for a real path inside the root.
    private func isHidden(real path: String) -> Bool {
        isHidden(path.dropFirst(root.count).split(separator: "/"))
    }

    /// False while the root folder is missing (deleted, or moved away).
    var rootExists: Bool {
        FileStatus.of(root.isEmpty ? "/" : root)?.kind == .folder
    }

    func resolve(target: String) -> Resolution {
        let query = target.firstIndex(of: "?").map { target[$0...] } ?? ""
        let rawPath = target[..<(target.firstIndex(of: "?") ?? target.endIndex)]
        // `//host/x` and `/\x` read as other hosts or absolute paths to some clients.
        guard rawPath.hasPrefix("/"), !rawPath.hasPrefix("//"), !rawPath.contains("\\") else { return .refused }
        var segments = rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let wantsFolder = segments.last?.isEmpty ?? true
        if wantsFolder { segments.removeLast() }
        var relative: [String] = []
        for segment in segments {
            guard let name = Self.decodedSegment(segment) else { return .refused }
            relative.append(name)
        }
        guard !isHidden(relative) else { return .notFound }
        let path = root + "/" + relative.joined(separator: "/")
        guard let real = inside(path), !isHidden(real: real), let info = Self.info(real) else { return .notFound }
        if info.isFolder {
            guard wantsFolder else { return .redirect(location: rawPath + "/" + query) }
            guard let index = inside(real + "/index.html"), let indexInfo = Self.info(index), indexInfo.isFile else { return .notFound }
            return .file(path: index, info: indexInfo.file)
        }
        guard info.isFile, !wantsFolder else { return .notFound }
        return .file(path: real, info: info.file)
    }

    /// One path segment with `%XX` decoded; nil for an empty, `.` or `..` segment, a bad
    /// escape, bytes that are not UTF-8, control characters, `/` or `\` (encoded or not),
    /// or a drive letter (`C:`).
    static func decodedSegment(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.isEmpty, bytes != [0x2E], bytes != [0x2E, 0x2E],
              !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }),
              !(bytes.count >= 2 && bytes[1] == UInt8(ascii: ":") && (bytes[0] | 0x20) >= UInt8(ascii: "a") && (bytes[0] | 0x20) <= UInt8(ascii: "z")),
              let name = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        return name
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The real path (links resolved) when it exists and lies inside the root.
    private func inside(_ path: String) -> String? {
        guard let real = Self.realPath(path), real == root || real.hasPrefix(root + "/") || (root.isEmpty && real.hasPrefix("/")) else {
            return nil
        }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private struct Stat {
        var isFolder: Bool
        var isFile: Bool
        var file: FileInfo
    }

    private static func info(_ path: String) -> Stat? {
        guard let status = FileStatus.of(path) else { return nil }
        return Stat(isFolder: status.kind == .folder, isFile: status.kind == .file,
                    file: FileInfo(size: status.size, modifiedNanoseconds: status.modifiedNanoseconds))
    }
}
