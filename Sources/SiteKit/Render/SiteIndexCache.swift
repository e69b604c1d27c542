import Foundation

/// What a rebuild derives from the site's lists of posts and pages alone (the post index,
/// the link resolver), kept while those lists stay the same: most edits change a post's
/// text, not which posts there are or where they are published. Making them hashes every
/// path; finding them unchanged compares paths that share their storage with the last
/// build's.
final class SiteIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var index: (site: Site, index: PostIndex)?
    private var links: (site: Site, urls: SiteURLs, resolver: LinkResolver)?
    private var sets: [SetKind: (list: [String], set: Set<String>)] = [:]

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
        if let known = lock.withLock({ links }), known.urls == urls, LinkResolver.sameSources(site, known.site) { return known.resolver }
        let made = LinkResolver(site: site, urls: urls)
        lock.withLock { links = (site, urls, made) }
        return made
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
