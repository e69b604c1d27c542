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
}
