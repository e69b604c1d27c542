import Foundation

/// Answers one request: an extra route when one matches the path, else a file of the
/// root folder, with validators for revalidation and the site's own `404.html`.
package struct StaticFileResponder: Sendable {
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Rewrites every HTML page as it is served (the files are never changed).
    package typealias HTMLTransform = @Sendable (String) -> String

    let resolver: StaticFileResolver
    let htmlTransform: HTMLTransform?
    /// Exact paths (`/_events`) answered by their handler for any method, before the files.
    let routes: [String: Handler]

    init(resolver: StaticFileResolver, htmlTransform: HTMLTransform? = nil, routes: [String: Handler] = [:]) {
        self.resolver = resolver
        self.htmlTransform = htmlTransform
        self.routes = routes
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if let route = routes[String(request.path)] { return route(request) }
        guard request.method == "GET" || request.method == "HEAD" else {
            var headers = HTTPHeaders()
            headers.add("Allow", "GET, HEAD")
            return .page(.methodNotAllowed, "This server only reads: GET and HEAD.", headers: headers)
        }
        switch resolver.resolve(target: request.target) {
        case .file(let path, _):
            return fileResponse(path: path, request: request)
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

    /// HTML up to this size is rewritten as served; larger pages are sent as they are
    /// (without the hook's script), since rewriting means holding the page in memory.
    static let transformLimit = 8 * 1024 * 1024

    private func fileResponse(path: String, request: HTTPRequest) -> HTTPResponse {
        // Gone since it was resolved (a rebuild removed it), or no longer a regular file.
        guard let file = OpenFile(path: path) else { return notFound() }
        let contentType = MediaTypes.contentType(forPath: path)
        let transform = MediaTypes.isHTML(contentType) && file.size <= Self.transformLimit ? htmlTransform : nil
        // A transformed page is not the file's bytes: its tag must not match the file's.
        let etag = transform == nil ? file.info.etag : String(file.info.etag.dropLast()) + "-t\""
        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        headers.add("Last-Modified", HTTPDate.format(Double(file.modifiedNanoseconds) / 1e9))
        headers.add("Cache-Control", "no-cache")
        if Self.matches(request.headers.values("If-None-Match"), etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", contentType)
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: .ok, headers: headers, body: body(of: file, transform: transform) ?? .file(file))
    }

    /// The page rewritten by `transform`, or nil to send the file as it is.
    private func body(of file: OpenFile, transform: HTMLTransform?) -> HTTPResponse.Body? {
        guard let transform, let data = file.contents() else { return nil }
        return .bytes(Data(transform(String(decoding: data, as: UTF8.self)).utf8))
    }

    /// The site's `404.html` when it has one, else a small page; while the root folder
    /// itself is missing (deleted, about to be written again), a 503 that says so.
    private func notFound() -> HTTPResponse {
        guard resolver.rootExists else {
            var headers = HTTPHeaders()
            headers.add("Retry-After", "1")
            headers.add("Cache-Control", "no-cache")
            var page = HTTPResponse.page(.serviceUnavailable, "The folder this server serves is missing; it may be being written again. Try again in a moment.", headers: headers)
            // The page gets the transform's script too, so that it can reload itself.
            if case .bytes(let data) = page.body, let htmlTransform {
                page.body = .bytes(Data(htmlTransform(String(decoding: data, as: UTF8.self)).utf8))
            }
            return page
        }
        guard case .file(let path, _) = resolver.resolve(target: "/404.html"), let file = OpenFile(path: path) else {
            return .page(.notFound, "Nothing here.")
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", MediaTypes.byExtension["html"]!)
        headers.add("Cache-Control", "no-cache")
        let transform = file.size <= Self.transformLimit ? htmlTransform : nil
        return HTTPResponse(status: .notFound, headers: headers, body: body(of: file, transform: transform) ?? .file(file))
    }

    /// `If-None-Match: *` or a list holding the tag (weak comparison, as RFC 9110 asks for GET).
    static func matches(_ fields: [String], _ etag: String) -> Bool {
        let tags = fields.flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPSpace() }
        func opaque(_ tag: String) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag) }
        return tags.contains { $0 == "*" || opaque($0) == opaque(etag) }
    }
}
