import Foundation

/// Builds the site's links. Links are root-relative to the base URL's path, so a site
/// published under `https://example.com/blog/` links to `/blog/posts/x/`.
public struct SiteURLs: Sendable, Equatable {
    public let baseURL: String
    /// `/` or `/blog/`.
    public let basePath: String

    public init(baseURL: String) {
        self.baseURL = baseURL
        if let schemeEnd = baseURL.range(of: "://"),
           let slash = baseURL[schemeEnd.upperBound...].firstIndex(of: "/") {
            basePath = String(baseURL[slash...])
        } else {
            basePath = "/"
        }
    }

    /// `urlPath` is site-relative with a leading slash (`/posts/x/`), as the models give it.
    public func link(urlPath: String) -> String { basePath + urlPath.dropFirst() }

    /// The full URL, for permalinks: `https://example.com/blog/posts/x/`.
    public func absolute(urlPath: String) -> String { baseURL + urlPath.dropFirst() }

    /// `https://example.com`: the base URL without its path.
    var origin: String { String(baseURL.dropLast(basePath.count)) }

    /// Rendered HTML with its root-relative `href` and `src` values made absolute and its
    /// `#fragment` links pointed at `pageURL`, for feeds, which readers show out of place.
    func absolutizingLinks(in html: String, pageURL: String) -> String {
        let origin = Array(self.origin.utf8), page = Array(pageURL.utf8)
        var html = html
        return html.withUTF8 { html in
            var result: [UInt8] = []
            result.reserveCapacity(html.count + 512)
            var runStart = 0
            for index in html.indices where html[index] == UInt8(ascii: "\"") && index + 1 < html.count {
                // A value starts after ` href="` or ` src="`.
                let value = index + 1
                let isHref = value >= 7 && UnsafeBufferPointer(rebasing: html[(value - 7)..<value]).elementsEqual(" href=\"".utf8)
                guard isHref || (value >= 6 && UnsafeBufferPointer(rebasing: html[(value - 6)..<value]).elementsEqual(" src=\"".utf8)) else { continue }
                let insertion: [UInt8]
                if html[value] == UInt8(ascii: "/") && (value + 1 == html.count || html[value + 1] != UInt8(ascii: "/")) {
                    insertion = origin
                } else if html[value] == UInt8(ascii: "#") {
                    insertion = page
                } else {
                    continue
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart..<value]))
                result += insertion
                runStart = value
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart...]))
            return String(decoding: result, as: UTF8.self)
        }
    }
}
