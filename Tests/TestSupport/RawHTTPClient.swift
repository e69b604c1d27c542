import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response as read off the wire, header names lowercased.
struct RawHTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A tiny HTTP client over a plain socket, sending request targets exactly as written
/// (URLSession would normalise `/a/../x` before it ever reached the server).
/// Unchecked: each client is used by one thread at a time.
final class RawHTTPClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, timeout: Int = 10) throws {
        #if os(Linux)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Sends `METHOD target HTTP/1.1` with a Host field (none when `host` is nil) and the given extra lines.
    func request(_ method: String = "GET", _ target: String, _ fields: [String] = [], version: String = "HTTP/1.1",
                 host: String? = "127.0.0.1") {
        send("\(method) \(target) \(version)\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + fields.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// Reads one response; its body by Content-Length, none for HEAD and 304, or up to the close.
    func response(toHEAD: Bool = false) throws -> RawHTTPResponse {
        var response = try responseHead()
        let status = response.status, headers = response.headers
        var body = Data()
        if toHEAD || status == 304 || status == 204 {
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            while buffer.count < length { guard fill() else { throw Failure(description: "body ended early") } }
            body = Data(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            while fill() {}
            body = Data(buffer)
            buffer.removeAll()
        }
        response.body = body
        return response
    }

    /// The status line and header fields of the next response, its body left unread.
    func responseHead() throws -> RawHTTPResponse {
        var headEnd: Int?
        while headEnd == nil {
            if let range = findBlankLine() { headEnd = range } else if !fill() { throw Failure(description: "connection ended before a response head: \(String(decoding: buffer, as: UTF8.self))") }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line in \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPResponse(status: status, headers: headers, body: Data())
    }

    /// Reads and drops a body of `length` bytes, keeping none of it (for very large files);
    /// how many bytes came before the connection ended or `length` was reached.
    func discardBody(length: Int) -> Int {
        var received = min(length, buffer.count)
        buffer.removeFirst(received)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while received < length {
            let count = recv(fd, &chunk, min(chunk.count, length - received), 0)
            guard count > 0 else { break }
            received += count
        }
        return received
    }

    /// Everything until the server closes (or the timeout).
    func readToEnd() -> Data {
        while fill() {}
        defer { buffer.removeAll() }
        return Data(buffer)
    }

    /// True when the server closed the connection (rather than sending more).
    func isClosedByServer() -> Bool {
        buffer.isEmpty && !fill()
    }

    /// Reads and drops what comes until the server closes the connection (true) or
    /// `seconds` pass (false); a read timeout is not taken for a close.
    func waitForClose(within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < end {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count > 0 { buffer.append(contentsOf: chunk[..<count]) }
        }
        return false
    }

    /// Goes away as a closed browser tab does: both directions shut, the descriptor kept
    /// until deinit.
    func disconnect() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Sends `bytes` one at a time, `interval` seconds apart, until they are all sent or the
    /// server answered or closed; whether it did.
    func trickle(_ bytes: String, every interval: Double) -> Bool {
        for byte in bytes.utf8 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) > 0 { return true }
            var one = byte
            guard Glibc.send(fd, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return true }
            Thread.sleep(forTimeInterval: interval)
        }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private func findBlankLine() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// One request on a fresh connection.
    static func get(_ port: UInt16, _ target: String, method: String = "GET", _ fields: [String] = []) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: port)
        client.request(method, target, fields + ["Connection: close"])
        return try client.response(toHEAD: method == "HEAD")
    }
}
