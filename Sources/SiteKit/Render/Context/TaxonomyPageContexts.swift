import Mustache

/// The pages that group posts: the tag index and each tag's page, the series index and each
/// series' page.
extension TemplateContext {
    /// The tag index, or the category index: the same data under both names, so a theme
    /// without category templates shows categories with its tag templates.
    func termsPage(_ kind: PageKind) -> MustacheValue {
        let terms = kind == .categories ? site.categories : site.tags
        let list: [MustacheValue] = terms.map { term in
            ["name": .string(term.name), "url": .string(urls.link(urlPath: term.urlPath)), "count": .int(term.posts.count),
             "single": .bool(term.posts.count == 1), "count_label": .string(strings.format("post_count", count: term.posts.count))]
        }
        return document(kind, title: strings[kind == .categories ? "categories" : "tags"], urlPath: pages.urlPath(of: kind, at: 0),
                        fields: ["tags": .array(list), "categories": .array(list), "count": .int(list.count)])
    }

    /// A tag's page, or a category's (with its data under `tag` too).
    func termPage(_ kind: PageKind, _ termIndex: Int, reads: PageReads) -> MustacheValue {
        let isCategory = kind == .category
        let term = isCategory ? site.categories[termIndex] : site.tags[termIndex]
        let postIndexes = isCategory ? index.categoryPosts[termIndex] : index.tagPosts[termIndex]
        let placeholder = isCategory ? "category" : "tag"
        let title = strings.format("\(placeholder)_title", [placeholder: term.name])
        let value: MustacheValue = ["name": .string(term.name), "url": .string(urls.link(urlPath: term.urlPath)),
                                    "count": .int(postIndexes.count), "single": .bool(postIndexes.count == 1),
                                    "count_label": .string(strings.format("post_count", count: postIndexes.count)),
                                    "heading": strings.around(placeholder, in: "\(placeholder)_heading", [placeholder: term.name])]
        let posts = reads.items(postIndexes).map { Self.item($0, without: term.name, in: isCategory ? "categories" : "tags") }
        return document(kind, title: title, urlPath: term.urlPath, metadata: PageMetadata(feedFolder: (title, term.urlPath)),
                        fields: ["tag": value, "category": value, "posts": .array(posts)])
    }

    /// A list item without the term its page is about: a tag's page says its tag once, in
    /// its title, not again under every post (the item's `tag_count` follows).
    static func item(_ item: MustacheValue, without name: String, in list: String) -> MustacheValue {
        guard case .object(var fields) = item, case .array(let terms)? = fields[list] else { return item }
        let others = terms.filter { term in
            guard case .object(let term) = term, case .string(let termName)? = term["name"] else { return true }
            return termName != name
        }
        fields[list] = .array(others)
        if list == "tags" { fields["tag_count"] = .int(others.count) }
        return .object(fields)
    }

    func seriesIndexPage(reads: PageReads) -> MustacheValue {
        let list: [MustacheValue] = site.series.enumerated().map { number, series in
            let parts = index.seriesPosts[number].map(reads.linked)
            let dates = parts.map(\.date)
            return ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                    "count": .int(parts.count), "single": .bool(parts.count == 1),
                    "count_label": .string(strings.format("part_count", count: parts.count)),
                    "first_date": dates.min().map { .string($0.readable) } ?? .null,
                    "last_date": dates.max().map { .string($0.readable) } ?? .null,
                    "parts": .array(parts.enumerated().map { part, post in
                        ["title": .string(post.title), "url": .string(urls.link(urlPath: post.urlPath)), "part": .int(part + 1)]
                    })]
        }
        return document(.seriesIndex, title: strings["series"], urlPath: pages.urlPath(of: .seriesIndex, at: 0),
                        fields: ["series_list": .array(list), "count": .int(list.count)])
    }

    func seriesPage(_ seriesIndex: Int, reads: PageReads) -> MustacheValue {
        let series = site.series[seriesIndex]
        let parts: [MustacheValue] = index.seriesPosts[seriesIndex].enumerated().map { part, postIndex in
            let item = reads.item(postIndex)
            guard case .object(var fields) = item else { return item }
            fields["part"] = .int(part + 1)
            fields["part_label"] = .string(strings.format("part", ["part": String(part + 1)]))
            return .object(fields)
        }
        let description = strings.format("series_description", count: series.parts.count, ["series": series.name])
        let feeds = strings.format("series_feeds", ["series": series.name])
        return document(.series, title: series.name, urlPath: series.urlPath,
                        metadata: PageMetadata(description: description, feedFolder: (feeds, series.urlPath)),
                        fields: ["series": ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                                            "count": .int(parts.count), "single": .bool(parts.count == 1),
                                            "count_label": .string(strings.format("part_count", count: parts.count)),
                                            "parts": .array(parts)]])
    }
}
