import Foundation
import Support

/// A full build's post pages and feeds, made in the jobs that render the posts' bodies, so
/// that a body's HTML lives only as long as its page and feeds need it: lists need a post's
/// excerpt and word count, the link check its links. Holding every body until the pages
/// were rendered was most of a 10,000-post build's memory.
///
/// A preview server's rebuilds (with a ``RenderCache``) keep every body and render these
/// with the other pages instead: they compare each page's signature first.
struct PostPagesWithBodies: Sendable {
    let pages: SitePages
    let context: TemplateContext
    let feedBuilder: FeedBuilder
    let feeds: StreamedFeeds

    init(pages: SitePages, index: PostIndex) {
        self.pages = pages
        let site = pages.site
        var context = TemplateContext(site: site, pages: PageSet(site: site), postBodies: [], pageBodies: [], index: index, strings: pages.theme.strings)
        context.sharing = pages.sharing
        self.context = context
        let feedBuilder = FeedBuilder(site: site, urls: context.urls, index: index, strings: pages.theme.strings)
        self.feedBuilder = feedBuilder
        feeds = StreamedFeeds(FeedBuilder.sources(of: site).map { ($0, feedBuilder.postIndexes($0)) })
    }

    /// A file this made and, for a post page its own links point into, the page's ids.
    struct Made: Sendable {
        var path: String
        var ids: Set<String>?
    }

    /// Whether a job of the other pages' round is done here: every post page, and every
    /// feed with posts (one without is made with the other pages).
    func makes(_ job: SitePages.Job) -> Bool {
        switch job {
        case .page(.post, _): true
        case .feeds(let source): !feedBuilder.postIndexes(source).isEmpty
        default: false
        }
    }

    /// Renders post `number`'s page from its body, and the feeds whose last post it is, hands
    /// them to `sink`, and gives back what the rest of the build keeps of the body. The
    /// post page comes first.
    func files(_ number: Int, body: RenderedBody, sink: RenderedFileSink) throws(Diagnostic) -> (kept: RenderedBody, made: [Made]) {
        let page = try file(number, body: body)
        try sink(page)
        let own = PageLinks(sourcePath: pages.site.posts[number].sourcePath, outputPath: page.path, links: body.links)
        var made = [Made(path: page.path, ids: LinkChecker.fragmentTargets(of: [own]).contains(page.path) ? LinkChecker.ids(in: page.contents) : nil)]
        var kept = body
        kept.headings = []
        var forFeeds = kept
        forFeeds.links = []
        for feed in feeds.add(number, body: forFeeds) {
            let source = feeds.sources[feed]
            let inputs = pages.inputs(of: .feeds(source), index: context.index, pages: context.pages) ?? PageInputs(texts: [])
            let value = feedBuilder.feed(source, reads: PageReads(context, inputs, bodies: { feeds.body($0) }))
            for file in try pages.files(of: .feeds(value), context: context) {
                try sink(file)
                made.append(Made(path: file.path))
            }
            feeds.written(feed)
        }
        kept.html = ""
        return (kept, made)
    }

    private func file(_ number: Int, body: RenderedBody) throws(Diagnostic) -> RenderedFile {
        let post = pages.site.posts[number]
        let job = SitePages.Job.page(.post, number)
        let inputs = pages.inputs(of: job, index: context.index, pages: context.pages) ?? PageInputs(texts: [])
        let value = context.postPage(number, reads: PageReads(context, inputs, bodies: { _ in body }))
        let files = try pages.files(of: .page(.post, urlPath: post.urlPath, value), context: context)
        return files[0]
    }

    /// The ids of the post pages that other pages' links point into, found once every
    /// body's links are known: each such page is rendered again, into memory only. Rare
    /// (a link to a heading of another post), so cheaper than keeping every page's ids.
    func ids(of numbers: [Int], renderer: PostBodyRenderer) throws(DiagnosticsError) -> [Made] {
        try SitePages.collect(numbers.parallelMap { number in
            Result { () throws(Diagnostic) -> Made in
                let post = pages.site.posts[number]
                let body = try renderer.render(post.body, file: post.sourcePath, firstLine: post.bodyFirstLine, urlPath: post.urlPath)
                let file = try self.file(number, body: body)
                return Made(path: file.path, ids: LinkChecker.ids(in: file.contents))
            }
        })
    }
}

/// The bodies the feeds still wait for. A feed is made once all its posts' bodies are in,
/// and a body let go once every feed that carries it is made: with the bodies rendered
/// about in order (newest first), a feed of a tag's newest posts or of a series' parts
/// holds a few bodies for a short while, not every body for the whole stage.
final class StreamedFeeds: @unchecked Sendable {
    let sources: [FeedBuilder.Source]
    /// By feed: the posts (indexes into `site.posts`) it carries.
    private let members: [ArraySlice<Int>]
    /// By post: the feeds that carry it.
    private let carriers: [Int: [Int]]
    private let lock = NSLock()
    /// By feed: how many of its posts' bodies are still to come.
    private var missing: [Int]
    /// By post: how many of the feeds that carry it are still to be made.
    private var readers: [Int: Int]
    private var bodies: [Int: RenderedBody] = [:]

    init(_ feeds: [(source: FeedBuilder.Source, posts: ArraySlice<Int>)]) {
        sources = feeds.map(\.source)
        members = feeds.map(\.posts)
        var carriers: [Int: [Int]] = [:]
        for (feed, posts) in members.enumerated() {
            for post in posts { carriers[post, default: []].append(feed) }
        }
        self.carriers = carriers
        missing = members.map(\.count)
        readers = carriers.mapValues(\.count)
    }

    /// Takes post `number`'s body, if a feed carries it; the feeds now complete.
    func add(_ number: Int, body: RenderedBody) -> [Int] {
        guard let feeds = carriers[number] else { return [] }
        return lock.withLock {
            bodies[number] = body
            var complete: [Int] = []
            for feed in feeds {
                missing[feed] -= 1
                if missing[feed] == 0 { complete.append(feed) }
            }
            return complete
        }
    }

    /// The body of a post of a complete feed.
    func body(_ number: Int) -> RenderedBody {
        lock.withLock { bodies[number] } ?? RenderedBody(html: "", headings: [], links: [], wordCount: 0, excerpt: "")
    }

    /// Feed `feed` is made: lets go of the bodies no other feed waits for.
    func written(_ feed: Int) {
        lock.withLock {
            for post in members[feed] {
                readers[post, default: 1] -= 1
                if readers[post] == 0 { bodies[post] = nil }
            }
        }
    }
}
