import Foundation
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for a response body. The body is sent from the descriptor in
/// chunks (or by `sendfile`), never read whole, so a 1 GB file costs a 64 KiB buffer at
/// most. Its size and time come from the descriptor, so the validators and the length
/// describe the very bytes sent, even when the path is replaced meanwhile (a rebuild
/// renames a new file over it; the old one stays readable until closed).
/// The descriptor closes when the last reference goes.
final class OpenFile: Sendable {
    let fd: Int32
    let size: Int
    let modifiedNanoseconds: Int64
    static let chunkSize = 64 * 1024

    /// Nil unless `path` opens as a regular file: a FIFO put in a page's place must not
    /// block the connection's thread (hence O_NONBLOCK, which regular files ignore).
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        guard let status = FileStatus.of(descriptor: fd), status.kind == .file else {
            _ = close(fd)
            return nil
        }
        self.fd = fd
        size = status.size
        modifiedNanoseconds = status.modifiedNanoseconds
    }

    deinit {
        _ = close(fd)
    }

    var info: StaticFileResolver.FileInfo {
        StaticFileResolver.FileInfo(size: size, modifiedNanoseconds: modifiedNanoseconds)
    }

    /// Calls `body` with the file's first `size` bytes, a chunk at a time, in order, until it
    /// returns false. False when `body` did, or the file ended early (it was truncated
    /// after it was opened) or could not be read.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: min(Self.chunkSize, max(size, 1)))
        var offset = 0
        while offset < size {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, size - offset), off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            guard buffer.withUnsafeBytes({ body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { return false }
            offset += count
        }
        return true
    }

    /// The whole file, for the small ones sent with their head in one write and for pages
    /// rewritten as they are served; callers bound the size.
    func contents() -> Data? {
        var data = Data(capacity: size)
        guard forEachChunk({ data.append(contentsOf: $0); return true }) else { return nil }
        return data
    }
}
