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
        let boundary = FolderBoundary(root: layout.root.path)
        let config = loadConfig(boundary, &diagnostics)
        let postFiles = markdownFiles(in: layout.posts, what: "post", boundary: boundary, &diagnostics)
        let pageFiles = markdownFiles(in: layout.pages, what: "page", boundary: boundary, &diagnostics)
        let limits = config?.limits ?? OutputLimits(), settingsFile = layout.displayPath(layout.configFile)
        let posts = decode(postFiles, &diagnostics) { source, slug in
            TagLimit.check(PostDecoder.decode(source, defaultSlug: slug), source: source, limits: limits, settingsFile: settingsFile)
        }
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

    /// Every `.md` below `folder`, sorted; other files there are reported, never skipped in silence,
    /// and so are links that lead outside the site and files that are not regular files.
    /// Posts are expected (a missing posts folder is warned about); pages are optional.
    private func markdownFiles(in folder: URL, what: String, boundary: FolderBoundary, _ diagnostics: inout [Diagnostic]) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if what == "post" {
                diagnostics.append(.warning(layout.displayPath(folder), nil, "no posts folder: the site has no posts"))
            }
            return []
        }
        let listing = boundary.files(below: folder.path, includeHidden: false)
        for problem in listing.problems {
            diagnostics.append(.error(layout.displayPath(URL(fileURLWithPath: problem.path)), nil, problem.message))
        }
        for path in listing.hidden where Self.looksLikeMarkdown(path, in: folder) {
            diagnostics.append(.warning(layout.displayPath(folder.appendingPathComponent(path)), nil,
                "not read: the name starts with '.', which marks files to ignore (editor and system files); rename it to make it a \(what)"))
        }
        var files: [URL] = []
        for path in listing.files {
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

    /// A hidden regular `.md` file such as `..md`: probably meant as content. macOS's `._x.md`
    /// metadata files and editors' lock links are not.
    private static func looksLikeMarkdown(_ path: String, in folder: URL) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".md") && !name.hasPrefix("._")
            && FileStatus.ofLink(folder.appendingPathComponent(path).path)?.kind == .file
    }
}
