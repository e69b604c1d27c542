import Foundation
import Support

/// Where a site's parts live, from its root folder.
public struct SiteLayout: Sendable {
    public var root: URL
    public var content: URL { root.appendingPathComponent("Content") }
    package var posts: URL { content.appendingPathComponent("posts") }
    /// Standalone pages (About), published at `/<slug>/`.
    var pages: URL { content.appendingPathComponent("pages") }
    /// The site's own templates, each replacing the theme's file of the same name.
    var templateOverrides: URL { content.appendingPathComponent("templates") }
    var staticFiles: URL { content.appendingPathComponent("static") }
    public var configFile: URL { content.appendingPathComponent("site.yml") }
    public var themes: URL { root.appendingPathComponent("Themes") }
    func theme(named name: String) -> URL { themes.appendingPathComponent(name) }

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The folders whose files a rebuild brings up to date one by one from a watcher's
    /// changed paths: posts, pages and static files.
    var foldersOfFiles: [URL] { [posts, pages, staticFiles] }

    /// `changes` when every changed file is a post's, a page's or a static file, so that the
    /// settings, the theme and every other folder are as the last rebuild read them;
    /// `unknown` for anything else (`site.yml`, a template, the theme, a file elsewhere).
    package func interpreted(_ changes: SourceChanges) -> SourceChanges {
        changes.areAll(below: foldersOfFiles.map(\.path)) ? changes : .unknown
    }

    /// `Content/posts/a.md` for a file below the root; the full path otherwise.
    public func displayPath(_ url: URL) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}
