/// Hugo's `main` menu (from the settings and from front matter) as sitegen's `menu:`: each
/// entry's title and the URL of what it links to in the imported site.
enum HugoNavigation {
    struct Result: Sendable {
        var items: [SiteSettings.MenuItem] = []
        var notImported: [ImportPlace] = []
    }

    /// `entries`: the settings' then the front matter's; `documents`: every imported document
    /// with where it was and where it is now.
    static func menu(_ entries: [HugoMenuEntry], documents: [(PlannedDocument, URLPolicy.Decision)], contentRoot: String) -> Result {
        var result = Result()
        var otherMenus: [String: HugoMenuEntry] = [:]
        var kept: [(offset: Int, entry: HugoMenuEntry)] = []
        for (offset, entry) in entries.enumerated() {
            if entry.menu.lowercased() == HugoMenus.navigation { kept.append((offset, entry)) } else if otherMenus[entry.menu] == nil { otherMenus[entry.menu] = entry }
        }
        for (name, first) in otherMenus.sorted(by: { $0.key < $1.key }) {
            result.notImported.append(ImportPlace(file: first.file, line: first.line,
                                                  note: "menu '\(name)': sitegen's theme shows one menu, the site's navigation (from Hugo's 'main')"))
        }
        kept.sort { HugoMenuEntry.inHugoOrder($0.entry, $1.entry) || (!HugoMenuEntry.inHugoOrder($1.entry, $0.entry) && $0.offset < $1.offset) }
        func newURL(of source: String) -> String? {
            documents.first { $0.0.source == source }.flatMap { $0.1.newURL ?? $0.1.oldURL }
        }
        for (_, entry) in kept {
            let url: String?
            if let document = entry.document {
                url = newURL(of: document)
            } else if let reference = entry.pageRef {
                let path = contentRoot + "/" + reference.trimming("/")
                let paths = [path, path + "/index", path + "/_index"]
                url = documents.first { paths.contains($0.0.source.withoutExtension) }.flatMap { $0.1.newURL ?? $0.1.oldURL }
            } else if let written = entry.url {
                url = MenuURL.current(written, documents: documents)
            } else {
                url = nil
            }
            guard let url, let title = entry.name ?? entry.pageRef else {
                result.notImported.append(ImportPlace(file: entry.file, line: entry.line,
                                                      note: "a menu entry without \(entry.name == nil ? "a name" : "a page this site has"): not in the navigation"))
                continue
            }
            if let parent = entry.parent {
                result.notImported.append(ImportPlace(file: entry.file, line: entry.line,
                                                      note: "menu entry '\(title)' is a child of '\(parent)': sitegen's navigation has one level, it is shown beside its parent"))
            }
            result.items.append(SiteSettings.MenuItem(title: title, url: url))
        }
        return result
    }
}
