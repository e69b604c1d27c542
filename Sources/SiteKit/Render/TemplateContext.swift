import Mustache

/// Builds the values templates are rendered with. Every key is listed in
/// docs/themes.md; keep the two in step.
///
/// Keys a page lacks are present as `null` (or `false`, `[]`) rather than missing, so a
/// lookup inside a section never falls through to an outer value of the same name.
struct TemplateContext: Sendable {
    let site: Site
    let urls: SiteURLs
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

    init(site: Site) {
        self.site = site
        let urls = SiteURLs(baseURL: site.config.baseURL)
        self.urls = urls
        var places: [String: SeriesPlace] = [:]
        for (seriesIndex, series) in site.series.enumerated() {
            for (part, post) in series.parts.enumerated() { places[post.slug] = SeriesPlace(series: seriesIndex, part: part) }
        }
        seriesPlaces = places
        let tagSlugs = Dictionary(uniqueKeysWithValues: site.tags.map { ($0.slug, $0) })
        items = site.posts.map { post in
            Self.item(post, urls: urls, series: places[post.slug].map { site.series[$0.series] }, tags: tagSlugs)
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

    /// The root value of a page: `site`, `page`, and the kind's own keys.
    func document(_ kind: PageKind, title: String, urlPath: String, description: String?, section: String?,
                  fields: [String: MustacheValue]) -> MustacheValue {
        var siteValue = siteFields
        siteValue["nav"] = .array(navigation.map { entry in
            ["title": .string(entry.title), "url": .string(urls.link(urlPath: entry.urlPath)),
             "current": .bool(entry.urlPath == urlPath), "active": .bool(entry.section == section)]
        })
        var root = fields
        root["site"] = .object(siteValue)
        root["page"] = [
            "kind": .string(kind.rawValue),
            "title": .string(title),
            "url": .string(urls.link(urlPath: urlPath)),
            "permalink": .string(urls.absolute(urlPath: urlPath)),
            "description": .string(description ?? site.config.description),
        ]
        return .object(root)
    }

    func postPage(_ index: Int, content: String) -> MustacheValue {
        let post = site.posts[index]
        guard case .object(var fields) = items[index] else { preconditionFailure("a post item is an object") }
        fields["content"] = .string(content)
        fields["source_path"] = .string(post.sourcePath)
        fields["series"] = seriesBox(for: post)
        return document(.post, title: post.title, urlPath: post.urlPath, description: post.summary, section: nil,
                        fields: ["post": .object(fields)])
    }

    func contentPage(_ page: ContentPage, content: String) -> MustacheValue {
        document(.page, title: page.title, urlPath: page.urlPath, description: page.summary, section: "page:\(page.slug)",
                 fields: ["content": .string(content), "summary": page.summary.map(MustacheValue.string) ?? .null,
                          "source_path": .string(page.sourcePath)])
    }

    /// Page `number` (1-based) of `total` home pages.
    func homePage(number: Int, of total: Int, posts range: Range<Int>) -> MustacheValue {
        let title = number == 1 ? site.config.title : "Page \(number) of \(total)"
        return document(.home, title: title, urlPath: Self.homeURLPath(number), description: nil, section: "home",
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
        return document(.archive, title: "Archive", urlPath: "/archive/", description: nil, section: "archive",
                        fields: ["years": .array(years), "count": .int(site.posts.count)])
    }

    func tagsPage() -> MustacheValue {
        let tags: [MustacheValue] = site.tags.map { tag in
            ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath)), "count": .int(tag.posts.count),
             "single": .bool(tag.posts.count == 1)]
        }
        return document(.tags, title: "Tags", urlPath: "/tags/", description: nil, section: "tags",
                        fields: ["tags": .array(tags), "count": .int(tags.count)])
    }

    func tagPage(_ tag: Tag, postIndexes: [Int]) -> MustacheValue {
        document(.tag, title: "Posts tagged “\(tag.name)”", urlPath: tag.urlPath, description: nil, section: "tags",
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
        return document(.seriesIndex, title: "Series", urlPath: "/series/", description: nil, section: "series",
                        fields: ["series_list": .array(list), "count": .int(list.count)])
    }

    func seriesPage(_ seriesIndex: Int, postIndexes: [Int]) -> MustacheValue {
        let series = site.series[seriesIndex]
        let parts: [MustacheValue] = postIndexes.enumerated().map { part, index in
            guard case .object(var fields) = items[index] else { preconditionFailure("a post item is an object") }
            fields["part"] = .int(part + 1)
            return .object(fields)
        }
        let description = "\(series.name), in \(series.parts.count) part\(series.parts.count == 1 ? "" : "s")"
        return document(.series, title: series.name, urlPath: series.urlPath, description: description, section: "series",
                        fields: ["series": ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                                            "count": .int(parts.count), "single": .bool(parts.count == 1),
                                            "parts": .array(parts)]])
    }

    static func homeURLPath(_ number: Int) -> String { number == 1 ? "/" : "/page/\(number)/" }

    // MARK: Parts

    /// A post as lists show it.
    static func item(_ post: Post, urls: SiteURLs, series: Series?, tags: [String: Tag]) -> MustacheValue {
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
            "summary": post.summary.map(MustacheValue.string) ?? .null,
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
}
