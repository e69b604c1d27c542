/// The data of the site's feeds: which posts each carries, newest first and at most
/// `feed_limit`, with their full bodies.
struct FeedBuilder: Sendable {
    let site: Site
    let urls: SiteURLs
    let index: PostIndex
    let strings: UIStrings

    /// Whose posts a feed carries.
    enum Source: Sendable {
        case site
        case tag(Int)
        case category(Int)
        case series(Int)
    }

    /// Every feed of a site: its own, then each tag's and each series'.
    static func sources(of site: Site) -> [Source] {
        [.site] + site.tags.indices.map(Source.tag) + site.categories.indices.map(Source.category) + site.series.indices.map(Source.series)
    }

    /// The posts of a feed, as indexes into `site.posts`: newest first, at most `feed_limit`.
    func postIndexes(_ source: Source) -> ArraySlice<Int> {
        let indexes: [Int]
        switch source {
        case .site: indexes = Array(site.posts.indices)
        case .tag(let tag): indexes = index.tagPosts[tag]
        case .category(let category): indexes = index.categoryPosts[category]
        // A series reads in part order; its feed, like every feed, lists the newest first.
        case .series(let series): indexes = index.seriesPosts[series].sorted()
        }
        return site.config.feedLimit == 0 ? indexes[...] : indexes.prefix(site.config.feedLimit)
    }

    /// A feed of the site's, a tag's or a series' posts, which reads them through `reads`
    /// (``PageInputs``: each post's entry and body).
    func feed(_ source: Source, reads: PageReads) -> Feed {
        let config = site.config
        let (title, description, urlPath): (String, String, String)
        switch source {
        case .site:
            (title, description, urlPath) = (config.title, config.description, "/")
        case .tag(let index):
            let tag = site.tags[index]
            let values = ["site": config.title, "tag": tag.name]
            (title, description, urlPath) = (strings.format("tag_feed_title", values), strings.format("tag_feed_description", values), tag.urlPath)
        case .category(let index):
            let category = site.categories[index]
            let values = ["site": config.title, "category": category.name]
            (title, description, urlPath) = (strings.format("category_feed_title", values), strings.format("category_feed_description", values),
                                             category.urlPath)
        case .series(let index):
            let series = site.series[index]
            let values = ["site": config.title, "series": series.name]
            (title, description, urlPath) = (strings.format("series_feed_title", values), strings.format("series_feed_description", values),
                                             series.urlPath)
        }
        return Feed(title: title, description: description, language: config.language,
                    author: config.author.isEmpty ? config.title : config.author,
                    pageURL: urls.absolute(urlPath: urlPath), folderURLPath: urlPath,
                    entries: postIndexes(source).map { index in
                        let post = reads.post(index), rendered = reads.postBody(index)
                        return Feed.Entry(title: post.title, url: urls.absolute(urlPath: post.urlPath), published: post.date,
                                          updated: Sitemap.lastModified(post), summary: PostSummary.summary(post.summary, rendered) ?? "",
                                          bodyHTML: rendered.feedHTML, tags: post.tags)
                    })
    }
}
