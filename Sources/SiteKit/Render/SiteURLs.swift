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
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let space = rest.firstIndex(of: " ") {
            let after = rest[space...]
            let attributeLength = after.hasPrefix(" href=\"") ? 7 : after.hasPrefix(" src=\"") ? 6 : 0
            guard attributeLength > 0 else {
                result += rest[...space]
                rest = rest[rest.index(after: space)...]
                continue
            }
            let value = rest.index(space, offsetBy: attributeLength)
            result += rest[..<value]
            rest = rest[value...]
            if rest.hasPrefix("/") && !rest.hasPrefix("//") {
                result += origin
            } else if rest.hasPrefix("#") {
                result += pageURL
            }
        }
        result += rest
        return result
    }
}
