import Foundation
import Support

/// A response: status, header fields and a body, or a stream for responses that go on
/// (Server-Sent Events) and end the connection when done.
package struct HTTPResponse: Sendable {
    enum Body: Sendable {
        case bytes(Data)
        /// An open file's bytes, sent from its descriptor without reading it whole.
        case file(OpenFile)
        /// Called on the connection's thread after the head is sent, without a Content-Length;
        /// the connection closes when it returns. The writer returns false once the client is gone.
        case stream(@Sendable (_ write: (Data) -> Bool) -> Void)
    }

    var status: HTTPStatus
    var headers = HTTPHeaders()
    var body: Body = .bytes(Data())

    /// A small HTML page saying what happened, for errors and redirects.
    static func page(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.set("Content-Type", MediaTypes.byExtension["html"]!)
        let title = "\(status.code) \(status.reason)"
        let html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(HTMLText.escaped(title))</title></head>\n<body><h1>\(HTMLText.escaped(title))</h1><p>\(HTMLText.escaped(message))</p></body></html>\n"
        return HTTPResponse(status: status, headers: headers, body: .bytes(Data(html.utf8)))
    }

    /// The status line and header fields, with `Date`, `Connection` and, for a body of
    /// bytes or a file, its `Content-Length` (also for HEAD, which then gets no body).
    func head(keepAlive: Bool, now: Date = Date()) -> Data {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for field in headers where !["content-length", "connection", "date"].contains(field.name.lowercased()) {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "Date: \(HTTPDate.format(now.timeIntervalSince1970))\r\n"
        if let length = contentLength, status.allowsBody {
            text += "Content-Length: \(length)\r\n"
        }
        text += "Connection: \(keepAlive && !isStream ? "keep-alive" : "close")\r\n\r\n"
        return Data(text.utf8)
    }

    private var contentLength: Int? {
        switch body {
        case .bytes(let data): return data.count
        case .file(let file): return file.size
        case .stream: return nil
        }
    }

    var isStream: Bool {
        if case .stream = body { return true }
        return false
    }
}

/// HTTP's date format (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, always in English and GMT.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ secondsSince1970: Double) -> String {
        var time = time_t(secondsSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
