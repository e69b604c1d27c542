/// A response's status code and reason phrase.
/// Also an error: the parser refuses a request with the status to answer it with.
struct HTTPStatus: Error, Sendable, Equatable {
    var code: Int
    var reason: String

    init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    static let ok = HTTPStatus(200, "OK")
    static let movedPermanently = HTTPStatus(301, "Moved Permanently")
    static let notModified = HTTPStatus(304, "Not Modified")
    static let badRequest = HTTPStatus(400, "Bad Request")
    static let forbidden = HTTPStatus(403, "Forbidden")
    static let notFound = HTTPStatus(404, "Not Found")
    static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    static let requestTimeout = HTTPStatus(408, "Request Timeout")
    static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    static let uriTooLong = HTTPStatus(414, "URI Too Long")
    static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    static let internalServerError = HTTPStatus(500, "Internal Server Error")
    static let notImplemented = HTTPStatus(501, "Not Implemented")
    static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")

    /// 1xx, 204 and 304 responses never carry a body (nor a Content-Length of one).
    var allowsBody: Bool { code >= 200 && code != 204 && code != 304 }
}
