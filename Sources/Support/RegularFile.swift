import Foundation

/// Reading and copying that only ever open regular files: a FIFO would block the open or
/// the read until some writer came, and a device can be endless or act when opened.
package enum RegularFile {
    /// Why a file could not be read or written, in words for a diagnostic.
    package struct Failure: Error, Sendable, Hashable {
        package var message: String
        /// For a copy: the destination failed (a full disk, a file size limit), not the source.
        package var whileWriting = false

        package init(message: String, whileWriting: Bool = false) {
            self.message = message
            self.whileWriting = whileWriting
        }
    }

    /// What a path that is not a regular file is (`a FIFO`), or nil for a regular file;
    /// follows symbolic links. Nil as well when the path cannot be examined.
    static func otherKind(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kindName(info.st_mode)
    }

    static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a file"
        }
    }

    /// Opens `path` for reading, refusing anything but a regular file before it is opened,
    /// and again after (the path could be replaced in between).
    /// `followingLink: false` refuses a symbolic link in the last place of the path.
    private static func openForReading(_ path: String, followingLink: Bool = true) throws(Failure) -> (descriptor: Int32, size: Int, mode: mode_t) {
        if followingLink, let kind = otherKind(of: path) { throw Failure(message: "not a regular file (\(kind)); only regular files are read") }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            throw Failure(message: !followingLink && errno == ELOOP ? "a symbolic link, which is not followed here" : reason(errno))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = Failure(message: reason(errno))
            close(descriptor)
            throw failure
        }
        if let kind = kindName(info.st_mode) {
            close(descriptor)
            throw Failure(message: "not a regular file (\(kind)); only regular files are read")
        }
        return (descriptor, Int(info.st_size), info.st_mode)
    }

    /// The whole file. `followingLink: false` refuses a symbolic link (where the file can
    /// only be one that sitegen wrote, as in its cache).
    package static func read(_ path: String, followingLink: Bool = true) throws(Failure) -> [UInt8] {
        let (descriptor, size, _) = try openForReading(path, followingLink: followingLink)
        defer { close(descriptor) }
        return try readAll(descriptor, size: size)
    }

    /// The whole file, with the status and mode of what was opened (`fstat`), which a
    /// rewrite compares and keeps.
    package static func readWithStatus(_ path: String) throws(Failure) -> (bytes: [UInt8], status: FileStatus, mode: mode_t) {
        let (descriptor, size, mode) = try openForReading(path)
        defer { close(descriptor) }
        guard let status = FileStatus.of(descriptor: descriptor) else { throw Failure(message: reason(errno)) }
        return (try readAll(descriptor, size: size), status, mode)
    }

    private static func readAll(_ descriptor: Int32, size: Int) throws(Failure) -> [UInt8] {
        // One byte of room past its size tells whether it grew while read; then the rest as it comes.
        let first = max(size, 0) + 1
        var bytes = try read(upTo: first, from: descriptor)
        var full = bytes.count == first
        while full {
            let wanted = max(bytes.count, 4096)
            let more = try read(upTo: wanted, from: descriptor)
            bytes += more
            full = more.count == wanted
        }
        return bytes
    }

    /// Up to `count` bytes, fewer only at the end of the file; read into memory not zeroed
    /// first (the store of a build's search entries is tens of megabytes).
    private static func read(upTo count: Int, from descriptor: Int32) throws(Failure) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + initialized, count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if failure != 0 { throw Failure(message: reason(failure)) }
        return bytes
    }

    /// Copies the regular file `source` to a new file `destination` (replaced if it exists),
    /// with `mode` (less the umask) if it is made. The copy is written through a descriptor no
    /// process started meanwhile inherits: Linux does not execute a file that some process
    /// holds open for writing.
    package static func copy(_ source: String, to destination: String, mode: mode_t = 0o644) throws(Failure) {
        let input = try openForReading(source).descriptor
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard output >= 0 else { throw Failure(message: reason(errno), whileWriting: true) }
        defer { close(output) }
        // In the kernel, page to page (no read into a buffer and write out of it): a build
        // without an old output copies each of a site's photos.
        var sent = 0
        while true {
            let got = sendfile(output, input, nil, 1 << 30)
            if got > 0 { sent += got; continue }
            if got == 0 { return }
            if errno == EINTR { continue }
            // A file system sendfile cannot read from: copied through a buffer below, as
            // nothing was sent yet. A file too large or a full disk is the writer's failure.
            guard sent == 0, errno == EINVAL || errno == ENOSYS else {
                throw Failure(message: reason(errno), whileWriting: errno == EFBIG || errno == ENOSPC || errno == EDQUOT)
            }
            break
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 17, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = Foundation.read(input, buffer.baseAddress, buffer.count)
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(message: reason(errno))
            }
            if got == 0 { return }
            guard writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[0..<got])) else {
                throw Failure(message: reason(errno), whileWriting: true)
            }
        }
    }

    /// Writes every byte, retrying after signals; false with `errno` set on failure
    /// (`EFBIG` under a file size limit, once SIGXFSZ is ignored; `ENOSPC`).
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// `strerror`, with the two reasons authors meet most in short words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }
}
