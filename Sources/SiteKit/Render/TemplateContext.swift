import Foundation
import Markdown
import Mustache

/// Builds the values templates are rendered with. Every key is listed in
/// docs/themes.md; keep the two in step.
///
/// Keys a page lacks are present as `null` (or `false`, `[]`) rather than missing, so a
/// lookup inside a section never falls through to an outer value of the same name.
struct TemplateContext: Sendable {
    let site: Site
    let urls: SiteURLs
    /// The rendered bodies, in `site.posts` and `site.pages` order.
    let postBodies: [RenderedBody]
    let pageBodies: [RenderedBody]
    /// Indexes into `site.posts` of each tag's and each series' posts.
    let tagPosts: [[Int]]
    let seriesPosts: [[Int]]
    /// The list entry of each post, in `site.posts` order, built once and shared by every list.
    let items: [MustacheValue]
    /// Post slug → (index into `site.series`, 0-based part index).
    private let seriesPlaces: [String: SeriesPlace]
    private let navigation: [NavigationEntry]
    private let siteFields: [String: MustacheValue]

    struct SeriesPlace: Sendable {
        var series: Int
        var part: Int
    }

    struct NavigationEntry: Sendable {
        var title: String
        var urlPath: String
        /// `PageKind.section`, or `page:<slug>` for a page of `Content/pages/`.
        var section: String
    }

    /// Reading speed for `reading_time`, in words a minute.
    static let wordsPerMinute = 200
    /// The number of h2 and h3 headings from which the theme shows a table of contents.
    static let tableOfContentsMinimum = 3

    init(site: Site, postBodies: [RenderedBody], pageBodies: [RenderedBody]) {
        self.site = site
        self.postBodies = postBodies
        self.pageBodies = pageBodies
        let urls = SiteURLs(baseURL: site.config.baseURL)
        self.urls = urls
        let postIndex = Dictionary(uniqueKeysWithValues: site.posts.enumerated().map { ($1.slug, $0) })
        tagPosts = site.tags.map { $0.posts.map { postIndex[$0.slug]! } }
        seriesPosts = site.series.map { $0.parts.map { postIndex[$0.slug]! } }
        var places: [String: SeriesPlace] = [:]
        for (seriesIndex, series) in site.series.enumerated() {
            for (part, post) in series.parts.enumerated() { places[post.slug] = SeriesPlace(series: seriesIndex, part: part) }
        }
        seriesPlaces = places
        let tagSlugs = Dictionary(uniqueKeysWithValues: site.tags.map { ($0.slug, $0) })
        items = zip(site.posts, postBodies).map { post, body in
            Self.item(post, body: body, urls: urls, series: places[post.slug].map { site.series[$0.series] }, tags: tagSlugs)
        }
        navigation = [NavigationEntry(title: "Home", urlPath: "/", section: "home"),
                      NavigationEntry(title: "Archive", urlPath: "/archive/", section: "archive"),
                      NavigationEntry(title: "Series", urlPath: "/series/", section: "series"),
                      NavigationEntry(title: "Tags", urlPath: "/tags/", section: "tags")]
            + site.pages.filter { $0.navOrder != nil }.map { NavigationEntry(title: $0.title, urlPath: $0.urlPath, section: "page:\($0.slug)") }
        let config = site.config
        siteFields = [
            "title": .string(config.title),
            "description": .string(config.description),
            "author": .string(config.author),
            "language": .string(config.language),
            "base_url": .string(config.baseURL),
            "home_url": .string(urls.basePath),
            "theme": .string(config.theme),
            "generator": .string("sitegen"),
        ]
    }

    // MARK: Whole pages

    /// What a page says about itself in `<head>`: description, OpenGraph type and dates,
    /// and the feeds of what it lists.
    struct PageMetadata {
        var description: String?
        var article: Post?
        /// The feeds of the page's own tag or series, besides the site's.
        var feedFolder: (title: String, urlPath: String)?
    }

    /// The root value of a page: `site`, `page`, and the kind's own keys.
    func document(_ kind: PageKind, title: String, urlPath: String, metadata: PageMetadata = PageMetadata(), section: String?,
                  fields: [String: MustacheValue]) -> MustacheValue {
        var siteValue = siteFields
        siteValue["nav"] = .array(navigation.map { entry in
            ["title": .string(entry.title), "url": .string(urls.link(urlPath: entry.urlPath)),
             "current": .bool(entry.urlPath == urlPath), "active": .bool(entry.section == section)]
        })
        var feedFolders = [(title: site.config.title, urlPath: "/")]
        if let own = metadata.feedFolder { feedFolders.append(own) }
        let feeds: [MustacheValue] = feedFolders.flatMap { folder in
            FeedFormat.allCases.map { format in
                ["title": .string("\(folder.title) (\(format.label))"), "type": .string(format.mediaType),
                 "url": .string(urls.absolute(urlPath: format.urlPath(in: folder.urlPath)))]
            }
        }
        var root = fields
        root["site"] = .object(siteValue)
        root["page"] = [
            "kind": .string(kind.rawValue),
            "title": .string(title),
            "url": .string(urls.link(urlPath: urlPath)),
            "permalink": .string(urls.absolute(urlPath: urlPath)),
            "description": .string(metadata.description ?? site.config.description),
            "og_type": .string(metadata.article == nil ? "website" : "article"),
            "published_iso": metadata.article.map { .string($0.date.rfc3339) } ?? .null,
            "modified_iso": metadata.article.map { .string(Sitemap.lastModified($0).rfc3339) } ?? .null,
            "tags": .array((metadata.article?.tags ?? []).map { .string($0) }),
            "feeds": .array(feeds),
        ]
        return .object(root)
    }

    func postPage(_ index: Int) -> MustacheValue {
        let post = site.posts[index]
        let body = postBodies[index]
        guard case .object(var fields) = items[index] else { preconditionFailure("a post item is an object") }
        fields["content"] = .string(body.html)
        fields["source_path"] = .string(post.sourcePath)
        fields["series"] = seriesBox(for: post)
        let toc = tableOfContents(body.headings)
        fields["toc"] = .array(toc.entries)
        fields["show_toc"] = .bool(toc.count >= Self.tableOfContentsMinimum)
        fields["snippets_checked"] = .bool(body.checkedSwift != nil)
        fields["snippets_swift_version"] = body.checkedSwift.map(MustacheValue.string) ?? .null
        let series = seriesPlaces[post.slug].map { site.series[$0.series] }
        return document(.post, title: post.title, urlPath: post.urlPath,
                        metadata: PageMetadata(description: Self.description(post.summary, body), article: post,
                                               feedFolder: series.map { ("\($0.name) series", $0.urlPath) }),
                        section: nil, fields: ["post": .object(fields)])
    }

    func contentPage(_ index: Int) -> MustacheValue {
        let page = site.pages[index]
        let body = pageBodies[index]
        return document(.page, title: page.title, urlPath: page.urlPath,
                        metadata: PageMetadata(description: Self.description(page.summary, body)), section: "page:\(page.slug)",
                        fields: ["content": .string(body.html), "summary": page.summary.map(MustacheValue.string) ?? .null,
                                 "source_path": .string(page.sourcePath), "word_count": .int(body.wordCount),
                                 "reading_time": .int(Self.readingTime(body.wordCount))])
    }

    func notFoundPage() -> MustacheValue {
        document(.notFound, title: "Page not found", urlPath: "/404.html", section: nil,
                 fields: ["posts": .array(Array(items.prefix(5))), "has_posts": .bool(!items.isEmpty)])
    }

    /// Page `number` (1-based) of `total` home pages.
    func homePage(number: Int, of total: Int, posts range: Range<Int>) -> MustacheValue {
        let title = number == 1 ? site.config.title : "Page \(number) of \(total)"
        return document(.home, title: title, urlPath: Self.homeURLPath(number), section: "home",
                        fields: ["posts": .array(Array(items[range])),
                                 "pagination": pagination(number: number, of: total)])
    }

    func archivePage() -> MustacheValue {
        var years: [MustacheValue] = []
        var start = 0
        while start < site.posts.count {
            let year = site.posts[start].date.year
            var end = start
            while end < site.posts.count && site.posts[end].date.year == year { end += 1 }
            years.append(["year": .int(year), "count": .int(end - start), "single": .bool(end - start == 1),
                          "posts": .array(Array(items[start..<end]))])
            start = end
        }
        return document(.archive, title: "Archive", urlPath: "/archive/", section: "archive",
                        fields: ["years": .array(years), "count": .int(site.posts.count)])
    }

    func tagsPage() -> MustacheValue {
        let tags: [MustacheValue] = site.tags.map { tag in
            ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath)), "count": .int(tag.posts.count),
             "single": .bool(tag.posts.count == 1)]
        }
        return document(.tags, title: "Tags", urlPath: "/tags/", section: "tags",
                        fields: ["tags": .array(tags), "count": .int(tags.count)])
    }

    func tagPage(_ index: Int) -> MustacheValue {
        let tag = site.tags[index]
        let postIndexes = tagPosts[index]
        let title = "Posts tagged “\(tag.name)”"
        return document(.tag, title: title, urlPath: tag.urlPath,
                        metadata: PageMetadata(feedFolder: (title, tag.urlPath)), section: "tags",
                 fields: ["tag": ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath)),
                                  "count": .int(postIndexes.count), "single": .bool(postIndexes.count == 1)],
                          "posts": .array(postIndexes.map { items[$0] })])
    }

    func seriesIndexPage() -> MustacheValue {
        let list: [MustacheValue] = site.series.map { series in
            ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
             "count": .int(series.parts.count), "single": .bool(series.parts.count == 1),
             "first_date": .string(series.parts.map(\.date).min()!.readable),
             "last_date": .string(series.parts.map(\.date).max()!.readable),
             "parts": .array(series.parts.enumerated().map { part, post in
                 ["title": .string(post.title), "url": .string(urls.link(urlPath: post.urlPath)), "part": .int(part + 1)]
             })]
        }
        return document(.seriesIndex, title: "Series", urlPath: "/series/", section: "series",
                        fields: ["series_list": .array(list), "count": .int(list.count)])
    }

    func seriesPage(_ seriesIndex: Int) -> MustacheValue {
        let series = site.series[seriesIndex]
        let postIndexes = seriesPosts[seriesIndex]
        let parts: [MustacheValue] = postIndexes.enumerated().map { part, index in
            guard case .object(var fields) = items[index] else { preconditionFailure("a post item is an object") }
            fields["part"] = .int(part + 1)
            return .object(fields)
        }
        let description = "\(series.name), in \(series.parts.count) part\(series.parts.count == 1 ? "" : "s")"
        return document(.series, title: series.name, urlPath: series.urlPath,
                        metadata: PageMetadata(description: description, feedFolder: ("\(series.name) series", series.urlPath)),
                        section: "series",
                        fields: ["series": ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                                            "count": .int(parts.count), "single": .bool(parts.count == 1),
                                            "parts": .array(parts)]])
    }

    static func homeURLPath(_ number: Int) -> String { number == 1 ? "/" : "/page/\(number)/" }

    // MARK: Parts

    /// A post as lists show it.
    static func item(_ post: Post, body: RenderedBody, urls: SiteURLs, series: Series?, tags: [String: Tag]) -> MustacheValue {
        var seriesValue: MustacheValue = .null
        if let series, let part = series.partNumber(ofPostWithSlug: post.slug) {
            seriesValue = ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                           "part": .int(part), "count": .int(series.parts.count)]
        }
        return [
            "title": .string(post.title),
            "url": .string(urls.link(urlPath: post.urlPath)),
            "permalink": .string(urls.absolute(urlPath: post.urlPath)),
            "date": .string(post.date.readable),
            "date_iso": .string(post.date.description),
            "updated": post.updated.map { .string($0.readable) } ?? .null,
            "updated_iso": post.updated.map { .string($0.description) } ?? .null,
            "summary": summary(post.summary, body).map(MustacheValue.string) ?? .null,
            "word_count": .int(body.wordCount),
            "reading_time": .int(readingTime(body.wordCount)),
            "tag_count": .int(post.tags.count),
            "tags": .array(post.tags.map { name in
                let tag = tags[Slug.make(from: name)]!
                return ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath))]
            }),
            "series": seriesValue,
        ]
    }

    /// "Part 2 of 3 in VIPER": every part, the current one marked, and the neighbours
    /// within the series (not the site's timeline).
    func seriesBox(for post: Post) -> MustacheValue {
        guard let place = seriesPlaces[post.slug] else { return .null }
        let series = site.series[place.series]
        func link(_ part: Int) -> MustacheValue {
            guard series.parts.indices.contains(part) else { return .null }
            let other = series.parts[part]
            return ["title": .string(other.title), "url": .string(urls.link(urlPath: other.urlPath)), "part": .int(part + 1)]
        }
        return [
            "name": .string(series.name),
            "url": .string(urls.link(urlPath: series.urlPath)),
            "part": .int(place.part + 1),
            "count": .int(series.parts.count),
            "parts": .array(series.parts.enumerated().map { part, other in
                ["title": .string(other.title), "url": .string(urls.link(urlPath: other.urlPath)),
                 "part": .int(part + 1), "current": .bool(part == place.part)]
            }),
            "previous": link(place.part - 1),
            "next": link(place.part + 1),
        ]
    }

    /// Null when everything fits on one page, so `{{#pagination}}` hides the pager.
    func pagination(number: Int, of total: Int) -> MustacheValue {
        guard total > 1 else { return .null }
        func url(_ page: Int) -> MustacheValue {
            (1...total).contains(page) ? .string(urls.link(urlPath: Self.homeURLPath(page))) : .null
        }
        // A window of nearby pages keeps each pager small on a site with a thousand pages.
        let window = max(1, number - 2)...min(total, number + 2)
        return [
            "number": .int(number),
            "count": .int(total),
            "previous_url": url(number - 1),
            "next_url": url(number + 1),
            "first_url": url(1),
            "last_url": url(total),
            "pages": .array(window.map { page in
                ["number": .int(page), "url": url(page), "current": .bool(page == number)]
            }),
        ]
    }

    // MARK: Summaries, reading time, contents

    /// The front matter's summary, else the excerpt (the text before `<!--more-->`, else the
    /// first paragraph) shortened to a list-sized length; nil when the body has no text.
    static func summary(_ frontMatter: String?, _ body: RenderedBody) -> String? {
        if let frontMatter { return frontMatter }
        return body.excerpt.isEmpty ? nil : shortened(body.excerpt, to: 300)
    }

    /// For `<meta name="description">` and previews, which show about 160 characters.
    static func description(_ frontMatter: String?, _ body: RenderedBody) -> String? {
        summary(frontMatter, body).map { shortened($0, to: 200) }
    }

    /// At most `limit` characters, cut at a space and ended with "…" when shortened.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end].trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// Whole minutes, at least one.
    static func readingTime(_ words: Int) -> Int { max(1, (words + wordsPerMinute - 1) / wordsPerMinute) }

    /// The h2 headings with the h3 headings under each as `children` (an h3 before any h2
    /// stands alone), and how many entries there are in all.
    func tableOfContents(_ headings: [HTMLRenderer.Heading]) -> (entries: [MustacheValue], count: Int) {
        var entries: [(entry: [String: MustacheValue], level: Int, children: [MustacheValue])] = []
        var count = 0
        for heading in headings where heading.level == 2 || heading.level == 3 {
            count += 1
            let entry: [String: MustacheValue] = ["title": .string(heading.text), "url": .string("#" + heading.id),
                                                  "id": .string(heading.id), "level": .int(heading.level)]
            if heading.level == 3, entries.last?.level == 2 {
                entries[entries.count - 1].children.append(.object(entry))
            } else {
                entries.append((entry, heading.level, []))
            }
        }
        return (entries.map { entry, _, children in
            var value = entry
            value["children"] = .array(children)
            value["has_children"] = .bool(!children.isEmpty)
            return .object(value)
        }, count)
    }

    // MARK: Feeds

    /// The posts of a feed, as indexes into `site.posts`: newest first, at most `feed_limit`.
    func feedPostIndexes(_ source: SitePages.FeedSource) -> ArraySlice<Int> {
        let indexes: [Int]
        switch source {
        case .site: indexes = Array(site.posts.indices)
        case .tag(let index): indexes = tagPosts[index]
        // A series reads in part order; its feed, like every feed, lists the newest first.
        case .series(let index): indexes = seriesPosts[index].sorted()
        }
        return site.config.feedLimit == 0 ? indexes[...] : indexes.prefix(site.config.feedLimit)
    }

    /// A feed of the site's, a tag's or a series' posts.
    func feed(_ source: SitePages.FeedSource) -> Feed {
        let config = site.config
        let (title, description, urlPath): (String, String, String)
        switch source {
        case .site:
            (title, description, urlPath) = (config.title, config.description, "/")
        case .tag(let index):
            let tag = site.tags[index]
            (title, description, urlPath) = ("\(config.title): posts tagged “\(tag.name)”", "Posts tagged “\(tag.name)” on \(config.title).", tag.urlPath)
        case .series(let index):
            let series = site.series[index]
            (title, description, urlPath) = ("\(config.title): \(series.name) series", "The \(series.name) series on \(config.title).", series.urlPath)
        }
        return Feed(title: title, description: description, language: config.language,
                    author: config.author.isEmpty ? config.title : config.author,
                    pageURL: urls.absolute(urlPath: urlPath), folderURLPath: urlPath,
                    entries: feedPostIndexes(source).map { index in
                        let post = site.posts[index]
                        return Feed.Entry(title: post.title, url: urls.absolute(urlPath: post.urlPath), published: post.date,
                                          updated: Sitemap.lastModified(post), summary: Self.summary(post.summary, postBodies[index]) ?? "",
                                          bodyHTML: postBodies[index].html, tags: post.tags)
                    })
    }
}
