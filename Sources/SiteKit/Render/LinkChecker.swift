import Foundation
import Support

/// The links of one post or page, resolved, for the link checker.
struct PageLinks: Sendable {
    var sourcePath: String
    /// The page's file in the output (`posts/x/index.html`).
    var outputPath: String
    var links: [ResolvedLink]
}

/// Proves, before the output is replaced, that every link in the content leads somewhere:
/// a generated page or file, or a static file, and for `#fragment`s an element with that
/// id on the page (a heading, or anything the theme gives an id).
struct LinkChecker {
    /// Output paths of the generated files (`posts/x/index.html`).
    let generatedPaths: Set<String>
    /// Static files by output path (`images/a.png`).
    let staticPaths: Set<String>
    /// The ids of the generated pages that fragments point into (``fragmentTargets(of:)``).
    let ids: [String: Set<String>]
    /// `links:` in site.yml: paths of a bigger site that are not checked, and whether a
    /// broken link is an error or a warning.
    var settings = SiteConfig.LinkSettings()

    /// Every broken link, in the pages' order.
    func brokenLinks(in pages: [PageLinks]) -> [Diagnostic] {
        broken(in: pages).map(\.diagnostic)
    }

    /// Every broken link with what it was written as and where it leads, in the pages' order.
    func broken(in pages: [PageLinks]) -> [BrokenLink] {
        var problems: [BrokenLink] = []
        var sitePaths: [String]?
        for page in pages {
            for link in page.links where !isIgnored(link.target) {
                if let message = problem(with: link.target, on: page, &sitePaths) {
                    var sitePath: String?
                    if case .site(let path, _, _) = link.target { sitePath = path }
                    if case .missingSource(let path, _) = link.target { sitePath = path }
                    problems.append(BrokenLink(
                        diagnostic: Diagnostic(settings.brokenIsError ? .error : .warning, file: page.sourcePath, at: link.written.location,
                                               "broken link '\(link.written.url)': \(message)"),
                        url: link.written.url, target: sitePath, fragmentOnly: Self.leadsToAPage(link.target, self)))
                }
            }
        }
        return problems
    }

    /// Whether the link's page or file is there, and only its `#fragment` is missing.
    private static func leadsToAPage(_ target: LinkTarget, _ checker: LinkChecker) -> Bool {
        switch target {
        case .samePage: return true
        case .site(let path, _, _): return candidateFiles(for: path).contains { checker.generatedPaths.contains($0) || checker.staticPaths.contains($0) }
        case .external, .missingSource: return false
        }
    }

    /// A link into the bigger site the blog is part of (`links: { ignore: [/download/] }`).
    private func isIgnored(_ target: LinkTarget) -> Bool {
        guard case .site(let path, _, _) = target else { return false }
        return settings.ignore.contains { prefix in path.hasPrefix(prefix) || path + "/" == prefix }
    }

    /// `sitePaths`: every file's site path, made at the first link to a missing one.
    private func problem(with target: LinkTarget, on page: PageLinks, _ sitePaths: inout [String]?) -> String? {
        switch target {
        case .external:
            return nil
        case .missingSource(_, let reason):
            return reason
        case .samePage(let fragment):
            return missingID(fragment, in: page.outputPath, describedAs: "this page")
        case .site(let path, _, let fragment):
            guard let file = Self.candidateFiles(for: path).first(where: { generatedPaths.contains($0) || staticPaths.contains($0) }) else {
                if sitePaths == nil { sitePaths = (generatedPaths.union(staticPaths)).map(Self.sitePath(ofOutput:)) }
                return "no page or file of the site is at \(path)" + DidYouMean.pathHint(for: path, among: sitePaths ?? [])
            }
            guard let fragment else { return nil }
            return missingID(fragment, in: file, describedAs: path)
        }
    }

    /// The site path a link writes for an output file (`/tags/swift/` for
    /// `tags/swift/index.html`), for a broken link's did-you-mean.
    static func sitePath(ofOutput file: String) -> String {
        file == "index.html" ? "/" : file.hasSuffix("/index.html") ? "/" + file.dropLast("index.html".count) : "/" + file
    }

    /// The output files a site path may be served from: `a/` and `` from `a/index.html`
    /// (and `/` from `index.html`), `a` from `a` itself or, by a server's redirect, `a/index.html`.
    static func candidateFiles(for path: String) -> [String] {
        let relative = String(path.dropFirst())
        return relative.isEmpty || relative.hasSuffix("/") ? [relative + "index.html"] : [relative, relative + "/index.html"]
    }

    /// The output files whose ids the checker needs: those a link's `#fragment` points into.
    static func fragmentTargets(of pages: [PageLinks]) -> Set<String> {
        var targets = Set<String>()
        for page in pages {
            for link in page.links {
                switch link.target {
                case .samePage(let fragment) where !fragment.isEmpty:
                    targets.insert(page.outputPath)
                case .site(let path, _, let fragment?) where !fragment.isEmpty:
                    targets.formUnion(candidateFiles(for: path))
                default:
                    continue
                }
            }
        }
        return targets
    }

    /// Nil when `fragment` is empty (the top of the page), the file is not generated HTML
    /// (static files are published as they are), or an element has that id.
    private func missingID(_ fragment: String, in file: String, describedAs place: String) -> String? {
        guard !fragment.isEmpty, let fileIDs = ids[file], file.hasSuffix(".html") else { return nil }
        let id = fragment.removingPercentEncoding ?? fragment
        guard !fileIDs.contains(id) else { return nil }
        return "\(place) has no heading or element with id '\(id)'" + DidYouMean.hint(for: id, among: fileIDs.sorted())
    }

    /// The places a `#fragment` may lead to on a page: every element's `id` and every
    /// `<a name>` (raw HTML's old anchors, which browsers follow), entities decoded.
    static func ids(in html: String) -> Set<String> {
        RawHTMLLinks.anchors(in: html)
    }
}

/// A link the checker found broken, for ``SiteBuilder/buildInMemory()``.
package struct BrokenLink: Sendable, Hashable {
    /// The error (or warning) a build reports, at the link's `file:line:col`.
    package var diagnostic: Diagnostic
    /// As written.
    package var url: String
    /// The site path it leads to (`/images/a.png`), or the `.md` path it names; nil for `#fragment` alone.
    package var target: String?
    /// The page is there; only the element its `#fragment` names is not.
    package var fragmentOnly: Bool
}
