/// A request's head: the request line and the header fields (bodies are read past, never kept).
package struct HTTPRequest: Sendable {
    var method: String
    /// The request target as sent: `/posts/a/?q=1`, still percent-encoded.
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String = "HTTP/1.1"
    var headers = HTTPHeaders()

    /// The target before any `?`.
    var path: Substring {
        target[..<(target.firstIndex(of: "?") ?? target.endIndex)]
    }

    /// What follows the `?`, or nil without one.
    var query: Substring? {
        target.firstIndex(of: "?").map { target[target.index(after: $0)...] }
    }

    /// HTTP/1.1 keeps the connection open unless `Connection: close`; HTTP/1.0 closes it unless `Connection: keep-alive`.
    var wantsKeepAlive: Bool {
        let tokens = headers.tokens("Connection")
        return version == "HTTP/1.0" ? tokens.contains("keep-alive") : !tokens.contains("close")
    }
}

/// Turns a request's head (the bytes before the empty line) into an `HTTPRequest`, or the
/// status to refuse it with.
enum HTTPRequestParser {
    static func parse(head: ArraySlice<UInt8>) -> Result<HTTPRequest, HTTPStatus> {
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .failure(.badRequest) }
        // Bytes that never belong in a head: bare CR, NUL and other controls but tab, DEL.
        for line in lines where line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            return .failure(.badRequest)
        }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.badRequest)
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/") else { return .failure(.badRequest) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .failure(.versionNotSupported) }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            // A line starting with a space would continue the previous field (obsolete line folding).
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  line[..<colon].allSatisfy(isTokenByte) else {
                return .failure(.badRequest)
            }
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingHTTPSpace()
            headers.add(String(decoding: line[..<colon], as: UTF8.self), value)
        }
        return .success(HTTPRequest(method: String(decoding: parts[0], as: UTF8.self),
                                    target: String(decoding: parts[1], as: UTF8.self), version: version, headers: headers))
    }

    /// RFC 9110's `tchar`: the characters of methods and field names.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
