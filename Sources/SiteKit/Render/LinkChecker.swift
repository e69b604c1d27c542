import Foundation

/// The links of one post or page, resolved, for the link checker.
struct PageLinks: Sendable {
    var sourcePath: String
    /// The page's file in the output (`posts/x/index.html`).
    var outputPath: String
    var links: [ResolvedLink]
}

struct ResolvedLink: Sendable, Hashable {
    var written: WrittenLink
    var target: LinkTarget
}

/// Proves, before anything is written, that every link in the content leads somewhere:
/// a generated page or file, or a static file, and for `#fragment`s an element with
/// that id on the page (a heading, or anything the theme gives an id).
struct LinkChecker {
    /// Generated files by output path (`posts/x/index.html`).
    let files: [String: String]
    /// Static files by output path (`images/a.png`).
    let staticPaths: Set<String>
    private var idsByFile: [String: Set<String>] = [:]

    init(files: [RenderedFile], staticPaths: Set<String>) {
        self.files = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        self.staticPaths = staticPaths
    }

    /// Every broken link, in the pages' order.
    mutating func brokenLinks(in pages: [PageLinks]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for page in pages {
            for link in page.links {
                if let message = problem(with: link.target, on: page) {
                    problems.append(.error(page.sourcePath, link.written.location,
                                           "broken link '\(link.written.url)': \(message)"))
                }
            }
        }
        return problems
    }

    private mutating func problem(with target: LinkTarget, on page: PageLinks) -> String? {
        switch target {
        case .external:
            return nil
        case .missingSource(_, let reason):
            return reason
        case .samePage(let fragment):
            return missingID(fragment, in: page.outputPath, describedAs: "this page")
        case .site(let path, _, let fragment):
            guard let file = outputFile(for: path) else {
                return "no page or file of the site is at \(path)"
            }
            guard let fragment else { return nil }
            return missingID(fragment, in: file, describedAs: path)
        }
    }

    /// The output file a site path is served from, if the site has one.
    func outputFile(for path: String) -> String? {
        let relative = String(path.dropFirst())
        let candidates = relative.isEmpty || relative.hasSuffix("/") ? [relative + "index.html"] : [relative, relative + "/index.html"]
        return candidates.first { files[$0] != nil || staticPaths.contains($0) }
    }

    /// Nil when `fragment` is empty (the top of the page), the file is not generated HTML
    /// (static files are published as they are), or an element has that id.
    private mutating func missingID(_ fragment: String, in file: String, describedAs place: String) -> String? {
        guard !fragment.isEmpty, let html = files[file], file.hasSuffix(".html") else { return nil }
        let ids = idsByFile[file] ?? Self.ids(in: html)
        idsByFile[file] = ids
        let id = fragment.removingPercentEncoding ?? fragment
        guard !ids.contains(id) else { return nil }
        return "\(place) has no heading or element with id '\(id)'" + DidYouMean.hint(for: id, among: ids.sorted())
    }

    /// The values of every `id="…"` attribute, with the entities our escaping writes decoded.
    static func ids(in html: String) -> Set<String> {
        var ids = Set<String>()
        var rest = Substring(html)
        while let start = rest.range(of: " id=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            ids.insert(HTMLText.decodingEntities(String(rest[..<end])))
            rest = rest[end...]
        }
        return ids
    }
}
