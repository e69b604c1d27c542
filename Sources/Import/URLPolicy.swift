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
    /// Hugo: `/en-gb` when the site's URLs are under its language (`defaultContentLanguageInSubdir`):
    /// the imported site's base URL ends in it, and every URL here is below it.
    var hugoLanguagePrefix = ""

    /// What keeps a document's URL.
    struct Decision: Sendable, Hashable {
        var oldURL: String?
        var newURL: String?
        var slug: String?
        var redirect: String?
        /// Which rule gave `oldURL`, for the report.
        var rule: String?
    }

    static func jekyll(_ config: JekyllConfig) -> URLPolicy {
        var policy = URLPolicy(generator: .jekyll, jekyllConfig: config)
        // `collections: {posts: {permalink: …}}` is the posts' template as written; else the site's style.
        let written = config.postsPermalink ?? config.permalinkStyle
        policy.jekyllPattern = config.postsPermalink ?? Permalinks.jekyllPattern(config.permalinkStyle)
        if let translated = Permalinks.fromJekyll(policy.jekyllPattern) {
            policy.postPattern = translated
        } else {
            policy.patternNote = "permalink '\(written)' has a token sitegen lacks: posts are at \(Permalinks.sitegenDefault), their old URLs redirect"
        }
        policy.refuseUnbuildablePattern(written: written)
        let style = config.permalinkStyle
        policy.pagesEndInSlash = style == "pretty" || (!["date", "ordinal", "weekdate", "none"].contains(style) && style.hasSuffix("/"))
        return policy
    }

    static func hugo(_ config: HugoConfig, posts: [PlannedDocument]) -> URLPolicy {
        var policy = URLPolicy(generator: .hugo, hugoPatterns: config.permalinks, uglyURLs: config.uglyURLs,
                               hugoLanguagePrefix: config.languages.urlPrefix)
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
            // Posts at the top of content/ are the largest "section" `""`: their pattern is `/:slug/`.
            let folder = URLSlugs.hugo(largest)
            policy.postPattern = sections.count > 1 ? "/:section/:slug/" : (folder.isEmpty ? "" : "/" + folder) + "/:slug/"
        }
        if policy.uglyURLs, policy.postPattern.hasSuffix("/") { policy.postPattern = String(policy.postPattern.dropLast()) + ".html" }
        policy.refuseUnbuildablePattern(written: config.permalinks[largest] ?? policy.postPattern)
        return policy
    }

    /// A pattern the build would refuse (`/../:slug/`, `//:slug/`, `/:slug.html/`, a
    /// segment starting with `.`) is never written into `site.yml`: the posts go to
    /// sitegen's default URLs instead, and their old URLs redirect.
    private mutating func refuseUnbuildablePattern(written: String) {
        guard postPattern != Permalinks.sitegenDefault, let problem = SiteRoutes.permalinkProblem(postPattern, key: "posts") else { return }
        patternNote = "permalink '\(written)' cannot be a sitegen permalink (\(problem)): posts are at \(Permalinks.sitegenDefault), their old URLs redirect"
        postPattern = Permalinks.sitegenDefault
    }

    /// Where the post was, where sitegen puts it, and what keeps the old URL.
    func decide(_ facts: PostFacts, frontPermalink: String?) -> Decision {
        var decision = Decision()
        decision.oldURL = oldPostURL(facts, frontPermalink: frontPermalink)
        if generator == .hugo {
            decision.rule = frontPermalink != nil ? "url: in its front matter"
                : hugoPatterns[facts.folders.first ?? ""].map { "permalinks.\(facts.folders.first ?? "") \($0)" } ?? "its path below the content folder"
        }
        decision.newURL = Permalinks.sitegenURL(facts, pattern: postPattern, slug: facts.sitegenSlug)
        guard let old = decision.oldURL, old != decision.newURL else { return decision }
        if facts.frontSlug == nil, let slug = preferredSlug(facts), Slug.isValid(slug),
           Permalinks.sitegenURL(facts, pattern: postPattern, slug: slug) == old {
            decision.slug = slug
            decision.newURL = old
        } else {
            // An old URL the build could not write (`/../a/` of a pattern that led out) is no redirect.
            decision.redirect = SiteRoutes.outputProblem(ofURL: old) == nil ? old : nil
        }
        return decision
    }

    func oldPostURL(_ facts: PostFacts, frontPermalink: String?) -> String? {
        switch generator {
        case .jekyll:
            let offset = facts.date.map { jekyllConfig?.zoneOffset(for: $0) ?? 0 } ?? 0
            return Permalinks.jekyllURL(facts, pattern: frontPermalink.map(Permalinks.jekyllPattern) ?? jekyllPattern, zoneOffset: offset)
                .map(Permalinks.jekyllWrittenURL)
        case .hugo:
            if let url = frontPermalink { return hugoFrontURL(url) }
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
            if let collection = document.collection {
                decision.oldURL = jekyllCollectionURL(document, collection: collection, permalink: frontPermalink, slug: frontSlug)
            } else if let permalink = frontPermalink {
                decision.oldURL = Permalinks.jekyllWrittenURL(jekyllPageURL(document, template: permalink))
            } else {
                let folder = document.isBundle ? document.source.folder.folder : document.source.folder
                let base = "/" + (folder.isEmpty ? "" : folder + "/") + (document.isBundle ? document.source.folder.fileName : document.source.fileName.withoutExtension)
                decision.oldURL = document.isBundle || pagesEndInSlash ? base + "/" : base + ".html"
            }
        case .hugo:
            decision.oldURL = frontPermalink.map(hugoFrontURL) ?? ugly(document.hugoURL ?? "/" + URLSlugs.hugo(frontSlug ?? name) + "/")
            decision.rule = frontPermalink != nil ? "url: in its front matter" : document.isSectionList ? "the list page of its section" : "its path below the content folder"
        }
        var slug = URLSlugs.sitegen(frontSlug: frontSlug, fileSlug: name)
        let reserved = generator == .hugo ? reservedPageSlugs : SitePlan.reservedPageSlugs
        if generator == .hugo, frontSlug == nil, reserved.contains(slug.lowercased()) {
            // `posts/_index.md` where sitegen's posts are at /posts/…: the page moves, its old URL redirects.
            slug += document.isSectionList ? "-list" : "-page"
            decision.slug = slug
        }
        decision.newURL = "/" + slug + "/"
        guard let old = decision.oldURL, old != decision.newURL else { return decision }
        let segments = old.split(separator: "/")
        if frontSlug == nil, segments.count == 1, old.hasSuffix("/"), Slug.isValid(String(segments[0])),
           !reserved.contains(segments[0].lowercased()) {
            decision.slug = String(segments[0])
            decision.newURL = old
        } else {
            // An old URL the build could not write (`/../a/` of a pattern that led out) is no redirect.
            decision.redirect = SiteRoutes.outputProblem(ofURL: old) == nil ? old : nil
        }
        return decision
    }

    /// A Jekyll page's URL from a template (`Page#url`): `:path` (its folder), `:basename`,
    /// `:output_ext` replaced, other text as written, doubled slashes made one.
    private func jekyllPageURL(_ document: PlannedDocument, template: String) -> String {
        let folder = document.source.folder
        let url = template.replacingOccurrences(of: ":path", with: folder.isEmpty ? "" : "/" + folder)
            .replacingOccurrences(of: ":basename", with: document.source.fileName.withoutExtension)
            .replacingOccurrences(of: ":output_ext", with: ".html")
        return Permalinks.expand(url) { ":" + $0 } ?? url
    }

    /// The collection's permalink template for the document (Jekyll's `Collection#url_template`):
    /// its own `permalink`, else `/:collection/:path` with the site style's ending.
    func jekyllCollectionTemplate(_ label: String) -> String {
        if let permalink = jekyllConfig?.collections.first(where: { $0.label == label })?.permalink { return Permalinks.jekyllPattern(permalink) }
        let style = jekyllConfig?.permalinkStyle ?? "date"
        switch style {
        case "pretty": return "/:collection/:path/"
        case "date", "ordinal", "none": return "/:collection/:path:output_ext"
        default: return "/:collection/:path" + (style.hasSuffix("/") ? "/" : style.hasSuffix(":output_ext") ? ":output_ext" : "")
        }
    }

    /// A collection document's URL: `:collection`, `:path` (below `_label/`, without the
    /// extension), `:name`, `:title` and `:slug` (its name, or `slug:`) and `:output_ext`.
    private func jekyllCollectionURL(_ document: PlannedDocument, collection: String, permalink: String?, slug: String?) -> String? {
        // Below `_label/` (which `collections_dir` may put in a folder).
        let parts = document.source.split(separator: "/")
        let start = parts.firstIndex(of: Substring("_" + collection)).map { $0 + 1 } ?? 1
        let below = parts[start...].joined(separator: "/").withoutExtension
        let name = document.source.fileName.withoutExtension
        let slugSource = slug ?? name
        let pattern = permalink.map(Permalinks.jekyllPattern) ?? jekyllCollectionTemplate(collection)
        return Permalinks.expand(pattern) { token -> String? in
            let value: String? = switch token {
            case "collection": collection
            case "path": below
            case "name": URLSlugs.jekyll(name, pretty: false, cased: false)
            case "title": URLSlugs.jekyll(slugSource, pretty: true, cased: true)
            case "slug": URLSlugs.jekyll(slugSource, pretty: false, cased: false)
            case "output_ext": ".html"
            case "categories": ""
            default: nil
            }
            return value.map(Permalinks.jekyllEscaped)
        }.map(Permalinks.jekyllWrittenURL)
    }

    /// Which of Jekyll's rules gave a document its URL, for the report.
    /// `defaultsRule`: the rule of `defaults:` that set `permalink`, when the file sets none.
    func jekyllRule(_ document: PlannedDocument, permalink: String?, defaultsRule: JekyllDefaults.Rule?) -> String {
        let source = defaultsRule.map { "defaults: \($0.scopeText)" } ?? "front matter"
        if let collection = document.collection {
            return "collection \(collection): permalink " + (permalink.map { "\($0) (\(source))" } ?? jekyllCollectionTemplate(collection))
        }
        if let permalink { return "permalink \(permalink) (\(source))" }
        if document.role == .page {
            return document.isBundle ? "page: /:path/ (an index file)" : "page: /:path/:basename" + (pagesEndInSlash ? "/" : ":output_ext")
                + " (permalink style \(jekyllConfig?.permalinkStyle ?? "date"))"
        }
        if jekyllConfig?.postsPermalink != nil { return "permalink \(jekyllPattern) (_config.yml collections: posts: permalink)" }
        return "permalink \(jekyllPattern) (_config.yml permalink: \(jekyllConfig?.permalinkStyle ?? "date"))"
    }

    /// The first URL segments a page may not take: sitegen's lists, and the first folder of
    /// the posts' permalink (`posts` of `/posts/:slug/`).
    var reservedPageSlugs: Set<String> {
        let postsFolder = postPattern.split(separator: "/").first.flatMap { $0.contains(":") ? nil : $0.lowercased() }
        return SitePlan.reservedPageSlugs.subtracting(["posts"]).union(postsFolder.map { [$0] } ?? [])
    }

    /// Hugo's `url:` below the language's folder, where the imported site is. Hugo does not
    /// put the folder before a `url:`, so one outside it is `/../…` from there: the site
    /// cannot answer it, and no redirect is written (the report's old URLs name it).
    private func hugoFrontURL(_ url: String) -> String {
        let path = Self.normalizedURL(url)
        guard !hugoLanguagePrefix.isEmpty else { return path }
        return path.hasPrefix(hugoLanguagePrefix + "/") ? String(path.dropFirst(hugoLanguagePrefix.count)) : "/.." + path
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
