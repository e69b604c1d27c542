import Foundation
import Markdown
import Mustache
import Support

/// What the render stage produced, besides the files it handed to its sink: their paths,
/// and the links of the content with what the link checker needs to prove them (the ids
/// of the pages that links point into).
struct RenderedSite: Sendable {
    /// Output paths of every generated file (`posts/x/index.html`, `atom.xml`).
    var paths: Set<String>
    var links: [PageLinks]
    /// The `id`s of each generated page a link's `#fragment` points into.
    var ids: [String: Set<String>]
    /// Warnings of the stage (math shown as TeX source when KaTeX is missing).
    var warnings: [Diagnostic]
    /// The source files of the site's bodies, for ``RenderCache/commit(units:bodies:)``.
    var bodyFiles: Set<String> = []

    var pageCount: Int { paths.count { $0.hasSuffix(".html") } }
}

/// Where the render stage puts each file as soon as it is made; called from every core.
typealias RenderedFileSink = @Sendable (RenderedFile) throws(Diagnostic) -> Void

/// The render stage, in two rounds of parallel jobs:
/// 1. every post's and page's Markdown body (HTML, headings, links, excerpt), since lists
///    show other posts' excerpts and feeds carry their content;
/// 2. every page through the theme's templates, the feeds and the site files.
/// Each job runs on whichever core is free, so the stage scales with the cores.
struct SitePages: Sendable {
    var site: Site
    var theme: Theme
    /// Renders the formulas of the posts; nil shows them as TeX source without a warning.
    var math: MathRenderer?
    /// What the last check-snippets run recorded, for the pages to show.
    var verifiedSnippets = VerifiedSnippets()
    /// The files the site publishes, for `@Image`'s check of its source.
    var assets = SiteAssets()
    /// The images' sizes and smaller copies, for every `<img>` of a body.
    var images = ImageMarkup()
    /// The posts' social cards, by the post's source file.
    var cards: [String: SocialImage] = [:]
    /// The search entries of the last full build, by what each is made from; nil makes
    /// every entry (serve keeps its own, ``SearchIndexCache``).
    var searchStore: SearchEntryStore?

    var sharing: TemplateContext.Sharing { TemplateContext.Sharing(cards: cards, images: images.catalog) }

    init(site: Site, theme: Theme, math: MathRenderer? = nil) {
        self.site = site
        self.theme = theme
        self.math = math
    }

    enum Job: Sendable {
        /// Page `index` (0-based) of a kind, in ``PageSet``'s order.
        case page(PageKind, Int)
        case feeds(FeedBuilder.Source)
        case sitemap
        case robots
    }

    /// Every file, handed to `sink` as it is made, or every error found: a template error
    /// shared by many pages is reported once. With a `cache` (a preview server's), bodies
    /// and pages whose inputs did not change since the cache's last build are not rendered,
    /// and their files are not handed to `sink`: the output already has them. The caller
    /// commits the cache once the files are in the output.
    func render(into sink: RenderedFileSink, cache: RenderCache? = nil) throws(DiagnosticsError) -> RenderedSite {
        let site = self.site
        let (renderer, warnings) = try bodyRenderer(cache: cache)
        cache?.begin(environment: .init(links: renderer.links, markdown: site.config.markdown, math: renderer.math.htmlByKey,
                                        verified: renderer.verified, templateSyntax: renderer.templateSyntax,
                                        images: renderer.images),
                     templates: theme.sources)
        let bodyKeys = site.posts.map { RenderCache.BodyKey(body: $0.body, file: $0.sourcePath, firstLine: $0.bodyFirstLine, urlPath: $0.urlPath) }
            + site.pages.map { RenderCache.BodyKey(body: $0.body, file: $0.sourcePath, firstLine: $0.bodyFirstLine, urlPath: $0.urlPath) }
        let index = cache?.siteIndexes.postIndex(of: site) ?? PostIndex(site)
        // A full build renders each post's page with its body (``PostPagesWithBodies``).
        let postPages = cache == nil ? PostPagesWithBodies(pages: self, index: index) : nil
        let searchEntries = postPages != nil && site.config.search ? SearchEntries(pages: self) : nil
        let postCount = site.posts.count
        // Found in one lock: a lock per body, against the other cores', showed at 10,000 posts.
        let cached = cache?.bodies(bodyKeys)
        @Sendable func render(_ number: Int) -> Result<RenderedBody, Diagnostic> {
            let key = bodyKeys[number]
            return Result { () throws(Diagnostic) in try renderer.render(key.body, file: key.file, firstLine: key.firstLine, urlPath: key.urlPath) }
        }
        let rendered: [(body: Result<RenderedBody, Diagnostic>, made: Result<[PostPagesWithBodies.Made], Diagnostic>)]
        if let cached {
            // Only the bodies the cache lacks, on all cores; no post page is made with its body.
            let missing = cached.indices.filter { cached[$0] == nil }
            let fresh = missing.parallelMap(render)
            var bodies = cached.map { found in found.map { Result<RenderedBody, Diagnostic>.success($0.body) } }
            for (number, body) in zip(missing, fresh) { bodies[number] = body }
            rendered = bodies.compactMap { body in body.map { ($0, .success([])) } }
        } else {
            // In order: a feed is made once its posts are, which come together (newest first).
            // In batches, bodies first: alternating the Markdown and the template code post by
            // post cost a twelfth more time than rendering a batch of each.
            // A post's search entry is made here, where its page is, from the body's HTML, which
            // the build keeps no longer.
            let searchEntries = searchEntries
            let batches = stride(from: 0, to: bodyKeys.count, by: Self.batchSize).map { $0..<min($0 + Self.batchSize, bodyKeys.count) }
            rendered = batches.parallelMapInOrder { batch -> [(body: Result<RenderedBody, Diagnostic>, made: Result<[PostPagesWithBodies.Made], Diagnostic>)] in
                zip(batch, batch.map(render)).map { number, body in
                    guard let postPages, number < postCount, case .success(let full) = body else { return (body, .success([])) }
                    do throws(Diagnostic) {
                        try searchEntries?.make(number, body: full, sink: sink)
                        let (kept, made) = try postPages.files(number, body: full, sink: sink)
                        return (.success(kept), .success(made))
                    } catch {
                        return (body, .failure(error))
                    }
                }
            }.flatMap { $0 }
        }
        // Kept before any error is reported: the next build need not render them again.
        var bodyVersions = cached?.map { $0?.version ?? -1 } ?? []
        if let cache, let cached {
            let fresh = rendered.indices.compactMap { number -> (number: Int, body: RenderedBody)? in
                guard cached[number] == nil, case .success(let body) = rendered[number].body else { return nil }
                return (number, body)
            }
            for (number, version) in zip(fresh.map(\.number), cache.store(bodies: fresh.map { ($0.number, bodyKeys[$0.number], $0.body) })) {
                bodyVersions[number] = version
            }
        }
        let bodies = try Self.collect(rendered.map(\.body))
        // Their errors count with the other pages', below.
        var made = rendered.map(\.made)
        let postBodies = Array(bodies.prefix(site.posts.count)), pageBodies = Array(bodies.dropFirst(site.posts.count))
        let renderVersions = cache.map {
            self.versions($0, postBodies: Array(bodyVersions.prefix(postCount)), pageBodies: Array(bodyVersions.dropFirst(postCount)),
                          index: index, homePages: pages.homePageCount)
        }
        var pageContext = TemplateContext(site: site, pages: pages, postBodies: postBodies, pageBodies: pageBodies, index: index,
                                      strings: theme.strings, reuse: cache.flatMap { cache in renderVersions.map { (cache, $0) } },
                                      made: postPages?.context.items)
        pageContext.sharing = sharing
        let context = pageContext
        let feeds = FeedBuilder(site: site, urls: context.urls, index: index, strings: theme.strings)
        let sources = zip(site.posts, postBodies).map { (sourcePath: $0.sourcePath, urlPath: $0.urlPath, links: $1.links + Self.imageLinks(of: $0)) }
            + zip(site.pages, pageBodies).map { (sourcePath: $0.sourcePath, urlPath: $0.urlPath, links: $1.links) }
        let (links, fragmentTargets) = cache?.siteIndexes.pageLinks(sources) ?? SiteIndexCache.pageLinks(sources)
        if let postPages {
            // A post page is the first file its job made.
            let missing = made.indices.filter { number in
                (try? made[number].get())?.first.map { $0.ids == nil && fragmentTargets.contains($0.path) } ?? false
            }
            for (number, page) in zip(missing, try postPages.ids(of: missing, renderer: renderer)) {
                made[number] = made[number].map { files in [page] + files.dropFirst() }
            }
        }
        let remaining = jobs().filter { postPages?.makes($0) != true }
        // With a cache, every page's and feed's signature first, then the unchanged ones
        // found in one lock: a lock per job, twelve thousand against the other cores', showed.
        let plans = renderVersions.map { versions in
            Array(remaining.indices).parallelMap { position in
                plan(of: remaining[position], at: position, versions: versions, index: index, pages: context.pages, fragmentTargets: fragmentTargets)
            }
        }
        let unchanged = plans.flatMap { cache?.unchanged($0) } ?? []
        let toRender = remaining.indices.filter { unchanged.isEmpty || !unchanged[$0] }
        // The search index is made while the pages render: it needs only the bodies. (A full
        // build wrote the posts' fragments as their pages were made; few files are left.)
        let search = !site.config.search ? nil : BackgroundWork { [self] in
            searchFiles(postBodies: postBodies, pageBodies: pageBodies, made: postPages == nil ? nil : searchEntries,
                        cache: cache?.search, versions: renderVersions)
        }
        let outputs = toRender.parallelMap { number in
            Result { () throws(Diagnostic) -> [(path: String, ids: Set<String>?)] in
                try output(of: remaining[number], plan: plans?[number], context: context, feeds: feeds, fragmentTargets: fragmentTargets,
                           sink: sink, cache: cache)
            }
        }
        let indexFiles = search?.wait()
        let postFiles = postPages == nil ? [] : made.map { $0.map { $0.map { (path: $0.path, ids: $0.ids) } } }
        let written = try Self.collect(postFiles + outputs)
        // In job order, rendered or not, so that an unchanged site gives the same list.
        var paths: [String] = [], ids: [String: Set<String>] = [:]
        for (path, pageIDs) in written.prefix(postFiles.count).joined() {
            paths.append(path)
            if let pageIDs { ids[path] = pageIDs }
        }
        var renderedFiles = written.dropFirst(postFiles.count).makeIterator()
        let knownIDs = cache?.ids(of: remaining.indices.flatMap { unchanged.isEmpty || !unchanged[$0] ? [] : plans?[$0]?.targetPaths ?? [] })
        for position in remaining.indices {
            if !unchanged.isEmpty, unchanged[position], let plan = plans?[position] {
                paths += plan.paths
                for path in plan.targetPaths { ids[path] = knownIDs?[path] }
            } else {
                for (path, pageIDs) in renderedFiles.next() ?? [] {
                    paths.append(path)
                    if let pageIDs { ids[path] = pageIDs }
                }
            }
        }
        if let indexFiles {
            do throws(Diagnostic) {
                for file in cache?.search.changed(indexFiles) ?? indexFiles { try sink(file) }
            } catch {
                throw DiagnosticsError([error])
            }
            paths += indexFiles.map(\.path) + (postPages == nil ? [] : searchEntries?.fragmentPaths ?? [])
        }
        return RenderedSite(paths: cache?.siteIndexes.set(of: paths, .outputPaths) ?? Set(paths), links: links, ids: ids,
                            warnings: warnings + bodies.flatMap(\.warnings)
                                + (UnhighlightedLanguages.warning(for: bodies.flatMap(\.unhighlighted)).map { [$0] } ?? []),
                            bodyFiles: cache?.siteIndexes.set(of: bodyKeys.map(\.file), .bodyFiles) ?? [])
    }

    /// What a page or feed shows, with its files, known before its data is built.
    struct Plan: Sendable {
        var key: String
        var paths: [String]
        /// What it shows, which its template data is read through.
        var inputs: PageInputs
        var input: RenderCache.Input
        /// The paths a link's fragment points into, whose ids the link checker needs.
        var targetPaths: [String]
        /// Its place in the build's list of plans.
        var position: Int
    }

    /// Nil for the site files, which are compared as text.
    private func plan(of job: Job, at position: Int, versions: RenderVersions, index: PostIndex, pages: PageSet,
                      fragmentTargets: Set<String>) -> Plan? {
        guard let inputs = inputs(of: job, index: index, pages: pages) else { return nil }
        let paths = Self.paths(of: job, pages: pages)
        return Plan(key: paths[0], paths: paths, inputs: inputs, input: .signature(inputs.signature(versions)),
                    targetPaths: fragmentTargets.isEmpty ? [] : paths.filter(fragmentTargets.contains), position: position)
    }

    /// The files of one job, handed to `sink`, with the ids of those links point into.
    /// With a cache, a job with a `plan` is known to have changed; one without (a site
    /// file) is compared as text.
    private func output(of job: Job, plan: Plan?, context: TemplateContext, feeds: FeedBuilder, fragmentTargets: Set<String>,
                        sink: RenderedFileSink, cache: RenderCache?) throws(Diagnostic) -> [(path: String, ids: Set<String>?)] {
        let unit = unit(for: job, inputs: plan?.inputs, context: context, feeds: feeds)
        if let cache, plan == nil {
            let targets = unit.paths.filter(fragmentTargets.contains)
            if cache.isUnchanged(unit.key, input: .text(unit.text), needsIDs: !targets.isEmpty) {
                return unit.paths.map { ($0, targets.contains($0) ? cache.ids(of: $0) : nil) }
            }
        }
        var made: [(path: String, ids: Set<String>?)] = []
        for file in try files(of: unit, context: context) {
            try sink(file)
            made.append((file.path, fragmentTargets.contains(file.path) ? LinkChecker.ids(in: file.contents) : nil))
        }
        cache?.store(plan?.input ?? .text(unit.text), for: plan?.key ?? unit.key, ids: made.first?.ids, position: plan?.position)
        return made
    }

    /// The body renderer, with the site's formulas rendered in one batch first; their
    /// errors fail the stage, a missing KaTeX is a warning.
    private func bodyRenderer(cache: RenderCache?) throws(DiagnosticsError) -> (PostBodyRenderer, warnings: [Diagnostic]) {
        let urls = SiteURLs(baseURL: site.config.baseURL)
        let links = cache?.siteIndexes.linkResolver(of: site, urls: urls) ?? LinkResolver(site: site, urls: urls)
        var renderer = PostBodyRenderer(parser: PostBodyParser(settings: site.config.markdown), links: links,
                                        footnotes: cache?.footnotes(of: links.sourceURLPaths))
        renderer.verified = verifiedSnippets
        renderer.assets = assets
        renderer.images = images
        renderer.templateSyntax = site.config.templateSyntax
        guard let math else { return (renderer, []) }
        let bodies = site.posts.map { (body: $0.body, file: $0.sourcePath, firstLine: $0.bodyFirstLine) }
            + site.pages.map { (body: $0.body, file: $0.sourcePath, firstLine: $0.bodyFirstLine) }
        let found = renderer.formulas(in: bodies, known: cache?.mathScans)
        renderer.math = math.render(found.formulas)
        renderer.inlineMath = found.inlineMath
        let errors = renderer.math.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        return (renderer, renderer.math.diagnostics)
    }

    /// Renders into memory, for tests and tools that look at the files rather than write them.
    func renderToMemory(cache: RenderCache? = nil) throws(DiagnosticsError) -> (site: RenderedSite, files: [RenderedFile]) {
        let collected = Collected()
        let site = try render(into: collected.sink, cache: cache)
        return (site, collected.byPath)
    }

    /// The files the render jobs hand to a sink, from many threads at once, kept in memory.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [RenderedFile] = []
        var sink: RenderedFileSink { { [self] file in lock.withLock { list.append(file) } } }
        /// Every file so far, sorted by path.
        var byPath: [RenderedFile] { lock.withLock { list }.sorted { $0.path < $1.path } }
    }

    /// The values, or every distinct error in job order.
    static func collect<Value>(_ results: [Result<Value, Diagnostic>]) throws(DiagnosticsError) -> [Value] {
        var values: [Value] = []
        var errors: [Diagnostic] = []
        var seen = Set<String>()
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let error): if seen.insert(error.headline).inserted { errors.append(error) }
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(Diagnostic.inReadingOrder(errors)) }
        return values
    }

    /// One unit of output, as data: a page with its template's data, a feed (three files), or
    /// a site file. Rendering it (``files(of:context:)``) is the expensive part.
    enum Unit {
        case page(PageKind, urlPath: String, MustacheValue)
        case feeds(Feed)
        case file(RenderedFile)

        /// The output paths the unit makes.
        var paths: [String] {
            switch self {
            case .page(_, let urlPath, _): return [SiteRoutes.outputPath(urlPath)]
            case .feeds(let feed): return FeedFormat.allCases.map { $0.outputPath(in: feed.folderURLPath) }
            case .file(let file): return [file.path]
            }
        }

        var key: String { paths[0] }

        /// A site file's contents (pages and feeds are compared by signature instead).
        var text: String {
            if case .file(let file) = self { return file.contents }
            return ""
        }
    }

    /// The output paths of a page's or feed's job, known without building it.
    static func paths(of job: Job, pages: PageSet) -> [String] {
        switch job {
        case .page(let kind, let index): return [SiteRoutes.outputPath(pages.urlPath(of: kind, at: index))]
        case .feeds(let source):
            let folder: String
            switch source {
            case .site: folder = pages.urlPath(of: .home, at: 0)
            case .tag(let tag): folder = pages.site.tags[tag].urlPath
            case .category(let category): folder = pages.site.categories[category].urlPath
            case .series(let series): folder = pages.site.series[series].urlPath
            }
            return FeedFormat.allCases.map { $0.outputPath(in: folder) }
        case .sitemap: return [SiteFile.sitemap.path]
        case .robots: return [SiteFile.robots.path]
        }
    }

    static func key(of job: Job, pages: PageSet) -> String { paths(of: job, pages: pages)[0] }

    /// `inputs`: the job's, when they are known already.
    private func unit(for job: Job, inputs: PageInputs?, context: TemplateContext, feeds: FeedBuilder) -> Unit {
        func reads() -> PageReads {
            PageReads(context, inputs ?? self.inputs(of: job, index: context.index, pages: context.pages) ?? PageInputs(texts: []))
        }
        switch job {
        case .page(.redirect, let index):
            let redirect = pages.redirects[index]
            return .file(RenderedFile(path: SiteRoutes.outputPath(redirect.from),
                                      contents: RedirectPage.html(to: redirect.to, urls: context.urls, language: site.config.language,
                                                                  strings: theme.strings)))
        case .page(let kind, let at):
            return .page(kind, urlPath: pages.urlPath(of: kind, at: at), context.page(kind, at: at, reads: reads()))
        case .feeds(let source):
            return .feeds(feeds.feed(source, reads: reads()))
        case .sitemap:
            return .file(RenderedFile(path: SiteFile.sitemap.path, contents: Sitemap(pages: pages, urls: context.urls, reads: reads()).xml()))
        case .robots:
            return .file(RenderedFile(path: SiteFile.robots.path, contents: Sitemap.robotsTxt(urls: context.urls), replaceableByStatic: SiteFile.robots.replaceableByStatic))
        }
    }

    func files(of unit: Unit, context: TemplateContext) throws(Diagnostic) -> [RenderedFile] {
        switch unit {
        case .page(let kind, let urlPath, let value):
            return [RenderedFile(path: SiteRoutes.outputPath(urlPath), utf8: try theme.render(theme.template(for: kind.route), context: value))]
        case .feeds(let feed):
            let contents = FeedContent.of(feed, urls: context.urls)
            return FeedFormat.allCases.map { format in
                RenderedFile(path: format.outputPath(in: feed.folderURLPath), utf8: format.render(feed, contents: contents, urls: context.urls))
            }
        case .file(let file):
            return [file]
        }
    }

    /// Every page of every kind in the routes table, the feeds and the site files. Posts
    /// first: they are the bulk, and the largest jobs should start early.
    func jobs() -> [Job] {
        let kinds = [PageKind.post] + PageRoute.table.map(\.kind).filter { $0 != .post }
        return kinds.flatMap { kind in (0..<pages.count(of: kind)).map { Job.page(kind, $0) } }
            + FeedBuilder.sources(of: site).map(Job.feeds) + [.sitemap, .robots]
    }

    private var pages: PageSet { PageSet(site: site) }

    /// Bodies rendered together before their pages (``render(into:cache:)``).
    static let batchSize = 32
}

extension SitePages {
    /// A post's `image:`, checked like a link of its body: a broken one is an error at its
    /// line in the front matter.
    static func imageLinks(of post: Post) -> [ResolvedLink] {
        guard let image = post.image else { return [] }
        let target: LinkTarget = switch image.sitePath {
        case nil: .external
        case let path? where path.hasPrefix("/"): .site(path: path, query: "", fragment: nil)
        case _: .missingSource(path: image.url, reason: "it leads outside the site")
        }
        return [ResolvedLink(written: WrittenLink(url: image.url, location: image.location), target: target)]
    }
}
