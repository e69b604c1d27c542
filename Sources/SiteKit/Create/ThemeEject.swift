import Foundation

/// `sitegen theme eject [NAME]`: writes the built-in theme into `Themes/<name>/`, where the
/// site can edit it. Never into an existing folder: an edited theme must not be overwritten.
public struct ThemeEject: Sendable {
    var name: String

    public init(name: String = BuiltInTheme.name) {
        self.name = name
    }

    /// The files written, as messages name them (`Themes/default/templates/post.mustache`).
    public func write(in layout: SiteLayout) throws(CreateError) -> [String] {
        guard Slug.isValid(name) else {
            throw CreateError("'\(name)' cannot be a theme's folder name: \(Slug.rule)")
        }
        let folder = layout.theme(named: name)
        let shown = layout.displayPath(folder)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw CreateError("\(shown)/ already exists; eject into another name (sitegen theme eject NAME), or move it aside")
        }
        let files = BuiltInTheme.files
        try NewFiles.write(files, into: folder) { "\(shown)/\($0)" }
        return files.map { "\(shown)/\($0.path)" }
    }
}
