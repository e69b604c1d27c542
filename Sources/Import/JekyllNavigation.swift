import Support
import YAML

/// A Jekyll theme's navigation data file, `_data/navigation.yml`, in the shape
/// minimal-mistakes and its kin use (`main:` a list of `title` and `url`) or as a plain list
/// (so-simple): its entries become sitegen's `menu:`.
enum JekyllNavigation {
    static let files = ["_data/navigation.yml", "_data/navigation.yaml"]

    struct Entry: Sendable, Hashable {
        var title: String
        var url: String
    }

    /// The entries of the file, and what of it is not imported; an unreadable file is an
    /// error at its place, as `_config.yml`'s are.
    static func read(_ tree: SourceTree) throws(Diagnostic) -> (entries: [Entry], notImported: [ImportPlace]) {
        guard let path = files.first(where: tree.files.contains) else { return ([], []) }
        let file = try ConfigFile.read(tree, path, allowsList: true)
        guard let root = file.root else { return ([], []) }
        var notImported: [ImportPlace] = []
        let list: YAMLNode?
        switch root.content {
        case .sequence: list = root
        case .mapping(let pairs):
            list = root[HugoMenus.navigation]
            for pair in pairs where pair.key.scalarText != HugoMenus.navigation {
                notImported.append(file.place(pair.key, note: "navigation '\(pair.key.scalarText ?? "")': sitegen's theme shows one menu, the site's navigation (from 'main')"))
            }
        case .scalar: list = nil
        }
        guard case .sequence(let items)? = list?.content else { return ([], notImported) }
        var entries: [Entry] = []
        for item in items {
            guard let title = item["title"]?.text, let url = item["url"]?.text else {
                notImported.append(file.place(item, note: "a navigation entry without 'title' and 'url': not in the menu"))
                continue
            }
            if let children = item["children"] {
                notImported.append(file.place(children, note: "the children of '\(title)': sitegen's navigation has one level"))
            }
            entries.append(Entry(title: title, url: url))
        }
        return (entries, notImported)
    }

    /// minima's `header_pages: [about.md, portfolio.md]`: its header links to each of these
    /// pages that has a title, in this order, by its title (`site.pages | where: "path"`),
    /// which is the site's navigation. A path that is no imported page, or a page without a
    /// title (minima skips it too), is listed.
    static func headerPages(_ paths: [String], place: ImportPlace?,
                            documents: [(PlannedDocument, DocumentImporter.Outcome)]) -> (items: [SiteSettings.MenuItem], notImported: [ImportPlace]) {
        var items: [SiteSettings.MenuItem] = []
        var notImported: [ImportPlace] = []
        for path in paths {
            let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
            guard let (document, outcome) = documents.first(where: { $0.0.source == relative && $0.0.role == .page }),
                  let url = outcome.decision.newURL else {
                var note = place ?? ImportPlace(file: "_config.yml")
                note.text = path
                note.note = "header_pages '\(path)': no page of the site is there, not in the menu"
                notImported.append(note)
                continue
            }
            guard let title = outcome.title, !title.isEmpty else {
                notImported.append(ImportPlace(file: document.source, note: "in header_pages but without a title: minima leaves it out of the header, and so does the menu"))
                continue
            }
            items.append(SiteSettings.MenuItem(title: title, url: url))
        }
        return (items, notImported)
    }
}
