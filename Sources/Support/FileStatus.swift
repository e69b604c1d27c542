import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` (or `lstat`) says of a path, with the platform differences in one place:
/// Linux's `st_mtim` is Darwin's `st_mtimespec`.
package struct FileStatus: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case file, folder, symbolicLink
        /// A FIFO, socket or device: never read as content (a FIFO would block the read).
        case special
    }

    package var kind: Kind
    package var size: Int
    package var modifiedNanoseconds: Int64
    package var inode: UInt64
    package var device: UInt64
    /// The permission bits (`0o644`).
    package var permissions: UInt32

    /// Follows symbolic links; nil when the path does not exist or cannot be examined.
    package static func of(_ path: String) -> FileStatus? {
        var buffer = stat()
        guard stat(path, &buffer) == 0 else { return nil }
        return FileStatus(buffer)
    }

    /// An open file's status (`fstat`): what was opened, even if the path was replaced since.
    package static func of(descriptor: Int32) -> FileStatus? {
        var buffer = stat()
        guard fstat(descriptor, &buffer) == 0 else { return nil }
        return FileStatus(buffer)
    }

    /// The link itself, not what it points to.
    package static func ofLink(_ path: String) -> FileStatus? {
        var buffer = stat()
        guard lstat(path, &buffer) == 0 else { return nil }
        return FileStatus(buffer)
    }

    private init(_ buffer: stat) {
        #if os(Linux)
        modifiedNanoseconds = Int64(buffer.st_mtim.tv_sec) * 1_000_000_000 + Int64(buffer.st_mtim.tv_nsec)
        #else
        modifiedNanoseconds = Int64(buffer.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(buffer.st_mtimespec.tv_nsec)
        #endif
        switch buffer.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        default: kind = .special
        }
        size = Int(buffer.st_size)
        inode = UInt64(buffer.st_ino)
        device = UInt64(buffer.st_dev)
        permissions = UInt32(buffer.st_mode) & 0o7777
    }
}
