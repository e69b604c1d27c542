import Foundation

/// Reads one request after another from a connection, keeping bytes that arrived early
/// (pipelined requests) for the next call.
struct HTTPRequestReader {
    struct Limits: Sendable {
        /// The request line and header fields together.
        var headBytes = 16 * 1024
        /// Bodies of GET and HEAD requests are read past; a longer one closes the connection.
        var bodyBytes = 1024 * 1024
        /// From a request's first byte to its empty line: a client trickling a byte at a
        /// time within the idle timeout still cannot hold the connection for long.
        var headSeconds = 10.0
    }

    enum Event {
        case request(HTTPRequest)
        /// The client closed the connection or was idle too long between requests.
        case closed
        /// Answer with this status, then close.
        case refused(HTTPStatus)
    }

    let socket: Socket
    let limits: Limits
    private var buffer: [UInt8] = []
    /// Where the search for the empty line resumes.
    private var scanned = 0

    init(socket: Socket, limits: Limits = Limits()) {
        self.socket = socket
        self.limits = limits
    }

    mutating func next() -> Event {
        var deadline: Date?
        while true {
            // Empty lines before a request line are allowed (RFC 9112 §2.2).
            if let first = buffer.firstIndex(where: { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }), first > 0 {
                buffer.removeFirst(first)
                scanned = 0
            } else if !buffer.isEmpty && buffer.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
                buffer.removeAll()
                scanned = 0
            }
            if let (headEnd, bodyStart) = findHeadEnd() {
                guard headEnd <= limits.headBytes else { return .refused(tooLarge(headEnd)) }
                let head = buffer[..<headEnd]
                buffer.removeFirst(bodyStart)
                scanned = 0
                switch HTTPRequestParser.parse(head: head) {
                case .failure(let status):
                    return .refused(status)
                case .success(let request):
                    if let status = skipBody(of: request) { return .refused(status) }
                    return .request(request)
                }
            }
            if buffer.count > limits.headBytes { return .refused(tooLarge(buffer.count)) }
            if !buffer.isEmpty {
                if deadline == nil { deadline = Date().addingTimeInterval(limits.headSeconds) }
                if let deadline, Date() > deadline { return .refused(.requestTimeout) }
            }
            switch socket.read(into: &buffer, upTo: 8192) {
            case .bytes:
                continue
            case .endOfStream:
                return .closed
            case .timedOut:
                return buffer.isEmpty ? .closed : .refused(.requestTimeout)
            }
        }
    }

    /// A head over the limit: 414 when the request line alone fills it, else 431.
    private func tooLarge(_ headLength: Int) -> HTTPStatus {
        let lineEnd = buffer.prefix(headLength).firstIndex(of: UInt8(ascii: "\n"))
        return lineEnd.map { $0 < limits.headBytes } ?? false ? .headerFieldsTooLarge : .uriTooLong
    }

    /// The end of the head (before the empty line) and the start of what follows it.
    private mutating func findHeadEnd() -> (Int, Int)? {
        let newline = UInt8(ascii: "\n")
        var index = scanned
        while index < buffer.count {
            if buffer[index] == newline {
                // An empty line: LF LF or LF CR LF.
                if index >= 1 && buffer[index - 1] == newline { return (index - 1, index + 1) }
                if index >= 2 && buffer[index - 1] == UInt8(ascii: "\r") && buffer[index - 2] == newline { return (index - 2, index + 1) }
            }
            index += 1
        }
        scanned = max(0, buffer.count - 2)
        return nil
    }

    /// Reads past a body so that the next request starts where it should; the status to
    /// refuse the request with if that cannot be done.
    private mutating func skipBody(of request: HTTPRequest) -> HTTPStatus? {
        if !request.headers.values("Transfer-Encoding").isEmpty { return .notImplemented }
        let lengths = Set(request.headers.values("Content-Length").flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPSpace() })
        guard let text = lengths.first else { return nil }
        guard lengths.count == 1, !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .badRequest
        }
        guard let length = Int(text), length <= limits.bodyBytes else { return .contentTooLarge }
        var remaining = length
        while remaining > 0 {
            if buffer.isEmpty {
                guard case .bytes = socket.read(into: &buffer, upTo: min(remaining, 65536)) else { return .badRequest }
            }
            let taken = min(remaining, buffer.count)
            buffer.removeFirst(taken)
            remaining -= taken
        }
        return nil
    }
}
