import Foundation

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

    /// `Content/posts/a.md` for a file below the root; the full path otherwise.
    public func displayPath(_ url: URL) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }
}
