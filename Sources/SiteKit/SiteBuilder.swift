import Foundation

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

    /// Throws `DiagnosticsError` with every problem found; the output folder is then untouched.
    public func build() throws(DiagnosticsError) -> Summary {
        let start = DispatchTime.now()
        let layout = SiteLayout(root: options.siteRoot)
        let writer = OutputWriter(output: options.output, displayName: layout.displayPath(options.output))
        do {
            try Self.checkOutputLocation(options.output, layout: layout)
            try writer.checkReplaceable()
        } catch {
            throw DiagnosticsError([error])
        }
        let (site, siteWarnings) = try SiteLoader(layout: layout, includeDrafts: options.includeDrafts).load()
        let theme: Theme
        var warnings = siteWarnings
        do {
            let (loaded, themeWarnings) = try ThemeLoader(layout: layout, config: site.config).load()
            theme = loaded
            warnings += themeWarnings
        } catch {
            throw DiagnosticsError(warnings + error.diagnostics)
        }
        let loaded = DispatchTime.now()
        let staging: OutputStaging
        do {
            // The site's static files come last and may replace the theme's.
            let staticFiles = try OutputWriter.listFiles(in: [theme.staticFolder, layout.staticFiles].map {
                OutputWriter.StaticFolder(url: $0, displayName: layout.displayPath($0))
            })
            staging = try writer.begin(staticFiles: staticFiles)
        } catch {
            throw DiagnosticsError(warnings + [error])
        }
        let rendering: RenderedSite
        do {
            let math = MathRenderer(cacheFolder: MathRenderer.cacheFolder(siteRoot: layout.root))
            rendering = try SitePages(site: site, theme: theme, math: math).render(into: staging.write)
            warnings += rendering.warnings
        } catch {
            staging.discard()
            throw DiagnosticsError(warnings + error.diagnostics)
        }
        let checker = LinkChecker(generatedPaths: rendering.paths, staticPaths: Set(staging.staticFiles.map(\.relative)),
                                  ids: rendering.ids)
        let brokenLinks = checker.brokenLinks(in: rendering.links)
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
        func seconds(_ from: DispatchTime, _ to: DispatchTime) -> Double {
            Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e9
        }
        return Summary(posts: site.posts.count, pages: rendering.pageCount, filesWritten: written,
                       skippedDrafts: site.skippedDrafts, warnings: warnings, seconds: seconds(start, end),
                       stageSeconds: [("load", seconds(start, loaded)), ("render and write", seconds(loaded, rendered)),
                                      ("static files and swap", seconds(rendered, end))])
    }
}
