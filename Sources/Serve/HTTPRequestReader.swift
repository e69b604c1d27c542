import Foundation

/// Where a reader's bytes come from: a connection's socket, or bytes in memory for the
/// fuzz target and tests.
protocol ByteSource {
    mutating func read(into buffer: inout [UInt8], upTo count: Int) -> Socket.ReadResult
}

extension Socket: ByteSource {}

/// Reads one request after another from a connection, keeping bytes that arrived early
/// (pipelined requests) for the next call.
struct HTTPRequestReader<Source: ByteSource> {
    struct Limits: Sendable {
        /// The request line and header fields together.
        var headBytes = 16 * 1024
        /// Bodies of GET and HEAD requests are read past; a longer one closes the connection.
        var bodyBytes = 1024 * 1024
        /// From a request's first byte (an empty line before it counts) to the end of its
        /// body: a client trickling a byte at a time within the idle timeout still cannot
        /// hold the connection for long.
        var requestSeconds = 10.0
    }

    enum Event {
        case request(HTTPRequest)
        /// The client closed the connection or was idle too long between requests.
        case closed
        /// Answer with this status, then close.
        case refused(HTTPStatus)
    }

    private var source: Source
    let limits: Limits
    private var buffer: [UInt8] = []
    /// Where the search for the empty line resumes.
    private var scanned = 0

    init(source: Source, limits: Limits = Limits()) {
        self.source = source
        self.limits = limits
    }

    mutating func next() -> Event {
        var deadline: Date?
        while true {
            if !buffer.isEmpty && deadline == nil { deadline = Date().addingTimeInterval(limits.requestSeconds) }
            // Empty lines before a request line are allowed (RFC 9112 §2.2); they count
            // towards the deadline, so a stream of them cannot hold the connection.
            if let first = buffer.firstIndex(where: { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }) {
                if first > 0 {
                    buffer.removeFirst(first)
                    scanned = 0
                }
            } else {
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
                    if let status = skipBody(of: request, deadline: deadline) { return .refused(status) }
                    return .request(request)
                }
            }
            if buffer.count > limits.headBytes { return .refused(tooLarge(buffer.count)) }
            // Only empty lines came: there is no request to answer.
            if let deadline, Date() > deadline { return buffer.isEmpty ? .closed : .refused(.requestTimeout) }
            switch source.read(into: &buffer, upTo: 8192) {
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
    /// refuse the request with if that cannot be done (in time).
    private mutating func skipBody(of request: HTTPRequest, deadline: Date?) -> HTTPStatus? {
        if !request.headers.values("Transfer-Encoding").isEmpty { return .notImplemented }
        let fields = request.headers.values("Content-Length")
        guard !fields.isEmpty else { return nil }
        // One length, or a list of the same one repeated (RFC 9110 §8.6); an empty field is no length.
        let lengths = Set(fields.flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPSpace() })
        guard lengths.count == 1, let text = lengths.first, !text.isEmpty,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .badRequest
        }
        guard let length = Int(text), length <= limits.bodyBytes else { return .contentTooLarge }
        var remaining = length
        while remaining > 0 {
            if buffer.isEmpty {
                if let deadline, Date() > deadline { return .requestTimeout }
                switch source.read(into: &buffer, upTo: min(remaining, 65536)) {
                case .bytes: break
                case .timedOut: return .requestTimeout
                case .endOfStream: return .badRequest
                }
            }
            let taken = min(remaining, buffer.count)
            buffer.removeFirst(taken)
            remaining -= taken
        }
        return nil
    }
}

/// Bytes in memory as a client's stream that ends after them.
struct ByteArraySource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read(into buffer: inout [UInt8], upTo count: Int) -> Socket.ReadResult {
        guard position < bytes.count else { return .endOfStream }
        let end = min(bytes.count, position + count)
        buffer.append(contentsOf: bytes[position..<end])
        defer { position = end }
        return .bytes(end - position)
    }
}

/// The request reader without a socket, for the libFuzzer target under `Fuzz/` and for
/// tests: the requests a client that sent `bytes` and closed would have made, as the
/// server reads them.
enum HTTPRequestBytes {
    enum Outcome: Sendable {
        case request(HTTPRequest)
        /// The server answers this status and closes the connection.
        case refused(HTTPStatus)
        /// The bytes ended, before a request or within one.
        case ended
    }

    /// The first request in `bytes`.
    static func firstRequest(in bytes: [UInt8]) -> Outcome {
        var reader = HTTPRequestReader(source: ByteArraySource(bytes))
        return outcome(reader.next())
    }

    /// Every request in order, then how reading stopped: refused or ended (never more than
    /// the bytes hold, since each request takes at least one byte).
    static func requests(in bytes: [UInt8]) -> [Outcome] {
        var reader = HTTPRequestReader(source: ByteArraySource(bytes))
        var outcomes: [Outcome] = []
        while true {
            let next = outcome(reader.next())
            outcomes.append(next)
            guard case .request = next else { return outcomes }
        }
    }

    private static func outcome(_ event: HTTPRequestReader<ByteArraySource>.Event) -> Outcome {
        switch event {
        case .request(let request): return .request(request)
        case .refused(let status): return .refused(status)
        case .closed: return .ended
        }
    }
}
