import Markdown
import Mustache

/// The render stage: every page of the site through the theme's templates. Each page is
/// an independent job (its context built and its template rendered on whichever core is
/// free), so the stage scales with the cores.
public struct SitePages: Sendable {
    public var site: Site
    public var theme: Theme

    public init(site: Site, theme: Theme) {
        self.site = site
        self.theme = theme
    }

    enum Job: Sendable {
        case post(Int)
        case page(Int)
        case home(number: Int, total: Int)
        case archive
        case tags
        case tag(Int)
        case seriesIndex
        case series(Int)
    }

    /// Every page, or every error found: a template error shared by many pages is reported once.
    public func render() throws(DiagnosticsError) -> [RenderedFile] {
        let context = TemplateContext(site: site)
        let body = PostBodyRenderer(settings: site.config.markdown)
        let postIndex = Dictionary(uniqueKeysWithValues: site.posts.enumerated().map { ($1.slug, $0) })
        let tagPosts = site.tags.map { $0.posts.map { postIndex[$0.slug]! } }
        let seriesPosts = site.series.map { $0.parts.map { postIndex[$0.slug]! } }
        let theme = self.theme
        let site = self.site
        let results = jobs().parallelMap { job -> Result<RenderedFile, Diagnostic> in
            Result { () throws(Diagnostic) -> RenderedFile in
                let (kind, urlPath, value): (PageKind, String, MustacheValue)
                switch job {
                case .post(let index):
                    let post = site.posts[index]
                    let html = try body.html(for: post.body, file: post.sourcePath, firstLine: post.bodyFirstLine)
                    (kind, urlPath, value) = (.post, post.urlPath, context.postPage(index, content: html))
                case .page(let index):
                    let page = site.pages[index]
                    let html = try body.html(for: page.body, file: page.sourcePath, firstLine: page.bodyFirstLine)
                    (kind, urlPath, value) = (.page, page.urlPath, context.contentPage(page, content: html))
                case .home(let number, let total):
                    let perPage = site.config.postsPerPage
                    let range = (number - 1) * perPage..<min(site.posts.count, number * perPage)
                    (kind, urlPath, value) = (.home, TemplateContext.homeURLPath(number),
                                              context.homePage(number: number, of: total, posts: range))
                case .archive:
                    (kind, urlPath, value) = (.archive, "/archive/", context.archivePage())
                case .tags:
                    (kind, urlPath, value) = (.tags, "/tags/", context.tagsPage())
                case .tag(let index):
                    let tag = site.tags[index]
                    (kind, urlPath, value) = (.tag, tag.urlPath, context.tagPage(tag, postIndexes: tagPosts[index]))
                case .seriesIndex:
                    (kind, urlPath, value) = (.seriesIndex, "/series/", context.seriesIndexPage())
                case .series(let index):
                    (kind, urlPath, value) = (.series, site.series[index].urlPath,
                                              context.seriesPage(index, postIndexes: seriesPosts[index]))
                }
                let html = try theme.render(kind.templateName, context: value)
                return RenderedFile(path: String(urlPath.dropFirst()) + "index.html", contents: html)
            }
        }
        var files: [RenderedFile] = []
        var errors: [Diagnostic] = []
        var seen = Set<String>()
        for result in results {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error): if seen.insert(error.headline).inserted { errors.append(error) }
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(SiteLoader.inReadingOrder(errors)) }
        return files
    }

    /// Posts first: they are the bulk, and the largest jobs should start early.
    func jobs() -> [Job] {
        let homePages = max(1, (site.posts.count + site.config.postsPerPage - 1) / site.config.postsPerPage)
        return site.posts.indices.map(Job.post) + site.pages.indices.map(Job.page)
            + (1...homePages).map { Job.home(number: $0, total: homePages) }
            + [.archive, .tags, .seriesIndex]
            + site.tags.indices.map(Job.tag) + site.series.indices.map(Job.series)
    }
}
