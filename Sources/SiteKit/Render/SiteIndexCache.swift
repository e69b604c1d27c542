import Foundation

/// What a rebuild derives from the site's lists of posts and pages alone (the post index,
/// the link resolver), kept while those lists stay the same: most edits change a post's
/// text, not which posts there are or where they are published. Making them hashes every
/// path; finding them unchanged compares paths that share their storage with the last
/// build's.
final class SiteIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var index: (site: Site, index: PostIndex)?
    private var resolver: (site: Site, urls: SiteURLs, resolver: LinkResolver)?
    private var sets: [SetKind: (list: [String], set: Set<String>)] = [:]
    private var links: (pages: [(urlPath: String, links: PageLinks)], fragmentTargets: Set<String>)?

    /// The lists of paths the render stage hands on as sets.
    enum SetKind {
        case outputPaths
        case bodyFiles
    }

    func postIndex(of site: Site) -> PostIndex {
        if let known = lock.withLock({ index }), PostIndex.sameShape(site, known.site) { return known.index }
        let made = PostIndex(site)
        lock.withLock { index = (site, made) }
        return made
    }

    func linkResolver(of site: Site, urls: SiteURLs) -> LinkResolver {
        if let known = lock.withLock({ resolver }), known.urls == urls, LinkResolver.sameSources(site, known.site) { return known.resolver }
        let made = LinkResolver(site: site, urls: urls)
        lock.withLock { resolver = (site, urls, made) }
        return made
    }

    typealias LinkSource = (sourcePath: String, urlPath: String, links: [ResolvedLink])

    /// The links of each post and page for the link checker, and the pages their fragments
    /// point into. A page whose file, URL and links are the last build's at its place
    /// keeps its entry (a cached body's links share their storage, so they compare at
    /// once); when all do, so do the fragment targets. Making them formats every page's
    /// output path.
    func pageLinks(_ pages: [LinkSource]) -> (links: [PageLinks], fragmentTargets: Set<String>) {
        let last = lock.withLock { links }
        var reused = 0
        let made = pages.enumerated().map { position, page in
            if let last, position < last.pages.count, last.pages[position].urlPath == page.urlPath,
               last.pages[position].links.sourcePath == page.sourcePath, last.pages[position].links.links == page.links {
                reused += 1
                return last.pages[position].links
            }
            return PageLinks(sourcePath: page.sourcePath, outputPath: SiteRoutes.outputPath(page.urlPath), links: page.links)
        }
        let targets = reused == pages.count && last?.pages.count == pages.count ? last?.fragmentTargets : nil
        let result = (made, targets ?? LinkChecker.fragmentTargets(of: made))
        lock.withLock { links = (zip(pages, made).map { ($0.urlPath, $1) }, result.1) }
        return result
    }

    /// Without a cache: every page's links made anew.
    static func pageLinks(_ pages: [LinkSource]) -> (links: [PageLinks], fragmentTargets: Set<String>) {
        let made = pages.map { PageLinks(sourcePath: $0.sourcePath, outputPath: SiteRoutes.outputPath($0.urlPath), links: $0.links) }
        return (made, LinkChecker.fragmentTargets(of: made))
    }

    /// The set of `list`: the last build's own set when the list is the same, which the
    /// cache's commit then finds equal at once, where two sets made apart are compared
    /// element by element, hashing each.
    func set(of list: [String], _ kind: SetKind) -> Set<String> {
        if let known = lock.withLock({ sets[kind] }), known.list == list { return known.set }
        let made = Set(list)
        lock.withLock { sets[kind] = (list, made) }
        return made
    }
}
