import Markdown

/// What a preview server's rebuild compares to decide that a page or feed needs no
/// rendering, without building its template data: version numbers of what it shows
/// (which each page declares: ``PageInputs``).
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
    /// By index into `site.posts`: the picture it is shared with (``TemplateContext/SharedPicture``).
    var sharedPictures: [Int]

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
        let sharing = self.sharing
        return cache.versions(posts: site.posts, bodies: postBodies, pageBodies: pageBodies, series: series, taxonomy: taxonomy,
                              global: global, pictures: site.posts.map(sharing.picture(of:))) { number in
            let post = site.posts[number]
            return ItemInputs(post: post, body: postBodies[number],
                              tags: post.tags.map { display($0, &tagNames, site.tags, &tagsBySlug) },
                              categories: post.categories.map { display($0, &categoryNames, site.categories, &categoriesBySlug) },
                              series: series[number])
        }
    }
}
