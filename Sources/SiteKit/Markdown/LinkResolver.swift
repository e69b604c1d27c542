import Foundation
import Support

/// Where a link in a post leads, decided before the post is rendered.
enum LinkTarget: Sendable, Hashable {
    /// Another site, an email address, or anything with a scheme: left as written.
    case external
    /// A page or file of this site: `path` is site-relative with a leading slash
    /// (`/posts/x/`, `/images/a.png`); the query is kept in the href only.
    case site(path: String, query: String, fragment: String?)
    /// `#id` on the page itself.
    case samePage(fragment: String)
    /// A `.md` file that is no published post or page; `reason` says why.
    case missingSource(path: String, reason: String)
}

/// Rewrites the links authors write into URLs of the built site:
/// `[part 1](viper-an-ios-architecture.md#setup)` → `/posts/viper-an-ios-architecture/#setup`,
/// `/series/viper/` → the same path under the base URL's path. The link checker then
/// proves every `.site` target exists.
struct LinkResolver: Sendable, Equatable {
    let urls: SiteURLs
    /// `Content/posts/x.md` → `/posts/x/`, for every published post and page.
    let sourceURLPaths: [String: String]

    /// A did-you-mean for a link to a missing `.md` file, as the link would be written: the
    /// file's name alone when the near one is in the same folder (`hello-world.md` for
    /// `hello-wrld.md`), else its path in the site.
    static func hint(for written: String, source: String, among sources: some Sequence<String>) -> String {
        guard let near = DidYouMean.path(for: source, among: sources) else { return "" }
        func split(_ path: String) -> (folder: Substring, name: Substring) {
            guard let slash = path.lastIndex(of: "/") else { return ("", Substring(path)) }
            return (path[...slash], path[path.index(after: slash)...])
        }
        let suggested = split(near).folder == split(source).folder ? split(written).folder + split(near).name : Substring(near)
        return " (did you mean '\(suggested)'?)"
    }
    /// Source paths of drafts this build leaves out.
    let draftSources: Set<String>
    /// Posts this build holds back until their dates, by source path.
    let scheduledSources: [String: PostDate]

    init(site: Site, urls: SiteURLs) {
        self.urls = urls
        var paths: [String: String] = [:]
        for post in site.posts { paths[post.sourcePath] = post.urlPath }
        for page in site.pages { paths[page.sourcePath] = page.urlPath }
        sourceURLPaths = paths
        draftSources = Set(site.skippedDrafts)
        scheduledSources = Dictionary(site.scheduledPosts.map { ($0.sourcePath, $0.date) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether a resolver made for `other` resolves links of `site` alike: the same source
    /// files at the same URLs, and the same drafts left out.
    static func sameSources(_ site: Site, _ other: Site) -> Bool {
        site.posts.count == other.posts.count && site.pages.count == other.pages.count && site.skippedDrafts == other.skippedDrafts
            && site.scheduledPosts == other.scheduledPosts
            && zip(site.posts, other.posts).allSatisfy { $0.sourcePath == $1.sourcePath && $0.urlPath == $1.urlPath }
            && zip(site.pages, other.pages).allSatisfy { $0.sourcePath == $1.sourcePath && $0.urlPath == $1.urlPath }
    }

    /// What `url`, written in `sourcePath` (published at `pageURLPath`), points at.
    /// `asWritten`: the URL is published as it is (raw HTML), so a `.md` path is a file's
    /// path like any other, not the post it names.
    func target(of url: String, in sourcePath: String, pageURLPath: String, asWritten: Bool = false) -> LinkTarget {
        if url.isEmpty { return .samePage(fragment: "") }
        if url.hasPrefix("//") || SiteURLs.hasScheme(url) { return .external }
        // In ASCII text every Character is one byte (but `\r\n`, which holds none of the bytes
        // looked for), so the searches can run over bytes; Character by Character they were
        // most of a link's cost.
        let ascii = Self.isASCII(url)
        var rest = Substring(url)
        var fragment: String?
        if let hash = ascii ? rest.utf8.firstIndex(of: UInt8(ascii: "#")) : rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query = ""
        if let mark = ascii ? rest.utf8.firstIndex(of: UInt8(ascii: "?")) : rest.firstIndex(of: "?") {
            query = String(rest[mark...])
            rest = rest[..<mark]
        }
        if rest.isEmpty { return query.isEmpty ? .samePage(fragment: fragment ?? "") : .site(path: pageURLPath, query: query, fragment: fragment) }
        let hasPercent = ascii ? rest.utf8.contains(UInt8(ascii: "%")) : rest.contains("%")
        let path = hasPercent ? String(rest).removingPercentEncoding ?? String(rest) : String(rest)
        if path.hasSuffix(".md") && !path.hasPrefix("/") && !asWritten {
            let folder = Self.folder(of: sourcePath)
            guard let source = SiteURLs.normalized(folder + "/" + path) else {
                return .missingSource(path: path, reason: "it leads outside the site")
            }
            if let urlPath = sourceURLPaths[source] { return .site(path: urlPath, query: query, fragment: fragment) }
            if let date = scheduledSources[source] {
                return .missingSource(path: path, reason: "\(source) is scheduled for \(date), which this build leaves out until then (build with --future to include it)")
            }
            if draftSources.contains(source) {
                return .missingSource(path: path, reason: "\(source) is a draft, which this build leaves out (publish it, or build with --drafts)")
            }
            return .missingSource(path: path, reason: "there is no post or page \(source)" + Self.hint(for: path, source: source, among: sourceURLPaths.keys))
        }
        let absolute = path.hasPrefix("/") ? path : pageURLPath + path
        guard let site = SiteURLs.normalized(absolute) else {
            return .missingSource(path: path, reason: "it leads outside the site")
        }
        let trailingSlash = absolute.hasSuffix("/") && site != "" ? "/" : ""
        return .site(path: "/" + site + trailingSlash, query: query, fragment: fragment)
    }

    /// `posts/x.md` → `posts`: the path without its last component (and empty components).
    private static func folder(of sourcePath: String) -> String {
        guard isASCII(sourcePath) else { return sourcePath.split(separator: "/").dropLast().joined(separator: "/") }
        return sourcePath.utf8.split(separator: UInt8(ascii: "/")).dropLast().map { String(Substring($0)) }.joined(separator: "/")
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The href the page gets for a link to `target`, written `url`: site links under the
    /// base URL's path, the rest as written.
    func href(for url: String, target: LinkTarget) -> String {
        switch target {
        case .external, .samePage, .missingSource:
            return url
        case .site(let path, let query, let fragment):
            return urls.link(urlPath: path) + query + (fragment.map { "#" + $0 } ?? "")
        }
    }
}
