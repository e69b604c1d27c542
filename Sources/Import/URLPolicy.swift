import SiteKit

/// The URL each post and page had, the sitegen permalink that keeps most of them, and what a
/// post needs so it keeps its own: an explicit `slug:`, or else its old URL as a redirect.
struct URLPolicy: Sendable {
    var generator: SourceGenerator
    /// sitegen's `permalinks.posts`.
    var postPattern = Permalinks.sitegenDefault
    /// Why `postPattern` could not be the source's pattern, when it could not.
    var patternNote: String?
    var jekyllPattern = ""
    /// Jekyll: pages end in `/` (pretty) or `.html`.
    var pagesEndInSlash = false
    var jekyllConfig: JekyllConfig?
    /// Hugo: section → pattern.
    var hugoPatterns: [String: String] = [:]
    var uglyURLs = false

    /// What keeps a document's URL.
    struct Decision: Sendable, Hashable {
        var oldURL: String?
        var newURL: String?
        var slug: String?
        var redirect: String?
    }

    static func jekyll(_ config: JekyllConfig) -> URLPolicy {
        var policy = URLPolicy(generator: .jekyll, jekyllConfig: config)
        policy.jekyllPattern = Permalinks.jekyllPattern(config.permalinkStyle)
        if let translated = Permalinks.fromJekyll(policy.jekyllPattern) {
            policy.postPattern = translated
        } else {
            policy.patternNote = "permalink '\(config.permalinkStyle)' has a token sitegen lacks: posts are at \(Permalinks.sitegenDefault), their old URLs redirect"
        }
        let style = config.permalinkStyle
        policy.pagesEndInSlash = style == "pretty" || (!["date", "ordinal", "weekdate", "none"].contains(style) && style.hasSuffix("/"))
        return policy
    }

    static func hugo(_ config: HugoConfig, posts: [PlannedDocument]) -> URLPolicy {
        var policy = URLPolicy(generator: .hugo, hugoPatterns: config.permalinks, uglyURLs: config.uglyURLs)
        var sizes: [String: Int] = [:]
        for post in posts { sizes[post.folders.first ?? "", default: 0] += 1 }
        let sections = sizes.keys.sorted()
        guard let largest = sizes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { return policy }
        if let pattern = config.permalinks[largest] {
            if let translated = Permalinks.fromHugo(pattern) {
                policy.postPattern = translated
            } else {
                policy.patternNote = "permalink '\(pattern)' of \(largest) has a token sitegen lacks: posts are at \(Permalinks.sitegenDefault), their old URLs redirect"
            }
        } else {
            policy.postPattern = sections.count > 1 ? "/:section/:slug/" : "/" + URLSlugs.hugo(largest) + "/:slug/"
        }
        if policy.uglyURLs, policy.postPattern.hasSuffix("/") { policy.postPattern = String(policy.postPattern.dropLast()) + ".html" }
        return policy
    }

    /// Where the post was, where sitegen puts it, and what keeps the old URL.
    func decide(_ facts: PostFacts, frontPermalink: String?) -> Decision {
        var decision = Decision()
        decision.oldURL = oldPostURL(facts, frontPermalink: frontPermalink)
        decision.newURL = Permalinks.sitegenURL(facts, pattern: postPattern, slug: facts.sitegenSlug)
        guard let old = decision.oldURL, old != decision.newURL else { return decision }
        if facts.frontSlug == nil, let slug = preferredSlug(facts), Slug.isValid(slug),
           Permalinks.sitegenURL(facts, pattern: postPattern, slug: slug) == old {
            decision.slug = slug
            decision.newURL = old
        } else {
            decision.redirect = old
        }
        return decision
    }

    func oldPostURL(_ facts: PostFacts, frontPermalink: String?) -> String? {
        switch generator {
        case .jekyll:
            let offset = facts.date.map { jekyllConfig?.zoneOffset(for: $0) ?? 0 } ?? 0
            return Permalinks.jekyllURL(facts, pattern: frontPermalink.map(Permalinks.jekyllPattern) ?? jekyllPattern, zoneOffset: offset)
        case .hugo:
            if let url = frontPermalink { return Self.normalizedURL(url) }
            return ugly(Permalinks.hugoURL(facts, pattern: hugoPatterns[facts.folders.first ?? ""]))
        }
    }

    /// The slug that would give the post its old URL under `postPattern`.
    private func preferredSlug(_ facts: PostFacts) -> String? {
        let name = URLSlugs.datePrefix(facts.fileName)?.rest ?? facts.fileName
        switch generator {
        case .jekyll:
            return URLSlugs.jekyll(name, pretty: jekyllPattern.contains(":title"), cased: jekyllPattern.contains(":title"))
        case .hugo:
            guard let pattern = hugoPatterns[facts.folders.first ?? ""] else { return URLSlugs.hugo(facts.fileName) }
            if pattern.contains(":slugorfilename") || pattern.contains(":slugorcontentbasename") { return URLSlugs.hugo(facts.fileName) }
            return facts.title.map(URLSlugs.hugo)
        }
    }

    /// A page's old URL and what keeps it: pages are at `/<slug>/` in sitegen.
    func decidePage(_ document: PlannedDocument, frontSlug: String?, frontPermalink: String?, title: String?) -> Decision {
        var decision = Decision()
        let name = document.destination.fileName.withoutExtension
        switch generator {
        case .jekyll:
            if let permalink = frontPermalink {
                decision.oldURL = Self.normalizedURL(permalink)
            } else {
                let folder = document.isBundle ? document.source.folder.folder : document.source.folder
                let base = "/" + (folder.isEmpty ? "" : folder + "/") + (document.isBundle ? document.source.folder.fileName : document.source.fileName.withoutExtension)
                decision.oldURL = document.isBundle || pagesEndInSlash ? base + "/" : base + ".html"
            }
        case .hugo:
            decision.oldURL = frontPermalink.map(Self.normalizedURL) ?? ugly("/" + URLSlugs.hugo(frontSlug ?? name) + "/")
        }
        let slug = URLSlugs.sitegen(frontSlug: frontSlug, fileSlug: name)
        decision.newURL = "/" + slug + "/"
        guard let old = decision.oldURL, old != decision.newURL else { return decision }
        let segments = old.split(separator: "/")
        if frontSlug == nil, segments.count == 1, old.hasSuffix("/"), Slug.isValid(String(segments[0])),
           !SitePlan.reservedPageSlugs.contains(segments[0].lowercased()) {
            decision.slug = String(segments[0])
            decision.newURL = old
        } else {
            decision.redirect = old
        }
        return decision
    }

    private func ugly(_ url: String?) -> String? {
        guard uglyURLs, let url, url.hasSuffix("/"), url != "/" else { return url }
        return String(url.dropLast()) + ".html"
    }

    /// `about` → `/about/`, `/a/b.html` as it is: a leading `/`, and a trailing one unless
    /// the last segment has an extension.
    static func normalizedURL(_ url: String) -> String {
        var path = url.hasPrefix("/") ? url : "/" + url
        if !path.hasSuffix("/"), !(path.fileName.contains(".")) { path += "/" }
        return path
    }
}
