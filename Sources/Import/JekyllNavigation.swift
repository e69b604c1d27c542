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
}
