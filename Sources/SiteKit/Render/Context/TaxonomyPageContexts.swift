import Mustache

/// The pages that group posts: the tag index and each tag's page, the series index and each
/// series' page.
extension TemplateContext {
    func tagsPage() -> MustacheValue {
        let tags: [MustacheValue] = site.tags.map { tag in
            ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath)), "count": .int(tag.posts.count),
             "single": .bool(tag.posts.count == 1), "count_label": .string(strings.format("post_count", count: tag.posts.count))]
        }
        return document(.tags, title: strings["tags"], urlPath: pages.urlPath(of: .tags, at: 0),
                        fields: ["tags": .array(tags), "count": .int(tags.count)])
    }

    func tagPage(_ tagIndex: Int) -> MustacheValue {
        let tag = site.tags[tagIndex]
        let postIndexes = index.tagPosts[tagIndex]
        let title = strings.format("tag_title", ["tag": tag.name])
        return document(.tag, title: title, urlPath: tag.urlPath, metadata: PageMetadata(feedFolder: (title, tag.urlPath)),
                        fields: ["tag": ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath)),
                                         "count": .int(postIndexes.count), "single": .bool(postIndexes.count == 1),
                                         "count_label": .string(strings.format("post_count", count: postIndexes.count)),
                                         "heading": strings.around("tag", in: "tag_heading", ["tag": tag.name])],
                                 "posts": .array(postIndexes.map { items[$0] })])
    }

    func seriesIndexPage() -> MustacheValue {
        let list: [MustacheValue] = site.series.map { series in
            let dates = series.parts.map(\.date)
            return ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                    "count": .int(series.parts.count), "single": .bool(series.parts.count == 1),
                    "count_label": .string(strings.format("part_count", count: series.parts.count)),
                    "first_date": dates.min().map { .string($0.readable) } ?? .null,
                    "last_date": dates.max().map { .string($0.readable) } ?? .null,
                    "parts": .array(series.parts.enumerated().map { part, post in
                        ["title": .string(post.title), "url": .string(urls.link(urlPath: post.urlPath)), "part": .int(part + 1)]
                    })]
        }
        return document(.seriesIndex, title: strings["series"], urlPath: pages.urlPath(of: .seriesIndex, at: 0),
                        fields: ["series_list": .array(list), "count": .int(list.count)])
    }

    func seriesPage(_ seriesIndex: Int) -> MustacheValue {
        let series = site.series[seriesIndex]
        let parts: [MustacheValue] = index.seriesPosts[seriesIndex].enumerated().map { part, postIndex in
            guard case .object(var fields) = items[postIndex] else { return items[postIndex] }
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
