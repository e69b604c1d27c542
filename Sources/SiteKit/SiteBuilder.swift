import Foundation
import Support

/// One `sitegen build`: load → render → write. Only the first and last stages touch the disk.
public struct SiteBuilder: Sendable {
    public struct Options: Sendable {
        public var siteRoot: URL
        public var output: URL
        var includeDrafts: Bool
        /// Math that cannot be rendered (no KaTeX) is an error, not a warning: a build in CI
        /// (`CI=true`) must not publish TeX source where the author wrote a formula.
        package var requireMath = false
        /// Publish posts dated after the build's time (`--future`).
        package var includeFuture = false
        /// Where libvips is looked for; a path to no file builds as a machine without it does.
        package var libvipsPath = LibVips.defaultPath

        public init(siteRoot: URL, output: URL? = nil, includeDrafts: Bool = false) {
            self.siteRoot = siteRoot.standardizedFileURL
            self.output = (output ?? siteRoot.appendingPathComponent("Output")).standardizedFileURL
            self.includeDrafts = includeDrafts
        }
    }

    public struct Summary: Sendable {
        public var posts: Int
        public var pages: Int
        public var filesWritten: Int
        public var skippedDrafts: [String]
        /// Posts held back until their dates.
        package var scheduledPosts: [Site.ScheduledPost] = []
        public var warnings: [Diagnostic]
        public var seconds: Double
        /// Wall time of each of ``SiteBuilder/stages``, in order.
        public var stageSeconds: [(stage: String, seconds: Double)]
    }

    var options: Options

    public init(options: Options) {
        self.options = options
    }

    /// The output may not hold the site, nor sit inside what the build reads: replacing it
    /// would delete the sources, and the next build would read its own output as content.
    static func checkOutputLocation(_ output: URL, layout: SiteLayout) throws(Diagnostic) {
        let out = output.resolvingSymlinksInPath().path + "/"
        let name = layout.displayPath(output)
        for (folder, what) in [(layout.content, "Content/"), (layout.themes, "Themes/")] {
            if out.hasPrefix(folder.resolvingSymlinksInPath().path + "/") {
                throw .error(name, nil, "the output folder is inside \(what), which the build reads; choose a folder outside it")
            }
        }
        if (layout.root.resolvingSymlinksInPath().path + "/").hasPrefix(out) {
            throw .error(name, nil, "the output folder holds the site itself; choose a folder inside or beside it, such as Output/")
        }
    }

    /// What every build reads before it renders: the site, its theme, the static files.
    struct Inputs {
        var layout: SiteLayout
        var writer: OutputWriter
        var site: Site
        var theme: Theme
        var staticFiles: [OutputWriter.StaticFile]
        /// The image files among them, with what their headers say.
        var images: ImageCatalog
        /// The images' smaller copies and stripped originals, made while the pages render.
        var imageCopies: ImageCopies
        /// The posts' social cards, by the post's source file.
        var cards: [String: SocialImage]
        var warnings: [Diagnostic]
        /// The last full build's search entries, read while the site loads (a full build's).
        var searchStore: BackgroundWork<SearchEntryStore>?
    }

    /// `changes`: what changed since `cache`'s last good rebuild. `readsSearchStore`: read the
    /// last full build's search entries too (``SearchEntryStore``), while the site loads.
    func loadInputs(cache: RebuildCache? = nil, changes: SourceChanges = .unknown, readsSearchStore: Bool = false) throws(DiagnosticsError) -> Inputs {
        let layout = SiteLayout(root: options.siteRoot)
        let changes = cache == nil ? .unknown : layout.interpreted(changes)
        var writer = OutputWriter(output: options.output, displayName: layout.displayPath(options.output))
        writer.copyRecord = StaticCopyRecord.url(siteRoot: layout.root)
        do {
            try Self.checkOutputLocation(options.output, layout: layout)
        } catch {
            throw DiagnosticsError([error])
        }
        // Before anything is read from the cache or written into it (CacheFile).
        let cacheProblems = [Self.imageCacheFolder(siteRoot: layout.root), MathRenderer.cacheFolder(siteRoot: layout.root),
                             VerifiedSnippets.url(siteRoot: layout.root).deletingLastPathComponent(),
                             SearchEntryStore.url(siteRoot: layout.root).deletingLastPathComponent()]
            .compactMap { CacheFile.problem(folder: $0, siteRoot: layout.root) }
        var named = Set<String>()
        // The folders share `.sitegen-cache`: a link there is one error.
        guard cacheProblems.isEmpty else { throw DiagnosticsError(cacheProblems.filter { named.insert($0.file).inserted }) }
        // Once its folder is known to be the site's. Unused if the settings turn search off.
        let searchStore = readsSearchStore ? BackgroundWork { SearchEntryStore(url: SearchEntryStore.url(siteRoot: layout.root)) } : nil
        var loader = SiteLoader(layout: layout, includeDrafts: options.includeDrafts)
        loader.includeFuture = options.includeFuture
        loader.cache = cache?.loads
        loader.changes = changes
        var (site, siteWarnings) = try loader.load()
        var warnings = siteWarnings
        // Once the settings are known: what the output keeps, and how large it may grow.
        writer.kept = site.config.keep
        writer.byteLimit = site.config.limits.outputBytes(contentBytes: site.contentBytes)
        if let restored = StagingFolders(writer: writer).tidy() { warnings.append(restored) }
        do {
            try writer.checkReplaceable()
        } catch {
            throw DiagnosticsError(warnings + [error])
        }
        do throws(DiagnosticsError) {
            var themeLoader = ThemeLoader(layout: layout, config: site.config, cache: cache?.theme)
            themeLoader.unchanged = changes != .unknown
            let (theme, themeWarnings) = try themeLoader.load()
            warnings += themeWarnings
            // The site's static files come last and may replace the theme's.
            var staticFiles = OutputWriter.StaticFile.overlaying(try OutputWriter.listFiles(in: [theme.staticFolder, layout.staticFiles].map {
                OutputWriter.StaticFolder(url: $0, displayName: layout.displayPath($0))
            }, boundary: FolderBoundary(root: layout.root.path), listings: cache.map { ($0.loads.listings, changes) }), onBuiltIn: theme)
            let bundled = Self.bundleResources(of: site, layout: layout)
            // Every copied file's path checked, against the generated ones too, before anything is written.
            // Taken out of the site, which needs it no more: adding to a shared tree would copy it.
            var outputFiles = site.outputFiles
            site.outputFiles = OutputFiles()
            let problems = OutputFilesCheck.copied(staticFiles.map { .init(relative: $0.relative, displayName: $0.displayName, bundled: false) }
                                                     + bundled.map { .init(relative: $0.relative, displayName: $0.displayName, bundled: true) },
                                                   into: &outputFiles, site: site, settingsFile: layout.displayPath(layout.configFile))
            guard problems.isEmpty else { throw DiagnosticsError(problems) }
            staticFiles += bundled
            let cacheFolder = Self.imageCacheFolder(siteRoot: layout.root)
            let images = ImageCatalog(files: staticFiles.compactMap { $0.builtIn == nil ? ($0.relative, $0.sourcePath, $0.displayName) : nil },
                                      cacheFolder: cacheFolder)
            let cards = try SocialCards.cards(of: site, theme: theme, memo: cache?.cards)
            let copies = ImageCopies(catalog: images, staticFiles: staticFiles, settings: site.config.images,
                                     cards: cards, cacheFolder: cacheFolder,
                                     vipsPath: options.libvipsPath, settingsFile: layout.displayPath(layout.configFile))
            guard copies.problems.isEmpty else { throw DiagnosticsError(copies.problems) }
            warnings += copies.warnings
            return Inputs(layout: layout, writer: writer, site: site, theme: theme, staticFiles: copies.staticFiles, images: images,
                          imageCopies: copies, cards: Dictionary(cards.filter { copies.cardPaths.contains($0.relative) }
                                                                    .map { ($0.post.sourcePath, SocialCards.image(of: $0.post)) },
                                                                 uniquingKeysWith: { first, _ in first }),
                          warnings: warnings, searchStore: searchStore)
        } catch {
            throw DiagnosticsError(warnings + error.diagnostics)
        }
    }

    /// The files of the posts' page bundles, published beside each post's page.
    static func bundleResources(of site: Site, layout: SiteLayout) -> [OutputWriter.StaticFile] {
        var files: [OutputWriter.StaticFile] = []
        for post in site.posts where !post.resources.isEmpty {
            let output = SiteRoutes.outputPath(post.urlPath)
            let folder = output.lastIndex(of: "/").map { String(output[...$0]) } ?? ""
            for resource in post.resources {
                files.append(OutputWriter.StaticFile(sourcePath: resource.source, relative: folder + resource.name,
                                                     displayName: layout.displayPath(URL(fileURLWithPath: resource.source))))
            }
        }
        return files
    }

    func pages(_ inputs: Inputs) -> SitePages {
        var math = MathRenderer(cacheFolder: MathRenderer.cacheFolder(siteRoot: inputs.layout.root))
        math.unrenderedIsError = options.requireMath
        var pages = SitePages(site: inputs.site, theme: inputs.theme, math: math)
        pages.verifiedSnippets = VerifiedSnippets.load(siteRoot: inputs.layout.root)
        pages.cards = inputs.cards
        pages.images = ImageMarkup(catalog: inputs.images, resizing: inputs.imageCopies.publishesCopies ? inputs.site.config.images : nil)
        pages.assets = SiteAssets(files: Dictionary(inputs.staticFiles.map { ($0.relative, $0.builtIn == nil ? $0.sourcePath : "") },
                                                    uniquingKeysWith: { _, last in last }))
        return pages
    }

    /// `<site root>/.sitegen-cache/images`: the images' index and their resized copies.
    static func imageCacheFolder(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/images")
    }

    /// Throws `DiagnosticsError` with every problem found; the output folder is then untouched.
    public func build() throws(DiagnosticsError) -> Summary {
        try run(StagedOutput(), checkDrafts: true, pruneCache: true).summary
    }

    /// A rebuild for a preview server: renders in memory, then changes the output folder in
    /// place, writing only the files whose bytes changed (the others keep their modification
    /// times) and removing the files the site no longer has. The result is byte for byte what
    /// ``build()`` writes. A failed rebuild leaves the output as it was.
    ///
    /// With a `cache` kept from rebuild to rebuild, only what a change affects is rendered
    /// again (``RebuildCache``); the output must then be left to these rebuilds.
    public func rebuildInPlace(cache: RebuildCache? = nil) throws(DiagnosticsError) -> (summary: Summary, changes: OutputSync.Changes) {
        try rebuildInPlace(cache: cache, changes: .unknown)
    }

    /// A rebuild told what changed: `changes` holds every file created, written, deleted or
    /// renamed below `Content/` and `Themes/` since the last rebuild with `cache` that
    /// succeeded (a watcher's paths; `unknown` when it cannot say). Only posts', pages' and
    /// static files' changes are taken file by file; any other makes it a rebuild that
    /// lists and looks at everything (``SiteLayout/interpreted(_:)``).
    package func rebuildInPlace(cache: RebuildCache?, changes: SourceChanges) throws(DiagnosticsError)
        -> (summary: Summary, changes: OutputSync.Changes) {
        try run(InPlaceOutput(output: options.output, cache: cache), checkDrafts: false, changes: changes)
    }

    /// The stages of every build, in `--timings` and serve's "Rebuilt in" line alike.
    static let stages = ["load", "render", "write"]

    /// The one skeleton of both builds: load, render (into the output's sink), check the
    /// links, write. Any failure abandons the output's work, which leaves the output folder
    /// as it was. `checkDrafts`: render the drafts a build without `--drafts` leaves out, in
    /// memory, for their warnings (``draftProblems(_:)``); a preview server's rebuilds do not.
    /// `pruneCache`: remove the image cache's files the build did not use, once it succeeded
    /// (a full build; serve's rebuilds leave it, to stay fast).
    private func run<Output: BuildOutput>(_ output: Output, checkDrafts: Bool, changes: SourceChanges = .unknown, pruneCache: Bool = false)
        throws(DiagnosticsError) -> (summary: Summary, changes: Output.Changes) {
        let start = DispatchTime.now()
        let inputs = try loadInputs(cache: output.rebuildCache, changes: changes, readsSearchStore: pruneCache)
        var warnings = inputs.warnings
        do {
            try output.begin(inputs.writer, staticFiles: inputs.staticFiles)
        } catch {
            throw DiagnosticsError(warnings + [error])
        }
        let loaded = DispatchTime.now()
        // The images' copies are made while the pages render; the write stage copies them.
        let imageCopies = BackgroundWork { [copies = inputs.imageCopies] in copies.make() }
        let rendering: RenderedSite
        var sitePages = pages(inputs)
        // A full build reads unchanged pages' search entries from the last one's.
        if inputs.site.config.search { sitePages.searchStore = inputs.searchStore?.wait() }
        do {
            rendering = try sitePages.render(into: output.sink, cache: output.rebuildCache?.render)
            warnings += rendering.warnings
        } catch {
            _ = imageCopies.wait()
            output.abandon()
            throw DiagnosticsError(warnings + error.diagnostics)
        }
        let imageProblems = imageCopies.wait()
        guard imageProblems.isEmpty else {
            output.abandon()
            throw DiagnosticsError(warnings + imageProblems)
        }
        let linkProblems = LinkChecker(generatedPaths: rendering.paths, staticPaths: Set(inputs.staticFiles.map(\.relative)), ids: rendering.ids,
                                       settings: inputs.site.config.links).brokenLinks(in: rendering.links)
        warnings += linkProblems.filter { $0.severity == .warning }
        let brokenLinks = linkProblems.filter { $0.severity == .error }
        guard brokenLinks.isEmpty else {
            output.abandon()
            throw DiagnosticsError(warnings + brokenLinks)
        }
        if checkDrafts {
            let drafts = draftProblems(inputs)
            let brokenIsError = inputs.site.config.links.brokenIsError
            warnings += drafts.warnings + drafts.brokenLinks.map { link in
                brokenIsError ? DraftProblems.demoted(link.diagnostic) : Diagnostic(.warning, file: link.diagnostic.file, at: link.diagnostic.location,
                                                                                    link.diagnostic.message)
            }
        }
        let rendered = DispatchTime.now()
        let changes: Output.Changes
        do {
            changes = try output.finish(rendering, staticFiles: inputs.staticFiles)
        } catch {
            output.abandon()
            throw DiagnosticsError(warnings + [error])
        }
        if pruneCache {
            inputs.imageCopies.prune()
            if inputs.site.config.search {
                sitePages.searchStore?.save()
            } else {
                // Search is off: the kept entries are of no use, and the next build would read them.
                unlink(SearchEntryStore.url(siteRoot: inputs.layout.root).path)
            }
        }
        let end = DispatchTime.now()
        var summary = Summary(posts: inputs.site.posts.count, pages: rendering.pageCount, filesWritten: output.filesWritten(changes),
                              skippedDrafts: inputs.site.skippedDrafts, warnings: warnings, seconds: Self.seconds(start, end),
                              stageSeconds: zip(Self.stages, [Self.seconds(start, loaded), Self.seconds(loaded, rendered), Self.seconds(rendered, end)])
                                .map { ($0, $1) })
        summary.scheduledPosts = inputs.site.scheduledPosts
        return (summary, changes)
    }

    static func seconds(_ from: DispatchTime, _ to: DispatchTime) -> Double {
        Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e9
    }
}
