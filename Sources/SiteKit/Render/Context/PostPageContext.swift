import Markdown
import Mustache

/// The pages with a Markdown body: a post (with its series box and contents) and a page of
/// `Content/pages/`; and a post as lists show it.
extension TemplateContext {
    /// The number of h2 and h3 headings from which the theme shows a table of contents.
    static let tableOfContentsMinimum = 3

    func postPage(_ postIndex: Int, reads: PageReads) -> MustacheValue {
        let post = reads.post(postIndex)
        let body = reads.postBody(postIndex)
        guard case .object(var fields) = reads.item(postIndex) else { return .null }
        fields["content"] = .string(body.html)
        fields["source_path"] = .string(post.sourcePath)
        fields["series"] = seriesBox(for: postIndex, reads: reads)
        let toc = tableOfContents(body.headings)
        fields["toc"] = .array(toc.entries)
        fields["show_toc"] = .bool(toc.count >= Self.tableOfContentsMinimum)
        fields["snippets_checked"] = .bool(body.checkedSwift != nil)
        if body.usesScript { fields["uses_directive_script"] = .bool(true) }
        fields["snippets_swift_version"] = body.checkedSwift.map(MustacheValue.string) ?? .null
        let series = index.seriesPlaceOfPost[postIndex].map { site.series[$0.series] }
        return document(.post, title: post.title, urlPath: post.urlPath,
                        metadata: PageMetadata(description: PostSummary.description(post.summary, body), article: post,
                                               image: reads.sharedPicture(postIndex).socialImage(body: body),
                                               feedFolder: series.map { (strings.format("series_feeds", ["series": $0.name]), $0.urlPath) }),
                        fields: ["post": .object(fields)])
    }

    func contentPage(_ pageIndex: Int, reads: PageReads) -> MustacheValue {
        let page = site.pages[pageIndex]
        let body = reads.pageBody(pageIndex)
        return document(.page, title: page.title, urlPath: page.urlPath,
                        metadata: PageMetadata(description: PostSummary.description(page.summary, body)),
                        fields: ["content": .string(body.html), "summary": page.summary.map(MustacheValue.string) ?? .null,
                                 "source_path": .string(page.sourcePath), "word_count": .int(body.wordCount),
                                 "params": page.params.mustacheValue,
                                 "reading_time": .int(PostSummary.readingTime(body.wordCount)),
                                 "uses_directive_script": .bool(body.usesScript)],
                        section: .page(slug: page.slug))
    }

    /// A post as lists show it.
    static func item(_ post: Post, body: RenderedBody, urls: SiteURLs, series: Series?, tags: [String: Tag], categories: [String: Tag],
                     strings: UIStrings) -> MustacheValue {
        var seriesValue: MustacheValue = .null
        if let series, let part = series.partNumber(of: post) {
            let values = ["part": String(part), "series": series.name]
            seriesValue = ["name": .string(series.name), "url": .string(urls.link(urlPath: series.urlPath)),
                           "part": .int(part), "count": .int(series.parts.count),
                           "part_of": strings.around("series", in: "part_of_series", count: series.parts.count, values),
                           "part_short": .string(strings.format("series_part_short", values))]
        }
        let readingTime = PostSummary.readingTime(body.wordCount)
        return [
            "title": .string(post.title),
            "url": .string(urls.link(urlPath: post.urlPath)),
            "permalink": .string(urls.absolute(urlPath: post.urlPath)),
            "date": .string(post.date.readable),
            "date_iso": .string(post.date.description),
            "updated": post.updated.map { .string($0.readable) } ?? .null,
            "updated_iso": post.updated.map { .string($0.description) } ?? .null,
            "summary": PostSummary.summary(post.summary, body).map(MustacheValue.string) ?? .null,
            "word_count": .int(body.wordCount),
            "reading_time": .int(readingTime),
            "reading_time_label": .string(strings.format("reading_time", ["minutes": String(readingTime)])),
            "tag_count": .int(post.tags.count),
            "tags": .array(post.tags.compactMap { name in
                tags[Slug.make(from: name)].map { tag in ["name": .string(tag.name), "url": .string(urls.link(urlPath: tag.urlPath))] }
            }),
            "categories": .array(post.categories.compactMap { name in
                categories[Slug.make(from: name)].map { term in ["name": .string(term.name), "url": .string(urls.link(urlPath: term.urlPath))] }
            }),
            "series": seriesValue,
            "image": post.image.map { image in
                ["url": .string(image.sitePath.map { urls.link(urlPath: $0) } ?? image.url),
                 "permalink": .string(image.sitePath.map { urls.absolute(urlPath: $0) } ?? image.url), "alt": .string(image.alt)]
            } ?? .null,
            "params": post.params.mustacheValue,
        ]
    }

    /// "Part 2 of 3 in VIPER": every part, the current one marked, and the neighbours
    /// within the series (not the site's timeline).
    func seriesBox(for postIndex: Int, reads: PageReads) -> MustacheValue {
        guard let place = index.seriesPlaceOfPost[postIndex] else { return .null }
        let series = site.series[place.series]
        let parts = index.seriesPosts[place.series].map(reads.linked)
        func link(_ part: Int) -> MustacheValue {
            guard parts.indices.contains(part) else { return .null }
            let other = parts[part]
            return ["title": .string(other.title), "url": .string(urls.link(urlPath: other.urlPath)), "part": .int(part + 1),
                    "part_label": .string(strings.format("part", ["part": String(part + 1)]))]
        }
        return [
            "name": .string(series.name),
            "url": .string(urls.link(urlPath: series.urlPath)),
            "part": .int(place.part + 1),
            "count": .int(parts.count),
            "part_of": strings.around("series", in: "part_of_series", count: parts.count,
                                      ["part": String(place.part + 1), "series": series.name]),
            "aria_label": .string(strings.format("series_box_label", ["series": series.name])),
            "pager_label": .string(strings.format("series_pager_label", ["series": series.name])),
            "parts": .array(parts.enumerated().map { part, other in
                ["title": .string(other.title), "url": .string(urls.link(urlPath: other.urlPath)),
                 "part": .int(part + 1), "current": .bool(part == place.part)]
            }),
            "previous": link(place.part - 1),
            "next": link(place.part + 1),
        ]
    }

    /// The h2 headings with the h3 headings under each as `children` (an h3 before any h2
    /// stands alone), and how many entries there are in all.
    func tableOfContents(_ headings: [HTMLRenderer.Heading]) -> (entries: [MustacheValue], count: Int) {
        var entries: [(entry: MustacheObject, level: Int, children: [MustacheValue])] = []
        var count = 0
        for heading in headings where heading.level == 2 || heading.level == 3 {
            count += 1
            let entry: MustacheObject = ["title": .string(heading.text), "url": .string("#" + heading.id),
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
}
