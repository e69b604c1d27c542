import Foundation
import Support

/// One `sitegen build`: load → render → write. Only the first and last stages touch the disk.
public struct SiteBuilder: Sendable {
    public struct Options: Sendable {
        public var siteRoot: URL
        public var output: URL
        public var includeDrafts: Bool

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
        public var warnings: [Diagnostic]
        public var seconds: Double
        /// Wall time of each stage, in order: load; render (pages written to the staging folder as they are made); static files and the swap.
        public var stageSeconds: [(stage: String, seconds: Double)]
    }

    public var options: Options

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
    private struct Inputs {
        var layout: SiteLayout
        var writer: OutputWriter
        var site: Site
        var theme: Theme
        var staticFiles: [OutputWriter.StaticFile]
        var warnings: [Diagnostic]
    }

    private func loadInputs() throws(DiagnosticsError) -> Inputs {
        let layout = SiteLayout(root: options.siteRoot)
        var writer = OutputWriter(output: options.output, displayName: layout.displayPath(options.output))
        do {
            try Self.checkOutputLocation(options.output, layout: layout)
        } catch {
            throw DiagnosticsError([error])
        }
        let (site, siteWarnings) = try SiteLoader(layout: layout, includeDrafts: options.includeDrafts).load()
        var warnings = siteWarnings
        // Once the settings are known: what the output keeps, and how large it may grow.
        writer.kept = site.config.keep
        writer.byteLimit = site.config.limits.outputBytes
        if let restored = StagingFolders(writer: writer).tidy() { warnings.append(restored) }
        do {
            try writer.checkReplaceable()
        } catch {
            throw DiagnosticsError(warnings + [error])
        }
        do throws(DiagnosticsError) {
            let (theme, themeWarnings) = try ThemeLoader(layout: layout, config: site.config).load()
            warnings += themeWarnings
            // The site's static files come last and may replace the theme's.
            let staticFiles = try OutputWriter.listFiles(in: [theme.staticFolder, layout.staticFiles].map {
                OutputWriter.StaticFolder(url: $0, displayName: layout.displayPath($0))
            }, boundary: FolderBoundary(root: layout.root.path))
            return Inputs(layout: layout, writer: writer, site: site, theme: theme, staticFiles: staticFiles, warnings: warnings)
        } catch {
            throw DiagnosticsError(warnings + error.diagnostics)
        }
    }

    private func pages(_ inputs: Inputs) -> SitePages {
        let math = MathRenderer(cacheFolder: MathRenderer.cacheFolder(siteRoot: inputs.layout.root))
        return SitePages(site: inputs.site, theme: inputs.theme, math: math)
    }

    /// The broken links of a rendering, as errors.
    private static func brokenLinks(_ rendering: RenderedSite, staticFiles: [OutputWriter.StaticFile]) -> [Diagnostic] {
        LinkChecker(generatedPaths: rendering.paths, staticPaths: Set(staticFiles.map(\.relative)), ids: rendering.ids)
            .brokenLinks(in: rendering.links)
    }

    /// Throws `DiagnosticsError` with every problem found; the output folder is then untouched.
    public func build() throws(DiagnosticsError) -> Summary {
        let start = DispatchTime.now()
        let inputs = try loadInputs()
        var warnings = inputs.warnings
        let staging: OutputStaging
        do {
            staging = try inputs.writer.begin(staticFiles: inputs.staticFiles)
        } catch {
            throw DiagnosticsError(warnings + [error])
        }
        let loaded = DispatchTime.now()
        let rendering: RenderedSite
        do {
            rendering = try pages(inputs).render(into: staging.write)
            warnings += rendering.warnings
        } catch {
            staging.discard()
            throw DiagnosticsError(warnings + error.diagnostics)
        }
        let brokenLinks = Self.brokenLinks(rendering, staticFiles: inputs.staticFiles)
        guard brokenLinks.isEmpty else {
            staging.discard()
            throw DiagnosticsError(warnings + brokenLinks)
        }
        let rendered = DispatchTime.now()
        let written: Int
        do {
            written = try staging.finish()
        } catch {
            staging.discard()
            throw DiagnosticsError(warnings + [error])
        }
        let end = DispatchTime.now()
        return Summary(posts: inputs.site.posts.count, pages: rendering.pageCount, filesWritten: written,
                       skippedDrafts: inputs.site.skippedDrafts, warnings: warnings, seconds: Self.seconds(start, end),
                       stageSeconds: [("load", Self.seconds(start, loaded)), ("render and write", Self.seconds(loaded, rendered)),
                                      ("static files and swap", Self.seconds(rendered, end))])
    }

    /// A rebuild for a preview server: renders in memory, then changes the output folder in
    /// place, writing only the files whose bytes changed (the others keep their modification
    /// times) and removing the files the site no longer has. The result is byte for byte what
    /// ``build()`` writes. A failed rebuild leaves the output as it was.
    ///
    /// With a `cache` kept from rebuild to rebuild, only what a change affects is rendered
    /// again (``RenderCache``); the output must then be left to these rebuilds.
    public func rebuildInPlace(cache: RenderCache? = nil) throws(DiagnosticsError) -> (summary: Summary, changes: OutputSync.Changes) {
        let start = DispatchTime.now()
        let inputs = try loadInputs()
        var warnings = inputs.warnings
        let loaded = DispatchTime.now()
        let rendering: RenderedSite
        let files: [RenderedFile]
        do {
            (rendering, files) = try pages(inputs).renderToMemory(cache: cache)
            warnings += rendering.warnings
        } catch {
            cache?.rollback()
            throw DiagnosticsError(warnings + error.diagnostics)
        }
        let brokenLinks = Self.brokenLinks(rendering, staticFiles: inputs.staticFiles)
        guard brokenLinks.isEmpty else {
            cache?.rollback()
            throw DiagnosticsError(warnings + brokenLinks)
        }
        let rendered = DispatchTime.now()
        let changes: OutputSync.Changes
        do {
            let rendered = Set(files.map(\.path))
            var sync = OutputSync(output: options.output, displayName: inputs.writer.displayName)
            sync.kept = inputs.writer.kept
            sync.byteLimit = inputs.writer.byteLimit
            changes = try sync.apply(files, otherGenerated: rendering.paths.subtracting(rendered), staticFiles: inputs.staticFiles)
        } catch {
            cache?.rollback()
            throw DiagnosticsError(warnings + [error])
        }
        cache?.commit(units: rendering.paths, bodies: rendering.bodyFiles)
        let end = DispatchTime.now()
        let summary = Summary(posts: inputs.site.posts.count, pages: rendering.pageCount, filesWritten: changes.written.count,
                              skippedDrafts: inputs.site.skippedDrafts, warnings: warnings, seconds: Self.seconds(start, end),
                              stageSeconds: [("load", Self.seconds(start, loaded)), ("render", Self.seconds(loaded, rendered)),
                                             ("write changes", Self.seconds(rendered, end))])
        return (summary, changes)
    }

    private static func seconds(_ from: DispatchTime, _ to: DispatchTime) -> Double {
        Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e9
    }
}
