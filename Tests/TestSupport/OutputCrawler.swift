import Foundation
@testable import SiteKit
@testable import Support

/// Follows every link in a built site's output the way a browser would, without the
/// generator's help: each `href` and `src` of every HTML page, and every URL of the
/// feeds and the sitemap, must lead to a file of the output, and each `#fragment`
/// to an element with that id.
struct OutputCrawler {
    let output: URL
    /// The site's base URL: absolute links under it are internal.
    let baseURL: String

    struct BrokenLink: CustomStringConvertible {
        var page: String
        var link: String
        var problem: String
        var description: String { "\(page): \(link): \(problem)" }
    }

    /// Every file of the output, `/`-separated and relative.
    var files: Set<String> { Set(DirectoryWalker.files(below: output.path, includeHidden: false)) }

    func brokenLinks() -> (broken: [BrokenLink], checked: Int) {
        let files = self.files
        var broken: [BrokenLink] = []
        var checked = 0
        var ids: [String: Set<String>] = [:]
        func idsOf(_ file: String) -> Set<String> {
            if let known = ids[file] { return known }
            let html = (try? String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let found = Set(Self.matches(of: #" id="([^"]*)""#, in: html).map(HTMLText.decodingEntities))
            ids[file] = found
            return found
        }
        for page in files.sorted() {
            let text = (try? String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)) ?? ""
            let links: [String]
            if page.hasSuffix(".html") {
                links = Self.matches(of: #" (?:href|src)="([^"]*)""#, in: text).map(HTMLText.decodingEntities)
            } else if page.hasSuffix(".xml") {
                links = Self.matches(of: #"(?:href="|<link>|<loc>|<guid[^>]*>)(https?://[^"<]*)"#, in: text).map(HTMLText.decodingEntities)
            } else if page.hasSuffix(".json") {
                links = Self.matches(of: #""(?:url|feed_url|home_page_url|id)" : "([^"]*)""#, in: text)
            } else {
                continue
            }
            let folder = page.hasSuffix("index.html") || !page.hasSuffix(".html") ? "/" + page.split(separator: "/").dropLast().joined(separator: "/") : "/"
            for link in links {
                guard let (path, fragment) = internalTarget(link, folder: folder.hasSuffix("/") ? folder : folder + "/") else { continue }
                checked += 1
                let relative = String(path.dropFirst())
                let candidates = relative.isEmpty || relative.hasSuffix("/") ? [relative + "index.html"] : [relative, relative + "/index.html"]
                let target = path == "" ? page : candidates.first(where: files.contains)
                guard let target else {
                    broken.append(BrokenLink(page: page, link: link, problem: "no file at \(path)"))
                    continue
                }
                if let fragment, !fragment.isEmpty, target.hasSuffix(".html"), !idsOf(target).contains(fragment) {
                    broken.append(BrokenLink(page: page, link: link, problem: "no id '\(fragment)' in \(target)"))
                }
            }
        }
        return (broken, checked)
    }

    /// The site path (`""` for the page itself) and fragment of an internal link; nil for external ones.
    private func internalTarget(_ link: String, folder: String) -> (String, String?)? {
        var url = link
        if url.hasPrefix(baseURL) {
            url = "/" + url.dropFirst(baseURL.count)
        } else if url.hasPrefix("//") || url.contains("://") || url.hasPrefix("mailto:") {
            return nil
        }
        var fragment: String?
        if let hash = url.firstIndex(of: "#") {
            fragment = String(url[url.index(after: hash)...]).removingPercentEncoding
            url = String(url[..<hash])
        }
        if let query = url.firstIndex(of: "?") { url = String(url[..<query]) }
        if url.isEmpty { return ("", fragment) }
        let absolute = url.hasPrefix("/") ? url : folder + url
        guard let normalized = SiteURLs.normalized(absolute) else { return ("/..", fragment) }
        return ("/" + normalized + (absolute.hasSuffix("/") && !normalized.isEmpty ? "/" : ""), fragment)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
