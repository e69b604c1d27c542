import Foundation

/// Builds the site's links. Links are root-relative to the base URL's path, so a site
/// published under `https://example.com/blog/` links to `/blog/posts/x/`.
public struct SiteURLs: Sendable {
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
        let html = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(html.count + 512)
        var index = 0
        while index < html.count {
            let byte = html[index]
            result.append(byte)
            index += 1
            // After ` href="` or ` src="`: the value starts at `index`.
            guard byte == UInt8(ascii: "\""), index >= 6 else { continue }
            let isHref = index >= 7 && html[(index - 7)..<index].elementsEqual(" href=\"".utf8)
            guard isHref || html[(index - 6)..<index].elementsEqual(" src=\"".utf8), index < html.count else { continue }
            if html[index] == UInt8(ascii: "/") && (index + 1 == html.count || html[index + 1] != UInt8(ascii: "/")) {
                result += origin
            } else if html[index] == UInt8(ascii: "#") {
                result += page
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
