import Foundation

/// Answers one request: an extra route when one matches the path, else a file of the
/// root folder, with validators for revalidation and the site's own `404.html`.
public struct StaticFileResponder: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Rewrites every HTML page as it is served (the files are never changed).
    public typealias HTMLTransform = @Sendable (String) -> String

    public let resolver: StaticFileResolver
    public let htmlTransform: HTMLTransform?
    /// Exact paths (`/_events`) answered by their handler for any method, before the files.
    public let routes: [String: Handler]

    public init(resolver: StaticFileResolver, htmlTransform: HTMLTransform? = nil, routes: [String: Handler] = [:]) {
        self.resolver = resolver
        self.htmlTransform = htmlTransform
        self.routes = routes
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if let route = routes[String(request.path)] { return route(request) }
        guard request.method == "GET" || request.method == "HEAD" else {
            var headers = HTTPHeaders()
            headers.add("Allow", "GET, HEAD")
            return .page(.methodNotAllowed, "This server only reads: GET and HEAD.", headers: headers)
        }
        switch resolver.resolve(target: request.target) {
        case .file(let path, let info):
            return fileResponse(path: path, info: info, request: request)
        case .redirect(let location):
            var headers = HTTPHeaders()
            headers.add("Location", location)
            return .page(.movedPermanently, "This folder is at \(location).", headers: headers)
        case .notFound:
            return notFound()
        case .refused:
            return .page(.badRequest, "That path is not allowed.")
        }
    }

    private func fileResponse(path: String, info: StaticFileResolver.FileInfo, request: HTTPRequest) -> HTTPResponse {
        let contentType = MediaTypes.contentType(forPath: path)
        let transform = MediaTypes.isHTML(contentType) ? htmlTransform : nil
        // A transformed page is not the file's bytes: its tag must not match the file's.
        let etag = transform == nil ? info.etag : String(info.etag.dropLast()) + "-t\""
        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        headers.add("Last-Modified", HTTPDate.format(Double(info.modifiedNanoseconds) / 1e9))
        headers.add("Cache-Control", "no-cache")
        if Self.matches(request.headers.values("If-None-Match"), etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        // Read, not mapped: a file truncated while mapped would crash the server (SIGBUS).
        guard var data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            return notFound()
        }
        if let transform { data = Data(transform(String(decoding: data, as: UTF8.self)).utf8) }
        headers.add("Content-Type", contentType)
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(data))
    }

    /// The site's `404.html` when it has one, else a small page.
    private func notFound() -> HTTPResponse {
        guard case .file(let path, _) = resolver.resolve(target: "/404.html"),
              let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            return .page(.notFound, "Nothing here.")
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", MediaTypes.byExtension["html"]!)
        headers.add("Cache-Control", "no-cache")
        let body = htmlTransform.map { Data($0(String(decoding: data, as: UTF8.self)).utf8) } ?? data
        return HTTPResponse(status: .notFound, headers: headers, body: .bytes(body))
    }

    /// `If-None-Match: *` or a list holding the tag (weak comparison, as RFC 9110 asks for GET).
    static func matches(_ fields: [String], _ etag: String) -> Bool {
        let tags = fields.flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPSpace() }
        func opaque(_ tag: String) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag) }
        return tags.contains { $0 == "*" || opaque($0) == opaque(etag) }
    }
}
