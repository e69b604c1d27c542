import Foundation

/// Where a site's parts live, from its root folder.
public struct SiteLayout: Sendable {
    public var root: URL
    public var content: URL { root.appendingPathComponent("Content") }
    public var posts: URL { content.appendingPathComponent("posts") }
    public var staticFiles: URL { content.appendingPathComponent("static") }
    public var configFile: URL { content.appendingPathComponent("site.yml") }
    public var themes: URL { root.appendingPathComponent("Themes") }

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `Content/posts/a.md` for a file below the root; the full path otherwise.
    public func displayPath(_ url: URL) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}

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
        let files = postFiles(&diagnostics)
        let layout = self.layout
        let decoded: [(post: Post?, diagnostics: [Diagnostic])] = files.parallelMap { url in
            let path = layout.displayPath(url)
            do throws(Diagnostic) {
                let source = try SourceText.read(url, displayPath: path)
                return PostDecoder.decode(source, defaultSlug: url.deletingPathExtension().lastPathComponent)
            } catch {
                return (nil, [error])
            }
        }
        var posts: [Post] = []
        for result in decoded {
            diagnostics += result.diagnostics
            if let post = result.post { posts.append(post) }
        }
        // Duplicates are checked over drafts too: publishing a draft must not break the build later.
        diagnostics += SiteValidator.validate(posts)
        diagnostics = Self.inReadingOrder(diagnostics)
        guard !diagnostics.contains(where: { $0.severity == .error }), let config else {
            throw DiagnosticsError(diagnostics)
        }
        let drafts = includeDrafts ? [] : posts.filter(\.draft).map(\.sourcePath)
        let published = posts.filter { includeDrafts || !$0.draft }.sorted(by: Self.newestFirst)
        return (Site(config: config, posts: published, skippedDrafts: drafts), diagnostics)
    }

    /// By file, then by place in the file, as a reader goes through them.
    static func inReadingOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            if a.element.file != b.element.file { return a.element.file < b.element.file }
            let la = a.element.location ?? SourceLocation(line: 0, column: 0)
            let lb = b.element.location ?? SourceLocation(line: 0, column: 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
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

    /// Every `.md` below `Content/posts`, sorted; other files there are reported, never skipped in silence.
    private func postFiles(_ diagnostics: inout [Diagnostic]) -> [URL] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: layout.posts.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            diagnostics.append(.warning(layout.displayPath(layout.posts), nil, "no posts folder: the site has no posts"))
            return []
        }
        var files: [URL] = []
        for path in DirectoryWalker.files(below: layout.posts.path, includeHidden: false) {
            let url = layout.posts.appendingPathComponent(path)
            if path.lowercased().hasSuffix(".md") {
                files.append(url)
            } else {
                diagnostics.append(.warning(layout.displayPath(url), nil,
                    "not a post (only .md files in posts/ are read); put files to publish as they are in Content/static/"))
            }
        }
        return files
    }
}
