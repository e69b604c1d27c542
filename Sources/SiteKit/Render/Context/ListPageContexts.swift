import Mustache

/// The pages that list posts by time: the home page and its pager, the archive, and the
/// 404 page (which suggests the latest posts).
extension TemplateContext {
    /// Page `number` (1-based) of the home page's pager.
    func homePage(number: Int, reads: PageReads) -> MustacheValue {
        let total = pages.homePageCount
        let perPage = site.config.postsPerPage
        let range = (number - 1) * perPage..<min(site.posts.count, number * perPage)
        let numbers = ["number": String(number), "count": String(total)]
        let title = number == 1 ? site.config.title : strings.format("home_page_title", numbers)
        return document(.home, title: title, urlPath: pages.urlPath(of: .home, at: number - 1),
                        fields: ["posts": .array(reads.items(range)),
                                 "pagination": pagination(number: number, of: total)])
    }

    /// Null when everything fits on one page, so `{{#pagination}}` hides the pager.
    func pagination(number: Int, of total: Int) -> MustacheValue {
        guard total > 1 else { return .null }
        func url(_ page: Int) -> MustacheValue {
            (1...total).contains(page) ? .string(urls.link(urlPath: pages.urlPath(of: .home, at: page - 1))) : .null
        }
        // A window of nearby pages keeps each pager small on a site with a thousand pages.
        let window = max(1, number - 2)...min(total, number + 2)
        return [
            "number": .int(number),
            "count": .int(total),
            "heading": .string(strings.format("home_page_heading", ["number": String(number), "count": String(total)])),
            "previous_url": url(number - 1),
            "next_url": url(number + 1),
            "first_url": url(1),
            "last_url": url(total),
            "pages": .array(window.map { page in
                ["number": .int(page), "url": url(page), "current": .bool(page == number),
                 "label": .string(strings.format("page_number", ["number": String(page)]))]
            }),
        ]
    }

    func archivePage(reads: PageReads) -> MustacheValue {
        var years: [MustacheValue] = []
        var start = 0
        while start < site.posts.count {
            let year = reads.post(start).date.year
            var end = start
            while end < site.posts.count && reads.post(end).date.year == year { end += 1 }
            years.append(["year": .int(year), "count": .int(end - start), "single": .bool(end - start == 1),
                          "count_label": .string(strings.format("post_count", count: end - start)),
                          "posts": .array(reads.items(start..<end))])
            start = end
        }
        return document(.archive, title: strings["archive"], urlPath: pages.urlPath(of: .archive, at: 0),
                        fields: ["years": .array(years), "count": .int(site.posts.count),
                                 "lead": .string(strings.format("archive_lead", count: site.posts.count))])
    }

    /// The search page: the form and the place of the results, which the theme's script fills.
    func searchPage() -> MustacheValue {
        document(.search, title: strings["search"], urlPath: pages.urlPath(of: .search, at: 0), fields: [:])
    }

    /// How many of the latest posts the 404 page suggests.
    static let notFoundPostCount = 5

    func notFoundPage(reads: PageReads) -> MustacheValue {
        document(.notFound, title: strings["not_found_title"], urlPath: pages.urlPath(of: .notFound, at: 0),
                 fields: ["posts": .array(reads.items(site.posts.indices.prefix(Self.notFoundPostCount))),
                          "has_posts": .bool(!site.posts.isEmpty)])
    }
}
