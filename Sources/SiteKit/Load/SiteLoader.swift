import Foundation
import Support

/// The load stage: reads `Content/` into a validated `Site`, or fails with every error found.
public struct SiteLoader: Sendable {
    var layout: SiteLayout
    var includeDrafts: Bool
    /// Publish posts dated after `now` (`--future`); `future: true` in site.yml does too.
    var includeFuture = false
    /// The build's time, which scheduled posts wait for.
    var now = Date()
    /// A preview server's: files that did not change since its last load are not read again.
    var cache: LoadCache?
    /// What changed since the cache's last good load, as ``SiteLayout/interpreted(_:)``
    /// says: with files named, the settings are the last load's, the folders' listings are
    /// brought up to date from the files, and a file not named is taken from the cache
    /// without a look at it.
    var changes = SourceChanges.unknown

    public init(layout: SiteLayout, includeDrafts: Bool = false) {
        self.layout = layout
        self.includeDrafts = includeDrafts
    }

    /// The site and its warnings. Throws `DiagnosticsError` holding errors and warnings alike.
    public func load() throws(DiagnosticsError) -> (site: Site, warnings: [Diagnostic]) {
        let (site, diagnostics) = loadReadableFiles()
        guard !diagnostics.contains(where: { $0.severity == .error }), let site else {
            throw DiagnosticsError(diagnostics)
        }
        return (site, diagnostics)
    }

    /// The site of every post and page that could be read, and every diagnostic, errors
    /// included, in reading order; no site when the settings cannot be read. For
    /// check-snippets, which checks the posts it can and reports the errors of the others.
    package func loadReadableFiles() -> (site: Site?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let boundary = FolderBoundary(root: layout.root.path)
        let config: SiteConfig?
        if changes != .unknown, let last = cache?.settings.last {
            (config, diagnostics) = last
        } else {
            config = loadSettings(boundary, &diagnostics)
            cache?.settings.keep(config, diagnostics)
        }
        let routes = config?.routes ?? .standard
        var links: [String] = []
        let postFiles = contentFiles(in: layout.posts, what: "post", boundary: boundary, &diagnostics, links: &links)
        let pageFiles = contentFiles(in: layout.pages, what: "page", boundary: boundary, &diagnostics, links: &links)
        // A link's target can change with no event that names the link: it is looked at every time.
        var changes = self.changes
        if !links.isEmpty { changes.formUnion(SourceChanges(files: Set(links))) }
        let limits = config?.limits ?? OutputLimits(), settingsFile = layout.displayPath(layout.configFile)
        var postSettings = Hasher()
        postSettings.combine(limits)
        postSettings.combine(routes)
        postSettings.combine(includeDrafts)
        let includeDrafts = includeDrafts
        let posts = decode(postFiles, settings: postSettings.finalize(), shelf: cache?.posts, changes: changes, &diagnostics) { source, file in
            var (post, diagnostics) = TagLimit.check(PostDecoder.decode(source, file: file), source: source, limits: limits, settingsFile: settingsFile)
            // The URL is the permalink's; relative aliases are read from it.
            if var found = post {
                found.urlPath = routes.post(PermalinkValues.of(found))
                found.aliases = Self.resolved(found.aliases, from: found.urlPath)
                if var image = found.image {
                    // A relative path is a file of the post's bundle when it has one by that name
                    // (Hugo's page resources), else a path from the site's root, as
                    // jekyll-seo-tag reads `image: assets/a.png`.
                    let besidePage = found.resources.contains { $0.name == image.url }
                    image.sitePath = Self.sitePath(of: image.url, from: besidePage ? found.urlPath : "/")
                    found.image = image
                }
                post = found
            }
            // A draft's errors are warnings without --drafts (``DraftProblems``), whether it decoded or not.
            if !includeDrafts, diagnostics.contains(where: { $0.severity == .error }), post?.draft ?? PostDecoder.isDraft(source) {
                diagnostics = diagnostics.map(DraftProblems.demoted)
            }
            return (post, diagnostics)
        }
        let reserved = Self.reservedSegments(routes)
        var pageSettings = Hasher()
        pageSettings.combine(reserved)
        pageSettings.combine(includeDrafts)
        var pages = decode(pageFiles, settings: pageSettings.finalize(), shelf: cache?.pages, changes: changes, &diagnostics) { source, file in
            var (page, diagnostics) = PageDecoder.decode(source, file: file, reserved: reserved)
            if !includeDrafts, diagnostics.contains(where: { $0.severity == .error }), page?.draft ?? PostDecoder.isDraft(source) {
                diagnostics = diagnostics.map(DraftProblems.demoted)
            }
            return (page, diagnostics)
        }
        cache?.keep(only: postFiles.map(\.file.path) + pageFiles.map(\.file.path))
        for index in pages.indices { pages[index].aliases = Self.resolved(pages[index].aliases, from: pages[index].urlPath) }
        if includeDrafts { diagnostics += Self.undatedDrafts(posts, files: postFiles) }
        let drafts = includeDrafts ? [] : (posts.filter(\.draft).map(\.sourcePath) + pages.filter(\.draft).map(\.sourcePath)).sorted()
        let draftFiles = Set(drafts)
        // Checked over drafts too: publishing a draft must not break the build later. Without
        // --drafts, what only a draft has wrong is a warning.
        diagnostics += DraftProblems.demoted(SiteValidator.validate(posts) + SiteValidator.validate(pages), drafts: draftFiles)
        let (due, scheduled) = includeFuture || config?.future == true ? (posts, []) : Self.scheduled(posts, now: now)
        let published = Self.newestFirst(due, includeDrafts: includeDrafts)
        func navigationOrder(_ pages: [ContentPage]) -> [ContentPage] {
            pages.sorted { ($0.navOrder ?? Int.max, $0.title, $0.sourcePath) < ($1.navOrder ?? Int.max, $1.title, $1.sourcePath) }
        }
        let publishedPages = navigationOrder(pages.filter { includeDrafts || !$0.draft })
        var site = config.map { Site(config: $0, posts: published, pages: publishedPages, skippedDrafts: drafts) }
        site?.scheduledPosts = scheduled
        if let found = site {
            let (files, problems) = OutputFilesCheck.generated(found, settingsFile: settingsFile, memo: cache?.outputFiles)
            site?.outputFiles = files
            diagnostics += SiteValidator.singlePartSeries(found.series) + problems
            if !draftFiles.isEmpty {
                // The URLs of the site with its drafts: a draft's repeated alias, or one on a published page.
                let withDrafts = Site(config: found.config, posts: Self.newestFirst(posts, includeDrafts: true), pages: navigationOrder(pages))
                let known = Set(problems)
                let draftProblems = OutputFilesCheck.generated(withDrafts, settingsFile: settingsFile).problems
                    .filter { !known.contains($0) && DraftProblems.involves($0, drafts: draftFiles) }
                diagnostics += draftProblems.map(DraftProblems.demoted)
                site?.drafts = DraftSite(site: withDrafts, files: draftFiles)
            }
        }
        return (site, Diagnostic.inReadingOrder(diagnostics))
    }

    /// The first URL segments of the generated lists (`tags`, `series`, the pager's `page`),
    /// which a page of `Content/pages/` may not take as its slug.
    package static func reservedSegments(_ routes: SiteRoutes = .standard) -> Set<String> {
        let lists = [PageKind.archive, .tags, .seriesIndex].compactMap(routes.single) + [routes.home(page: 2), routes.permalinks.posts.prefix]
        return Set(lists.compactMap { $0.split(separator: "/").first.map { $0.lowercased() } })
    }

    /// Aliases as site paths: a relative one is read from the folder the page is in (as
    /// Hugo does: `old` of `/2019/08/post/` is `/2019/08/old/`), and one without a file
    /// extension is a folder (`/old` answers as `/old/`).
    /// A percent-encoded alias (`/two%20words/`, as Jekyll writes URLs) is the path it
    /// encodes: a server decodes the request before it looks for the file.
    static func resolved(_ aliases: [Alias], from urlPath: String) -> [Alias] {
        let trimmed = urlPath.hasSuffix("/") ? String(urlPath.dropLast()) : urlPath
        // `/` (a post permalink of `/`) trims to nothing: its folder is the root.
        let folder = trimmed.lastIndex(of: "/").map { String(trimmed[...$0]) } ?? "/"
        return aliases.map { alias in
            let decoded = alias.urlPath.contains("%") ? alias.urlPath.removingPercentEncoding ?? alias.urlPath : alias.urlPath
            let absolute = decoded.hasPrefix("/") ? decoded : folder + decoded
            // One that climbs above the site keeps its `..`, which the output check reports at it.
            guard let normalized = SiteURLs.normalized(absolute) else { return alias }
            var path = "/" + normalized
            let last = path.split(separator: "/").last ?? ""
            if path != "/" && !absolute.hasSuffix("/") && last.contains(".") == false { path += "/" }
            if absolute.hasSuffix("/") && path != "/" { path += "/" }
            return Alias(urlPath: path, location: alias.location)
        }
    }

    /// The site path a URL written on the page at `urlPath` names (`cover.png` on `/posts/x/`
    /// is `/posts/x/cover.png`); nil for an address elsewhere. One that climbs above the site
    /// keeps its `..` (no leading `/`), which the link check reports.
    static func sitePath(of url: String, from urlPath: String) -> String? {
        guard !url.hasPrefix("//"), !SiteURLs.hasScheme(url) else { return nil }
        let folder = urlPath.hasSuffix("/") ? urlPath : String(urlPath[...(urlPath.lastIndex(of: "/") ?? urlPath.startIndex)])
        let decoded = url.removingPercentEncoding ?? url
        return SiteURLs.normalized(decoded.hasPrefix("/") ? decoded : folder + decoded).map { "/" + $0 } ?? decoded
    }

    /// With `--drafts`, a draft without a title or a date is published with one made up:
    /// said once per draft.
    static func undatedDrafts(_ posts: [Post], files: [(url: URL, file: ContentFile)]) -> [Diagnostic] {
        let byPath = Dictionary(files.map { ($0.file.path, $0.file) }, uniquingKeysWith: { a, _ in a })
        return posts.filter(\.draft).compactMap { post in
            let missing = [("title", post.params["title"] == nil),
                           ("date", post.params["date"] == nil && byPath[post.sourcePath]?.dateFromName == nil)]
                .filter(\.1).map(\.0)
            guard !missing.isEmpty else { return nil }
            let what = missing.count == 2 ? "a title and a date" : "a \(missing[0])"
            return .warning(post.sourcePath, SourceLocation(line: 1, column: 1),
                            "draft has no \(missing.joined(separator: " and ")): published with --drafts as '\(post.title)' of \(post.date.isoDay) (\(what) made from its file)")
        }
    }

    /// Reads and decodes each file on all cores; with a `shelf` (a preview server's cache),
    /// a file whose key (``LoadCache/Key``) did not change is taken from it instead.
    /// `settings`: a fingerprint of what the decoder takes besides the file, for the cache.
    private func decode<Value: Sendable>(
        _ files: [(url: URL, file: ContentFile)], settings: Int, shelf: LoadCache.Shelf<Value>?, changes: SourceChanges,
        _ diagnostics: inout [Diagnostic],
        _ decoder: @escaping @Sendable (SourceText, ContentFile) -> (Value?, [Diagnostic])
    ) -> [Value] {
        let known = shelf?.snapshot
        let decoded: [(value: Value?, diagnostics: [Diagnostic], stored: LoadCache.Shelf<Value>.Entry?)] = files.parallelMap { entry in
            // A file the watcher did not see change is as the cache has it.
            if let cached = known?[entry.file.path], let path = entry.file.filePath, !changes.includes(path),
               cached.key.matches(file: entry.file, settings: settings) {
                return (cached.value, cached.diagnostics, nil)
            }
            // A file that cannot be examined is read, and the read reports why.
            let status = known == nil ? nil : entry.file.filePath.flatMap(FileStatus.of)
            if let status, let cached = known?[entry.file.path], cached.key.matches(status, file: entry.file, settings: settings) {
                return (cached.value, cached.diagnostics, nil)
            }
            let result: (Value?, [Diagnostic])
            do throws(Diagnostic) {
                let source = try SourceText.read(entry.url, displayPath: entry.file.path)
                result = decoder(source, entry.file)
            } catch {
                result = (nil, [error])
            }
            return (result.0, result.1, status.map { .init(key: .init($0, file: entry.file, settings: settings), value: result.0, diagnostics: result.1) })
        }
        shelf?.store(zip(files, decoded).compactMap { file, result in result.stored.map { (file.file.path, $0) } })
        var values: [Value] = []
        values.reserveCapacity(decoded.count)
        for result in decoded {
            diagnostics += result.diagnostics
            if let value = result.value { values.append(value) }
        }
        return values
    }

    /// The posts to publish, newest first; on one date by title, then by file. Sorted by
    /// index, with each date's instant worked out once: moving whole posts (twenty fields
    /// each) was a tenth of a rebuild, and so was working out instants in every comparison.
    /// The posts due at `now`, and the others (drafts aside: they are left out anyway), by date.
    static func scheduled(_ posts: [Post], now: Date) -> (due: [Post], scheduled: [Site.ScheduledPost]) {
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        var due: [Post] = [], later: [Site.ScheduledPost] = []
        for post in posts {
            if !post.draft && post.date.secondsSince1970 > nowSeconds {
                later.append(Site.ScheduledPost(sourcePath: post.sourcePath, date: post.date))
            } else {
                due.append(post)
            }
        }
        return (due, later.sorted { ($0.date, $0.sourcePath) < ($1.date, $1.sourcePath) })
    }

    static func newestFirst(_ posts: [Post], includeDrafts: Bool) -> [Post] {
        posts.withUnsafeBufferPointer { posts in
            let seconds = posts.map(\.date.secondsSince1970)
            return posts.indices.filter { includeDrafts || !posts[$0].draft }.sorted { a, b in
                if posts[a].date != posts[b].date { return seconds[a] > seconds[b] }
                if posts[a].title != posts[b].title { return posts[a].title < posts[b].title }
                return posts[a].sourcePath < posts[b].sourcePath
            }.map { posts[$0] }
        }
    }

    /// `site.yml` with the components its theme and the site define.
    private func loadSettings(_ boundary: FolderBoundary, _ diagnostics: inout [Diagnostic]) -> SiteConfig? {
        var config = loadConfig(boundary, &diagnostics)
        if let theme = config?.theme {
            let components = ComponentLoader(layout: layout, themeName: theme).load(boundary: boundary, &diagnostics)
            if !components.isEmpty { config?.markdown.components = components }
        }
        return config
    }

    private func loadConfig(_ boundary: FolderBoundary, _ diagnostics: inout [Diagnostic]) -> SiteConfig? {
        let path = layout.displayPath(layout.configFile)
        guard FileManager.default.fileExists(atPath: layout.configFile.path) else {
            diagnostics.append(.warning(path, nil, "no site settings file; using defaults (title, base_url, ...)"))
            return SiteConfig()
        }
        do throws(Diagnostic) {
            let source = try SourceText.read(layout.configFile, displayPath: path, within: boundary)
            let (config, found) = SiteConfigDecoder.decode(source)
            diagnostics += found
            return config
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// Every Markdown file below `folder` with what its place says (``ContentFile``), sorted.
    /// A folder with an `index.md` is a page bundle: its other files are the post's
    /// resources. Other files are reported, never skipped in silence, and so are links that
    /// lead outside the site and files that are not regular files. Posts are expected (a
    /// missing posts folder is warned about); pages are optional.
    /// `links`: the full paths of those that are symbolic links.
    private func contentFiles(in folder: URL, what: String, boundary: FolderBoundary, _ diagnostics: inout [Diagnostic],
                              links: inout [String]) -> [(url: URL, file: ContentFile)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if what == "post" {
                diagnostics.append(.warning(layout.displayPath(folder), nil, "no posts folder: the site has no posts"))
            }
            return []
        }
        let listing = cache?.listings.files(below: folder.path, includeHidden: false, boundary: boundary, changes: changes)
            ?? boundary.files(below: folder.path, includeHidden: false)
        links += listing.links.map { folder.path + "/" + $0 }
        for problem in listing.problems {
            diagnostics.append(.error(layout.displayPath(URL(fileURLWithPath: problem.path)), nil, problem.message))
        }
        for path in listing.hidden where Self.looksLikeMarkdown(path, in: folder) {
            diagnostics.append(.warning(layout.displayPath(folder.appendingPathComponent(path)), nil,
                "not read: the name starts with '.', which marks files to ignore (editor and system files); rename it to make it a \(what)"))
        }
        let paths = listing.files
        // Split at the last `/` by bytes: Character-wise searches of 10,000 paths showed in
        // profiles of a one-post rebuild.
        func lastSlash(_ path: String) -> String.Index? { path.utf8.lastIndex(of: UInt8(ascii: "/")) }
        /// `a/b/c.md` → `a/b`, `c.md` → ``.
        func parent(_ path: String) -> Substring { lastSlash(path).map { path[..<$0] } ?? "" }
        func name(_ path: String) -> Substring { lastSlash(path).map { path[path.utf8.index(after: $0)...] } ?? path[...] }
        // Bundles only below the posts folder itself: `posts/index.md` is a post named index.
        let bundles = what == "post" ? Set(paths.filter { lastSlash($0) != nil && ContentFile.isBundleIndex(String(name($0))) }.map(parent)) : []
        func bundle(of path: String) -> Substring? {
            guard !bundles.isEmpty else { return nil }
            var folder = parent(path)
            while !folder.isEmpty {
                if bundles.contains(folder) { return folder }
                folder = folder.lastIndex(of: "/").map { folder[..<$0] } ?? ""
            }
            return nil
        }
        var resources: [Substring: [BundleResource]] = [:]
        var markdown: [(path: String, bundle: Substring?)] = []
        for path in paths {
            let fileName = name(path)
            let owner = bundle(of: path)
            let isIndex = owner != nil && ContentFile.isBundleIndex(String(fileName))
            if let owner, !(isIndex && parent(path) == owner) {
                let url = folder.appendingPathComponent(path)
                if ContentFile.isMarkdown(String(fileName)) {
                    diagnostics.append(.warning(layout.displayPath(url), nil,
                        "not published: a Markdown file inside the page bundle \(owner)/ (only its index.md is a post)"))
                } else {
                    resources[owner, default: []].append(BundleResource(source: url.path, name: String(path.dropFirst(owner.count + 1))))
                }
            } else if ContentFile.isSectionIndex(fileName) {
                diagnostics.append(.warning(layout.displayPath(folder.appendingPathComponent(path)), nil,
                    "not published: _index.md is a Hugo section page, and sitegen makes its own lists"))
            } else if ContentFile.isMarkdown(String(fileName)) {
                markdown.append((path, isIndex ? owner : nil))
            } else {
                diagnostics.append(.warning(layout.displayPath(folder.appendingPathComponent(path)), nil,
                    "not a \(what) (only .md files in \(folder.lastPathComponent)/ are read); put files to publish as they are in Content/static/"))
            }
        }
        let displayFolder = layout.displayPath(folder)
        return markdown.map { entry in
            // The file's URL is made once per path: making 10,000 was a twentieth of a one-post edit.
            let path = displayFolder + "/" + entry.path, bundled = entry.bundle.flatMap { resources[$0] } ?? []
            let make = { ContentFile(path: path, relative: entry.path, resources: bundled, url: folder.appendingPathComponent(entry.path)) }
            let file = cache?.contentFile(path, resources: bundled, make: make) ?? make()
            return (file.url ?? folder.appendingPathComponent(entry.path), file)
        }
    }

    /// A hidden regular `.md` file such as `..md`: probably meant as content. macOS's `._x.md`
    /// metadata files and editors' lock links are not.
    private static func looksLikeMarkdown(_ path: String, in folder: URL) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".md") && !name.hasPrefix("._")
            && FileStatus.ofLink(folder.appendingPathComponent(path).path)?.kind == .file
    }
}
