import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to set up the server's socket, with the system's reason.
package struct ServeError: Error, CustomStringConvertible, Sendable {
    package var description: String
    /// Another program listens on the address and port (EADDRINUSE): the caller can say
    /// how to pick another port in its own terms.
    package var isAddressInUse = false

    init(_ description: String) {
        self.description = description
    }

    static func system(_ what: String) -> ServeError {
        ServeError("\(what): \(String(cString: strerror(errno)))")
    }
}

/// A POSIX socket's file descriptor and the few calls the server makes on it.
/// A value: whoever opened it closes it, once.
struct Socket: Sendable, Hashable {
    let fd: Int32

    #if os(Linux)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A socket listening on `host:port` (port 0: the system picks a free one), and the port it got.
    static func listening(host: String, port: UInt16, backlog: Int32) throws(ServeError) -> (Socket, port: UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { throw ServeError("cannot use host '\(host)': \(String(cString: gai_strerror(status)))") }
        defer { freeaddrinfo(list) }
        var failure = ServeError("cannot use host '\(host)': no address")
        var next = list
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else {
                failure = .system("cannot open a socket")
                continue
            }
            let socket = Socket(fd: fd)
            socket.closeOnExec()
            // SO_REUSEADDR lets a restarted server bind while its old connections linger in
            // TIME_WAIT; it never shares a port another socket listens on. SO_REUSEPORT
            // would, so it is never set: a port in use must fail here, at once.
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                if errno == EADDRINUSE {
                    failure = ServeError("port \(port) on \(host) is in use by another program")
                    failure.isAddressInUse = true
                } else {
                    failure = .system("cannot listen on \(host):\(port)")
                }
                socket.close()
                continue
            }
            guard listen(fd, backlog) == 0 else {
                failure = .system("cannot listen on \(host):\(port)")
                socket.close()
                continue
            }
            return (socket, socket.localPort() ?? port)
        }
        throw failure
    }

    private func localPort() -> UInt16? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafePointer(to: &address) { pointer -> UInt16? in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6: return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default: return nil
            }
        }
    }

    /// Waits up to `milliseconds` for a connection; nil when none came (or on a passing error).
    func accept(waitingAtMost milliseconds: Int32) -> Socket? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        #if os(Linux)
        let client = Glibc.accept(fd, nil, nil)
        #else
        let client = Darwin.accept(fd, nil, nil)
        #endif
        guard client >= 0 else {
            // Out of descriptors: give the open connections a moment to end.
            if errno == EMFILE || errno == ENFILE { usleep(10_000) }
            return nil
        }
        let socket = Socket(fd: client)
        socket.closeOnExec()
        return socket
    }

    /// Reads and writes on a connection give up after these many seconds, so that idle
    /// clients and clients that stopped reading do not hold a thread forever.
    func setTimeouts(read: Double, write: Double) {
        for (option, seconds) in [(SO_RCVTIMEO, read), (SO_SNDTIMEO, write)] {
            var value = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - seconds.rounded(.down)) * 1_000_000))
            setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
        }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if !os(Linux)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    enum ReadResult {
        case bytes(Int)
        case endOfStream
        case timedOut
    }

    func read(into buffer: inout [UInt8], upTo count: Int) -> ReadResult {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + start, count, 0) }
            if received > 0 {
                buffer.removeLast(count - received)
                return .bytes(received)
            }
            if received < 0 && errno == EINTR { continue }
            buffer.removeLast(count)
            return received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .timedOut : .endOfStream
        }
    }

    /// Sends every byte; false when the peer went away or stopped reading. `more`: a body
    /// follows at once, so the kernel may hold a small head back to share its packet.
    @discardableResult
    func write(_ bytes: some ContiguousBytes, more: Bool = false) -> Bool {
        bytes.withUnsafeBytes { write($0, more: more) }
    }

    private func write(_ raw: UnsafeRawBufferPointer, more: Bool = false) -> Bool {
        #if os(Linux)
        let flags = Self.sendFlags | (more ? Int32(MSG_MORE) : 0)
        #else
        let flags = Self.sendFlags
        #endif
        var offset = 0
        while offset < raw.count {
            let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, flags)
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends the file's `size` bytes: by `sendfile` on Linux (no copy through this
    /// process), else a chunk at a time. False when the peer went away, stopped reading
    /// past the write timeout, or the file was truncated meanwhile (the response then
    /// cannot have its Content-Length, and the connection must close).
    func sendFile(_ file: OpenFile) -> Bool {
        #if os(Linux)
        var offset = off_t(0)
        while offset < file.size {
            let sent = sendfile(fd, file.fd, &offset, min(file.size - Int(offset), 1 << 30))
            if sent > 0 { continue }
            if sent < 0 && errno == EINTR { continue }
            // Some file systems cannot splice: read and send instead.
            if sent < 0 && offset == 0 && (errno == EINVAL || errno == ENOSYS) { break }
            return false
        }
        if offset >= file.size { return true }
        #endif
        return file.forEachChunk { write($0) }
    }

    /// Ends reading (blocked reads return at once) but lets a write in progress finish.
    func shutdownReading() {
        shutdown(fd, Int32(SHUT_RD))
    }

    /// Ends writing after a refusal, then reads and drops what the client already sent
    /// (at most `limit` bytes, for at most about a second) before the caller closes.
    /// Closing with unread bytes in the receive buffer makes the kernel answer with a
    /// reset, which can discard the refusal before the client reads it.
    func finishRefusal(discardingAtMost limit: Int = 1 << 20) {
        shutdown(fd, Int32(SHUT_WR))
        setTimeouts(read: 0.25, write: 0.25)
        let end = Date().addingTimeInterval(1)
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var dropped = 0
        while dropped < limit && Date() < end {
            let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if received < 0 && errno == EINTR { continue }
            guard received > 0 else { return }
            dropped += received
        }
    }

    func close() {
        #if os(Linux)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    private func closeOnExec() {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
}
