import Markdown

/// What a preview server's rebuild compares to decide that a page or feed needs no
/// rendering, without building its template data: version numbers of what it shows.
///
/// Every post's list entry (title, date, summary, tags, series place, params, word count)
/// gets a version that changes when any of that changes; so do its rendered body and the
/// site-wide part of every page (settings, navigation, the theme's words). A page's
/// signature lists the versions of what it shows, in order; equal to the last build's,
/// its file in the output is already right. At 1,000 posts, building every page's data to
/// compare it was most of a one-post edit's render stage.
struct RenderVersions: Sendable {
    /// The site-wide part of every page.
    var global: Int
    /// By post source path: a post's whole list entry, and the part that links to it
    /// (title, URL, date), which is all a series box or the series index shows of it.
    var items: [String: Int]
    var links: [String: Int]
    /// By post or page source path.
    var bodies: [String: Int]

    /// One element of a signature.
    enum Part: Hashable, Sendable {
        case int(Int)
        case text(String)
    }

    func item(_ post: Post) -> [Part] { [.text(post.sourcePath), .int(items[post.sourcePath] ?? -1)] }
    func link(_ post: Post) -> [Part] { [.text(post.sourcePath), .int(links[post.sourcePath] ?? -1)] }
    func body(_ sourcePath: String) -> Part { .int(bodies[sourcePath] ?? -1) }
}

/// The inputs of one post's list entry, compared from build to build.
struct ItemInputs: Equatable {
    var post: Post
    var body: Int
    /// The display names of its tags and categories (the spelling most posts use).
    var tags: [String]
    var categories: [String]
    /// Its series' name, URL, its part number and the number of parts.
    var series: [String]
}

/// What a link to a post shows: title, URL, date.
struct LinkInputs: Equatable {
    var title: String
    var urlPath: String
    var date: PostDate
}

/// What a rendered body is, for its version: equal bodies have equal versions.
struct BodyInputs: Equatable {
    var html: String
    var headings: [HTMLRenderer.Heading]
    var wordCount: Int
    var excerpt: String
    var checkedSwift: String?

    init(_ body: RenderedBody) {
        (html, headings, wordCount, excerpt, checkedSwift) = (body.html, body.headings, body.wordCount, body.excerpt, body.checkedSwift)
    }
}

/// The inputs every page shares: settings, navigation, words.
struct GlobalInputs: Equatable {
    var config: SiteConfig
    var pages: [ContentPage]
    var strings: UIStrings
    var homePages: Int
}

extension SitePages {
    /// The versions of this build's items, bodies and site-wide inputs.
    func versions(_ cache: RenderCache, bodies: [(String, RenderedBody)], index: PostIndex, homePages: Int) -> RenderVersions {
        let tagNames = Dictionary(uniqueKeysWithValues: site.tags.map { ($0.slug, $0.name) })
        let categoryNames = Dictionary(uniqueKeysWithValues: site.categories.map { ($0.slug, $0.name) })
        let bodyVersions = cache.versions(ofBodies: bodies)
        let items = site.posts.map { post -> (String, ItemInputs) in
            var series: [String] = []
            if let place = index.seriesPlaces[post.sourcePath] {
                let entry = site.series[place.series]
                series = [entry.name, entry.urlPath, String(place.part), String(entry.parts.count)]
            }
            return (post.sourcePath, ItemInputs(post: post, body: bodyVersions[post.sourcePath] ?? -1,
                                                tags: post.tags.map { tagNames[Slug.make(from: $0)] ?? $0 },
                                                categories: post.categories.map { categoryNames[Slug.make(from: $0)] ?? $0 },
                                                series: series))
        }
        let links = site.posts.map { ($0.sourcePath, LinkInputs(title: $0.title, urlPath: $0.urlPath, date: $0.date)) }
        let global = GlobalInputs(config: site.config, pages: site.pages, strings: theme.strings, homePages: homePages)
        return cache.versions(items: items, links: links, global: global, bodies: bodyVersions)
    }

    /// What page `index` of a kind, or a feed, shows, as versions; nil for the site files,
    /// which are cheap to make and compared as text.
    func signature(of job: Job, versions: RenderVersions, index: PostIndex, pages: PageSet) -> [RenderVersions.Part]? {
        var parts: [RenderVersions.Part] = [.int(versions.global)]
        func items(_ indexes: some Sequence<Int>) { for i in indexes { parts += versions.item(site.posts[i]) } }
        switch job {
        case .page(let kind, let at):
            parts.append(.text(kind.rawValue + "\u{0}" + pages.urlPath(of: kind, at: at)))
            switch kind {
            case .post:
                let post = site.posts[at]
                parts += versions.item(post) + [versions.body(post.sourcePath)]
                // The series box shows the other parts' titles and links.
                if let place = index.seriesPlaces[post.sourcePath] { for i in index.seriesPosts[place.series] { parts += versions.link(site.posts[i]) } }
            case .page:
                let page = site.pages[at]
                parts.append(versions.body(page.sourcePath))
            case .home:
                let perPage = site.config.postsPerPage
                items(at * perPage..<min(site.posts.count, (at + 1) * perPage))
            case .archive:
                items(site.posts.indices)
            case .notFound:
                items(site.posts.indices.prefix(5))
            case .tags, .categories:
                for term in kind == .tags ? site.tags : site.categories { parts += [.text(term.name), .text(term.urlPath), .int(term.posts.count)] }
            case .tag:
                items(index.tagPosts[at])
            case .category:
                items(index.categoryPosts[at])
            case .seriesIndex:
                // Each series with its parts' titles, links and dates.
                for (number, series) in site.series.enumerated() {
                    parts.append(.text(series.name))
                    for i in index.seriesPosts[number] { parts += versions.link(site.posts[i]) }
                }
            case .series:
                items(index.seriesPosts[at])
            case .redirect:
                return nil
            }
        case .feeds(let source):
            let feeds = FeedBuilder(site: site, urls: SiteURLs(baseURL: site.config.baseURL), postBodies: [], index: index,
                                    strings: theme.strings)
            switch source {
            case .site: parts.append(.text("feed:/"))
            case .tag(let tag): parts.append(.text("feed:" + site.tags[tag].urlPath))
            case .category(let category): parts.append(.text("feed:" + site.categories[category].urlPath))
            case .series(let series): parts.append(.text("feed:" + site.series[series].urlPath))
            }
            for i in feeds.postIndexes(source) {
                parts += versions.item(site.posts[i]) + [versions.body(site.posts[i].sourcePath)]
            }
        case .sitemap, .robots:
            return nil
        }
        return parts
    }
}
