import Mustache

/// What one page or feed shows of the site, declared before its data is built: the posts
/// whose list entry, link, body or shared picture it shows, the pages whose body, and the
/// names and counts of the site's lists it shows. Everything else it shows is site-wide
/// (settings, navigation, the theme's words: ``GlobalInputs``).
///
/// Written once for both uses: a preview's rebuild compares the page's ``signature(_:)``,
/// the versions of what it names, with the last build's; and the page's template data is
/// read through the declaration (``PageReads``), which in a debug build stops at a read it
/// lacks. A page that starts to show something new must declare it, or every test that
/// builds a site with such a page fails, instead of a preview missing an edit.
struct PageInputs: Sendable {
    enum Part: Hashable, Sendable {
        /// Post n's list entry: what ``ItemInputs`` holds (its front matter, its body's
        /// summary and word count, its tags' names, its series place).
        case item(Int)
        /// What a link to post n shows: ``LinkInputs`` (title, URL, dates).
        case link(Int)
        case postBody(Int)
        case pageBody(Int)
        /// The picture post n is shared with when its body has none: its `image:` with the
        /// file's size, or its social card (``TemplateContext/SharedPicture``).
        case sharedPicture(Int)
        /// A count the page shows, or -1 between two groups of parts.
        case number(Int)
    }

    /// What the page is (its kind and URL, or the feed's folder) and the names of the
    /// site's lists it shows (tags, series).
    var texts: [String]
    var parts: [Part] = []

    /// The versions of what it shows, after the site-wide ones: equal signatures, equal pages.
    func signature(_ versions: RenderVersions) -> RenderVersions.Signature {
        var numbers = [versions.global]
        numbers.reserveCapacity(parts.count + 1)
        for part in parts {
            switch part {
            case .item(let n): numbers.append(versions.items[n])
            case .link(let n): numbers.append(versions.links[n])
            case .postBody(let n): numbers.append(versions.postBodies[n])
            case .pageBody(let n): numbers.append(versions.pageBodies[n])
            case .sharedPicture(let n): numbers.append(versions.sharedPictures[n])
            case .number(let n): numbers.append(n)
            }
        }
        return RenderVersions.Signature(numbers: numbers, texts: texts)
    }
}

extension SitePages {
    /// What `job` shows; nil for the site files (robots.txt, the redirects), which are cheap
    /// to make and compared as text.
    func inputs(of job: Job, index: PostIndex, pages: PageSet) -> PageInputs? {
        switch job {
        case .page(.redirect, _), .robots:
            return nil
        case .page(let kind, let at):
            var inputs = PageInputs(texts: [kind.rawValue, pages.urlPath(of: kind, at: at)])
            func items(_ indexes: some Sequence<Int>) { for i in indexes { inputs.parts.append(.item(i)) } }
            func links(_ indexes: some Sequence<Int>) { for i in indexes { inputs.parts.append(.link(i)) } }
            switch kind {
            case .post:
                // Its list entry and body, its picture, and the series box's parts (titles and links).
                inputs.parts = [.item(at), .postBody(at), .sharedPicture(at)]
                if let place = index.seriesPlaceOfPost[at] { links(index.seriesPosts[place.series]) }
            case .page:
                inputs.parts = [.pageBody(at)]
            case .home:
                let perPage = site.config.postsPerPage
                items(at * perPage..<min(site.posts.count, (at + 1) * perPage))
            case .archive:
                items(site.posts.indices)
            case .search, .redirect:
                break
            case .notFound:
                items(site.posts.indices.prefix(TemplateContext.notFoundPostCount))
            case .tags, .categories:
                for term in kind == .tags ? site.tags : site.categories {
                    inputs.texts += [term.name, term.urlPath]
                    inputs.parts.append(.number(term.posts.count))
                }
            case .tag:
                items(index.tagPosts[at])
            case .category:
                items(index.categoryPosts[at])
            case .seriesIndex:
                // Each series with its parts' titles, links and dates.
                for (number, series) in site.series.enumerated() {
                    inputs.texts.append(series.name)
                    inputs.parts.append(.number(-1))
                    links(index.seriesPosts[number])
                }
            case .series:
                items(index.seriesPosts[at])
            }
            return inputs
        case .feeds(let source):
            // A feed carries each post's entry and whole body.
            let feeds = FeedBuilder(site: site, urls: SiteURLs(baseURL: site.config.baseURL), index: index, strings: theme.strings)
            var inputs = PageInputs(texts: ["feed:" + Self.key(of: job, pages: pages)])
            for i in feeds.postIndexes(source) { inputs.parts += [.item(i), .postBody(i)] }
            return inputs
        case .sitemap:
            // Every page's URL and last change: the posts' links (with their dates), the
            // pages (site-wide), and each list page with its posts, whose newest change is its last.
            var inputs = PageInputs(texts: ["sitemap"])
            inputs.parts = site.posts.indices.map(PageInputs.Part.link)
            for (kind, members) in [(PageKind.tag, index.tagPosts), (.category, index.categoryPosts), (.series, index.seriesPosts)] {
                for at in 0..<pages.count(of: kind) {
                    inputs.texts.append(pages.urlPath(of: kind, at: at))
                    inputs.parts.append(.number(-1))
                    inputs.parts += members[at].map(PageInputs.Part.link)
                }
            }
            return inputs
        }
    }
}

/// How a page's or feed's data reads the site's posts and pages: through its
/// ``PageInputs``. In a debug build (the tests), a read the declaration lacks stops the
/// build; a release build reads without a look.
struct PageReads {
    let context: TemplateContext
    let inputs: PageInputs
    /// Where the posts' bodies are when ``TemplateContext/postBodies`` does not hold them
    /// yet: a full build makes a post's page and feeds in the job that rendered its body
    /// (``PostPagesWithBodies``).
    private let bodies: ((Int) -> RenderedBody)?
    #if DEBUG
    private let declared: Set<PageInputs.Part>
    #endif

    init(_ context: TemplateContext, _ inputs: PageInputs, bodies: ((Int) -> RenderedBody)? = nil) {
        self.context = context
        self.inputs = inputs
        self.bodies = bodies
        #if DEBUG
        declared = Set(inputs.parts)
        #endif
    }

    @inline(__always)
    private func check(_ part: PageInputs.Part, or other: PageInputs.Part? = nil) {
        #if DEBUG
        precondition(declared.contains(part) || other.map(declared.contains) == true,
                     "\(inputs.texts.prefix(2).joined(separator: " ")) reads \(part), which its PageInputs do not declare")
        #endif
    }

    /// Post n as its list entry shows it (front matter, dates).
    func post(_ n: Int) -> Post {
        check(.item(n))
        return context.site.posts[n]
    }

    /// Post n as a link to it shows it: title, URL, dates (an item shows them too).
    func linked(_ n: Int) -> Post {
        check(.link(n), or: .item(n))
        return context.site.posts[n]
    }

    func item(_ n: Int) -> MustacheValue {
        check(.item(n))
        if let bodies { return context.items.entry(n) { context.item(n, body: bodies(n)) } }
        return context.items[n]
    }

    /// The list entries of `ns`, in their order.
    func items(_ ns: some Collection<Int>) -> [MustacheValue] {
        for n in ns { check(.item(n)) }
        return context.items.entries(ns)
    }

    func postBody(_ n: Int) -> RenderedBody {
        check(.postBody(n))
        return bodies?(n) ?? context.postBodies[n]
    }

    func pageBody(_ n: Int) -> RenderedBody {
        check(.pageBody(n))
        return context.pageBodies[n]
    }

    /// The picture post n is shared with when its body has none.
    func sharedPicture(_ n: Int) -> TemplateContext.SharedPicture {
        check(.sharedPicture(n))
        return context.sharing.picture(of: context.site.posts[n])
    }
}
