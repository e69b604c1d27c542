import Foundation
import Markdown
import Mustache

/// The values templates are rendered with: what every page of a build shares, and
/// ``page(_:at:)``, the root value of one page, built by the extension for its kind
/// (PostPageContext.swift, ListPageContexts.swift, TaxonomyPageContexts.swift). Every key is
/// listed in docs/themes.md.
///
/// Keys a page lacks are present as `null` (or `false`, `[]`) rather than missing, so a
/// lookup inside a section never falls through to an outer value of the same name.
struct TemplateContext: Sendable {
    let site: Site
    let urls: SiteURLs
    let pages: PageSet
    /// The rendered bodies, in `site.posts` and `site.pages` order. A page's data reads
    /// them, and ``items``, through its ``PageReads``, never directly: what it reads is
    /// then what it declared.
    let postBodies: [RenderedBody]
    let pageBodies: [RenderedBody]
    let index: PostIndex
    /// The words of the theme, in the site's language.
    let strings: UIStrings
    /// The list entry of each post, in `site.posts` order, built when first needed and then
    /// shared by every list (a preview's rebuild needs only the few its pages show).
    let items: PostItems
    private let navigation: [NavigationEntry]
    /// The site's tags and categories by slug, for list entries.
    private let tagSlugs: [String: Tag]
    private let categorySlugs: [String: Tag]
    private let siteFields: MustacheObject
    private let stringsValue: MustacheValue
    /// What each post is shared with when it has no picture of its own: its social card
    /// (by source file), and the site's images for the size of an `image:`.
    var sharing = Sharing()

    struct Sharing: Sendable {
        var cards: [String: SocialImage] = [:]
        var images = ImageCatalog()

        /// What `post` is shared with, but for its body's first picture.
        func picture(of post: Post) -> SharedPicture {
            guard let image = post.image else { return SharedPicture(card: cards[post.sourcePath]) }
            let header = image.sitePath.flatMap { try? images.image(atSitePath: $0)?.header.get() }
            return SharedPicture(image: SocialImage(sitePath: image.sitePath, url: image.url, alt: image.alt,
                                                    width: header.flatMap { $0.width > 0 ? $0.width : nil },
                                                    height: header.flatMap { $0.height > 0 ? $0.height : nil }))
        }
    }

    /// The pictures a post may be shared with, besides its body's first: its `image:` (with
    /// the file's size), which comes first, and its social card, which comes last.
    struct SharedPicture: Sendable, Equatable {
        var image: SocialImage?
        var card: SocialImage?

        /// What the post is shared with (`og:image`): its `image:`, else its body's first
        /// picture, else its social card; nil when none.
        func socialImage(body: RenderedBody) -> SocialImage? {
            image ?? body.firstImage ?? card
        }
    }

    struct NavigationEntry: Sendable {
        var title: String
        var urlPath: String
        /// Marks the entry active on the pages of its section (``PageRoute/section``).
        var section: Section
        /// An `http(s)://` address of `menu:`, linked as written.
        var isExternal = false
    }

    /// The navigation entry a page belongs to: a generated section, or a page of `Content/pages/`.
    enum Section: Sendable, Equatable {
        case generated(NavigationSection)
        case page(slug: String)
        /// An entry of `menu:` that is neither: active only on its own URL.
        case link
    }

    /// `menu:`'s entries, each active on the pages of the generated section or the page its URL is.
    static func menuEntries(_ menu: [MenuItem], generated: [NavigationEntry], pages: [ContentPage]) -> [NavigationEntry] {
        menu.map { item in
            guard item.isSitePath else { return NavigationEntry(title: item.title, urlPath: item.url, section: .link, isExternal: true) }
            let section = generated.first { $0.urlPath == item.url }?.section
                ?? pages.first { $0.urlPath == item.url }.map { Section.page(slug: $0.slug) } ?? .link
            return NavigationEntry(title: item.title, urlPath: item.url, section: section)
        }
    }

    /// `reuse`: a preview server's cache and this build's versions, whose unchanged list
    /// entries are taken from the last build instead of being made again.
    /// `made`: list entries made already (by the post pages of ``PostPagesWithBodies``).
    init(site: Site, pages: PageSet, postBodies: [RenderedBody], pageBodies: [RenderedBody], index: PostIndex, strings: UIStrings,
         reuse: (cache: RenderCache, versions: RenderVersions)? = nil, made: PostItems? = nil) {
        self.site = site
        self.strings = strings
        stringsValue = strings.value
        self.pages = pages
        self.postBodies = postBodies
        self.pageBodies = pageBodies
        self.index = index
        let urls = SiteURLs(baseURL: site.config.baseURL)
        self.urls = urls
        let tagSlugs = Dictionary(uniqueKeysWithValues: site.tags.map { ($0.slug, $0) })
        let categorySlugs = Dictionary(uniqueKeysWithValues: site.categories.map { ($0.slug, $0) })
        self.tagSlugs = tagSlugs
        self.categorySlugs = categorySlugs
        // The last build's entries, found in one lock: a lock per entry showed at 10,000 posts.
        let reused = reuse.map { $0.cache.items(versions: $0.versions.items, global: $0.versions.global) }
        items = PostItems(count: site.posts.count, made: made, known: reused) { number in
            let post = site.posts[number]
            let item = Self.item(post, body: postBodies[number], urls: urls, series: index.seriesPlaceOfPost[number].map { site.series[$0.series] },
                                 tags: tagSlugs, categories: categorySlugs, strings: strings)
            if let reuse { reuse.cache.store(item: item, at: post.sourcePath, version: reuse.versions.items[number], global: reuse.versions.global) }
            return item
        }
        let generated = NavigationSection.allCases.map { section in
            NavigationEntry(title: strings[section.rawValue],
                            urlPath: pages.urlPath(of: section.kind, at: 0), section: .generated(section))
        }
        navigation = site.config.menu.isEmpty
            ? generated + site.pages.filter { $0.navOrder != nil }.map { NavigationEntry(title: $0.title, urlPath: $0.urlPath, section: .page(slug: $0.slug)) }
            : Self.menuEntries(site.config.menu, generated: generated, pages: site.pages)
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
            "social": .array(config.social.map { item in
                ["title": .string(item.title), "url": .string(item.isSitePath ? urls.link(urlPath: item.url) : item.url)]
            }),
            "feed_url": .string(urls.link(urlPath: FeedFormat.atom.urlPath(in: pages.urlPath(of: .home, at: 0)))),
            // Null with `search: false`, so that `{{#site.search_url}}` hides the search box.
            "search_url": config.search ? .string(urls.link(urlPath: pages.urlPath(of: .search, at: 0))) : .null,
            "search_index_url": config.search ? .string(urls.link(urlPath: "/" + SearchIndex.indexPath)) : .null,
            "opensearch_url": config.search ? .string(urls.link(urlPath: "/" + SiteFile.openSearch.path)) : .null,
            "archive_url": .string(urls.link(urlPath: pages.urlPath(of: .archive, at: 0))),
        ]
    }

    /// Post `number`'s list entry, made from `body` rather than taken from ``items``.
    func item(_ number: Int, body: RenderedBody) -> MustacheValue {
        let post = site.posts[number]
        return Self.item(post, body: body, urls: urls, series: index.seriesPlaceOfPost[number].map { site.series[$0.series] },
                         tags: tagSlugs, categories: categorySlugs, strings: strings)
    }

    /// The root value of page `index` (0-based) of a kind, which reads the site's posts
    /// and pages through `reads`, its declared inputs.
    func page(_ kind: PageKind, at index: Int, reads: PageReads) -> MustacheValue {
        switch kind {
        case .home: homePage(number: index + 1, reads: reads)
        case .post: postPage(index, reads: reads)
        case .page: contentPage(index, reads: reads)
        case .archive: archivePage(reads: reads)
        case .tags, .categories: termsPage(kind)
        case .tag, .category: termPage(kind, index, reads: reads)
        case .seriesIndex: seriesIndexPage(reads: reads)
        case .series: seriesPage(index, reads: reads)
        case .notFound: notFoundPage(reads: reads)
        case .search: searchPage()
        // Written by the build itself (``RedirectPage``), not through the theme.
        case .redirect: .null
        }
    }

    /// What a page says about itself in `<head>`: description, OpenGraph type and dates,
    /// and the feeds of what it lists.
    struct PageMetadata {
        var description: String?
        var article: Post?
        /// The picture it is shared with (`og:image`).
        var image: SocialImage?
        /// The feeds of the page's own tag or series, besides the site's.
        var feedFolder: (title: String, urlPath: String)?
    }

    /// The root value of a page: `site`, `page`, and the kind's own keys.
    func document(_ kind: PageKind, title: String, urlPath: String, metadata: PageMetadata = PageMetadata(),
                  fields: MustacheObject, section: Section? = nil) -> MustacheValue {
        let section = section ?? kind.route.section.map(Section.generated)
        var siteValue = siteFields
        siteValue["nav"] = .array(navigation.map { entry in
            ["title": .string(entry.title), "url": .string(entry.isExternal ? entry.urlPath : urls.link(urlPath: entry.urlPath)),
             "current": .bool(entry.urlPath == urlPath), "active": .bool(entry.section == section)]
        })
        var feedFolders = [(title: site.config.title, urlPath: pages.urlPath(of: .home, at: 0))]
        if let own = metadata.feedFolder { feedFolders.append(own) }
        let feeds: [MustacheValue] = feedFolders.flatMap { folder in
            FeedFormat.allCases.map { format in
                ["title": .string(strings.format("feed_link", ["title": folder.title, "format": format.label])), "type": .string(format.mediaType),
                 "url": .string(urls.absolute(urlPath: format.urlPath(in: folder.urlPath)))]
            }
        }
        var root = fields
        root["site"] = .object(siteValue)
        root["strings"] = stringsValue
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
            "image": metadata.image.map { image in
                ["permalink": .string(image.sitePath.map { urls.absolute(urlPath: $0) } ?? image.url), "alt": .string(image.alt),
                 "width": image.width.map(MustacheValue.int) ?? .null, "height": image.height.map(MustacheValue.int) ?? .null]
            } ?? .null,
            "feeds": .array(feeds),
        ]
        return .object(root)
    }
}

/// The posts' list entries, each built on first use from any thread, then kept.
struct PostItems: RandomAccessCollection, Sendable {
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var values: [MustacheValue?]
        init(count: Int) { values = Array(repeating: Optional<MustacheValue>.none, count: count) }
    }

    private let storage: Storage
    private let make: @Sendable (Int) -> MustacheValue
    let endIndex: Int

    /// `made` or `known`: entries made already, where not nil.
    init(count: Int, made: PostItems? = nil, known: [MustacheValue?]? = nil, make: @escaping @Sendable (Int) -> MustacheValue) {
        storage = Storage(count: count)
        if let made, made.count == count {
            storage.values = made.storage.lock.withLock { made.storage.values }
        } else if let known, known.count == count {
            storage.values = known
        }
        self.make = make
        endIndex = count
    }

    /// Entry `position`, made by `make` unless it is made already.
    func entry(_ position: Int, orMake make: () -> MustacheValue) -> MustacheValue {
        if let value = storage.lock.withLock({ storage.values[position] }) { return value }
        let value = make()
        storage.lock.withLock { storage.values[position] = value }
        return value
    }

    var startIndex: Int { 0 }

    /// The entries at `positions`, in their order, taking the lock twice rather than once
    /// per entry: a list of every post took it ten thousand times against the other cores.
    func entries(_ positions: some Collection<Int>) -> [MustacheValue] {
        let found = storage.lock.withLock { positions.map { storage.values[$0] } }
        var made: [(position: Int, value: MustacheValue)] = []
        let values = zip(positions, found).map { position, value in
            if let value { return value }
            let value = make(position)
            made.append((position, value))
            return value
        }
        if !made.isEmpty { storage.lock.withLock { for (position, value) in made { storage.values[position] = value } } }
        return values
    }

    subscript(position: Int) -> MustacheValue {
        if let value = storage.lock.withLock({ storage.values[position] }) { return value }
        let value = make(position)
        storage.lock.withLock { storage.values[position] = value }
        return value
    }
}
