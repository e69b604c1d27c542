import Foundation
import Support

/// The load stage: reads `Content/` into a validated `Site`, or fails with every error found.
public struct SiteLoader: Sendable {
    public var layout: SiteLayout
    public var includeDrafts: Bool

    public init(layout: SiteLayout, includeDrafts: Bool = false) {
        self.layout = layout
        self.includeDrafts = includeDrafts
    }

    /// The site and its warnings. Throws `DiagnosticsError` holding errors and warnings alike.
    public func load() throws(DiagnosticsError) -> (site: Site, warnings: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let config = loadConfig(&diagnostics)
        let postFiles = markdownFiles(in: layout.posts, what: "post", &diagnostics)
        let pageFiles = markdownFiles(in: layout.pages, what: "page", &diagnostics)
        let posts = decode(postFiles, &diagnostics) { PostDecoder.decode($0, defaultSlug: $1) }
        let pages = decode(pageFiles, &diagnostics) { PageDecoder.decode($0, defaultSlug: $1) }
        // Checked over drafts too: publishing a draft must not break the build later.
        diagnostics += SiteValidator.validate(posts) + SiteValidator.validate(pages)
        let published = posts.filter { includeDrafts || !$0.draft }.sorted(by: Self.newestFirst)
        diagnostics += SiteValidator.singlePartSeries(published)
        diagnostics = Diagnostic.inReadingOrder(diagnostics)
        guard !diagnostics.contains(where: { $0.severity == .error }), let config else {
            throw DiagnosticsError(diagnostics)
        }
        let drafts = includeDrafts ? [] : (posts.filter(\.draft).map(\.sourcePath) + pages.filter(\.draft).map(\.sourcePath)).sorted()
        let publishedPages = pages.filter { includeDrafts || !$0.draft }
            .sorted { ($0.navOrder ?? Int.max, $0.title, $0.sourcePath) < ($1.navOrder ?? Int.max, $1.title, $1.sourcePath) }
        return (Site(config: config, posts: published, pages: publishedPages, skippedDrafts: drafts), diagnostics)
    }

    /// Reads and decodes each file on all cores; the file name is the default slug.
    private func decode<Value: Sendable>(
        _ files: [URL], _ diagnostics: inout [Diagnostic],
        _ decoder: @escaping @Sendable (SourceText, String) -> (Value?, [Diagnostic])
    ) -> [Value] {
        let layout = self.layout
        let decoded: [(value: Value?, diagnostics: [Diagnostic])] = files.parallelMap { url in
            do throws(Diagnostic) {
                let source = try SourceText.read(url, displayPath: layout.displayPath(url))
                return decoder(source, url.deletingPathExtension().lastPathComponent)
            } catch {
                return (nil, [error])
            }
        }
        var values: [Value] = []
        for result in decoded {
            diagnostics += result.diagnostics
            if let value = result.value { values.append(value) }
        }
        return values
    }

    static func newestFirst(_ a: Post, _ b: Post) -> Bool {
        if a.date != b.date { return a.date > b.date }
        if a.title != b.title { return a.title < b.title }
        return a.sourcePath < b.sourcePath
    }

    private func loadConfig(_ diagnostics: inout [Diagnostic]) -> SiteConfig? {
        let path = layout.displayPath(layout.configFile)
        guard FileManager.default.fileExists(atPath: layout.configFile.path) else {
            diagnostics.append(.warning(path, nil, "no site settings file; using defaults (title, base_url, ...)"))
            return SiteConfig()
        }
        do throws(Diagnostic) {
            let source = try SourceText.read(layout.configFile, displayPath: path)
            let (config, found) = SiteConfigDecoder.decode(source)
            diagnostics += found
            return config
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// Every `.md` below `folder`, sorted; other files there are reported, never skipped in silence.
    /// Posts are expected (a missing posts folder is warned about); pages are optional.
    private func markdownFiles(in folder: URL, what: String, _ diagnostics: inout [Diagnostic]) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if what == "post" {
                diagnostics.append(.warning(layout.displayPath(folder), nil, "no posts folder: the site has no posts"))
            }
            return []
        }
        var files: [URL] = []
        for path in DirectoryWalker.files(below: folder.path, includeHidden: false) {
            let url = folder.appendingPathComponent(path)
            if path.lowercased().hasSuffix(".md") {
                files.append(url)
            } else {
                diagnostics.append(.warning(layout.displayPath(url), nil,
                    "not a \(what) (only .md files in \(folder.lastPathComponent)/ are read); put files to publish as they are in Content/static/"))
            }
        }
        return files
    }
}
