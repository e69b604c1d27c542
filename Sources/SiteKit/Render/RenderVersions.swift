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
    /// By index into `site.posts`: a post's whole list entry, and the part that links to it
    /// (title, URL, date), which is all a series box or the series index shows of it.
    /// Version numbers are never given to two paths, so a number names the post too.
    var items: [Int]
    var links: [Int]
    /// By index into `site.posts` and `site.pages`: each rendered body.
    var postBodies: [Int]
    var pageBodies: [Int]

    /// What a page or feed shows: numbers (versions, counts) and a few texts (its URL, the
    /// names of the tags it lists). Equal signatures, equal pages.
    struct Signature: Equatable, Sendable {
        var numbers: [Int] = []
        var texts: [String] = []
    }
}

/// The inputs of one post's list entry, compared from build to build.
struct ItemInputs: Equatable {
    var post: Post
    var body: Int
    /// The display names of its tags and categories (the spelling most posts use).
    var tags: [String]
    var categories: [String]
    var series: SeriesSlot?

    /// Its series' name and URL, its part number and the number of parts.
    struct SeriesSlot: Equatable {
        var name: String
        var urlPath: String
        var part: Int
        var parts: Int
    }
}

/// What a link to a post shows: title, URL, date, and the sitemap's last change.
struct LinkInputs: Equatable {
    var title: String
    var urlPath: String
    var date: PostDate
    var updated: PostDate?

    init(_ post: Post) {
        (title, urlPath, date, updated) = (post.title, post.urlPath, post.date, post.updated)
    }
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
    /// The versions of this build's items, bodies and site-wide inputs, given the bodies'.
    func versions(_ cache: RenderCache, postBodies: [Int], pageBodies: [Int], index: PostIndex, homePages: Int) -> RenderVersions {
        let series = index.seriesPlaceOfPost.map { place in
            place.map { place in
                let entry = site.series[place.series]
                return ItemInputs.SeriesSlot(name: entry.name, urlPath: entry.urlPath, part: place.part, parts: entry.parts.count)
            }
        }
        let taxonomy = [site.tags.map(\.slug), site.tags.map(\.name), site.categories.map(\.slug), site.categories.map(\.name)]
        // Display names by written name: a site has a few dozen tags, its posts thousands of uses.
        var tagNames: [String: String] = [:], categoryNames: [String: String] = [:]
        var tagsBySlug: [String: String]?, categoriesBySlug: [String: String]?
        func display(_ name: String, _ known: inout [String: String], _ terms: [Tag], _ bySlug: inout [String: String]?) -> String {
            if let found = known[name] { return found }
            let slugs = bySlug ?? Dictionary(uniqueKeysWithValues: terms.map { ($0.slug, $0.name) })
            bySlug = slugs
            let found = slugs[Slug.make(from: name)] ?? name
            known[name] = found
            return found
        }
        let global = GlobalInputs(config: site.config, pages: site.pages, strings: theme.strings, homePages: homePages)
        return cache.versions(posts: site.posts, bodies: postBodies, pageBodies: pageBodies, series: series, taxonomy: taxonomy,
                              global: global) { number in
            let post = site.posts[number]
            return ItemInputs(post: post, body: postBodies[number],
                              tags: post.tags.map { display($0, &tagNames, site.tags, &tagsBySlug) },
                              categories: post.categories.map { display($0, &categoryNames, site.categories, &categoriesBySlug) },
                              series: series[number])
        }
    }

    /// What post `at`'s page shows: the post's list entry and body, and the series box's
    /// other parts (titles and links).
    private func postSignature(_ at: Int, versions: RenderVersions, index: PostIndex) -> RenderVersions.Signature {
        var numbers = [versions.global, versions.items[at], versions.postBodies[at]]
        if let place = index.seriesPlaceOfPost[at] { numbers += index.seriesPosts[place.series].map { versions.links[$0] } }
        return RenderVersions.Signature(numbers: numbers, texts: [PageKind.post.rawValue, site.posts[at].urlPath])
    }

    /// What page `index` of a kind, or a feed, shows, as versions; nil for the site files,
    /// which are cheap to make and compared as text.
    func signature(of job: Job, versions: RenderVersions, index: PostIndex, pages: PageSet) -> RenderVersions.Signature? {
        // Most jobs: made without the general case's appends (a dozen allocations per job
        // showed at 10,000 posts).
        if case .page(.post, let at) = job { return postSignature(at, versions: versions, index: index) }
        var signature = RenderVersions.Signature(numbers: [versions.global])
        func items(_ indexes: some Sequence<Int>) { for i in indexes { signature.numbers.append(versions.items[i]) } }
        func links(_ indexes: some Sequence<Int>) { for i in indexes { signature.numbers.append(versions.links[i]) } }
        switch job {
        case .page(let kind, let at):
            signature.texts += [kind.rawValue, pages.urlPath(of: kind, at: at)]
            switch kind {
            case .post:
                return postSignature(at, versions: versions, index: index)
            case .page:
                signature.numbers.append(versions.pageBodies[at])
            case .home:
                let perPage = site.config.postsPerPage
                items(at * perPage..<min(site.posts.count, (at + 1) * perPage))
            case .archive:
                items(site.posts.indices)
            case .search:
                break
            case .notFound:
                items(site.posts.indices.prefix(5))
            case .tags, .categories:
                for term in kind == .tags ? site.tags : site.categories {
                    signature.texts += [term.name, term.urlPath]
                    signature.numbers.append(term.posts.count)
                }
            case .tag:
                items(index.tagPosts[at])
            case .category:
                items(index.categoryPosts[at])
            case .seriesIndex:
                // Each series with its parts' titles, links and dates.
                for (number, series) in site.series.enumerated() {
                    signature.texts.append(series.name)
                    signature.numbers.append(-1)
                    links(index.seriesPosts[number])
                }
            case .series:
                items(index.seriesPosts[at])
            case .redirect:
                return nil
            }
        case .feeds(let source):
            let feeds = FeedBuilder(site: site, urls: SiteURLs(baseURL: site.config.baseURL), postBodies: [], index: index,
                                    strings: theme.strings)
            signature.texts.append("feed:" + Self.key(of: job, pages: pages))
            for i in feeds.postIndexes(source) { signature.numbers += [versions.items[i], versions.postBodies[i]] }
        case .sitemap:
            // Every page's URL and last change: the posts' links (with their dates), the
            // pages (site-wide), the lists.
            signature.texts.append("sitemap")
            links(site.posts.indices)
            // Each list page with its posts, whose newest change is its last change.
            for (kind, members) in [(PageKind.tag, index.tagPosts), (.category, index.categoryPosts), (.series, index.seriesPosts)] {
                for at in 0..<pages.count(of: kind) {
                    signature.texts.append(pages.urlPath(of: kind, at: at))
                    signature.numbers.append(-1)
                    links(members[at])
                }
            }
        case .robots:
            return nil
        }
        return signature
    }
}
