import Foundation

/// `sitegen init [DIR]`: a new site in an empty folder, ready for `sitegen build`, `serve`
/// and `check-snippets`: the settings with every one explained, a first post whose Swift
/// compiles, a `.gitignore`, and a GitHub Actions workflow that builds, checks and publishes
/// it. The theme is the one built into sitegen, so there is no `Themes/` folder.
public struct NewSite: Sendable {
    /// The first post's date.
    var date: PostDate

    public init(date: PostDate = NewPost.today()) {
        self.date = date
    }

    /// Each file's path in the site and its text, in the order they are written and listed.
    var files: [(path: String, text: String)] {
        [("Content/site.yml", NewSiteFiles.settings),
         ("Content/posts/hello-world.md", NewSiteFiles.firstPost(date: date)),
         (".gitignore", NewSiteFiles.gitignore),
         (".github/workflows/site.yml", NewSiteFiles.workflow)]
    }

    /// Writes the files into `folder`, made if missing; refuses a folder that holds anything
    /// but `.git`; `shown` names the folder in messages. Returns the paths written, relative
    /// to `folder`.
    public func create(in folder: URL, shownAs shown: String) throws(CreateError) -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CreateError("\(shown) is a file; init makes a site in a new or empty folder") }
            let entries = NewFiles.entries(of: folder) ?? []
            guard entries.isEmpty else {
                let listed = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                throw CreateError("\(shown) is not empty (it has \(listed)); init makes a site only in a new or empty folder, so nothing of yours is overwritten")
            }
        }
        try NewFiles.write(files.map { ($0.path, Array($0.text.utf8)) }, into: folder) { $0 }
        return files.map(\.path)
    }
}
