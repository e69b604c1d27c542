import YAML

/// An entry of a Hugo menu: from the settings (`[[menu.main]]` with `name`, `url` or
/// `pageRef`, `weight`) or from a page's front matter (`menu: main`, `menus: [main]`,
/// `menu: { main: { weight: 2, name: About } }`), which links to that page.
struct HugoMenuEntry: Sendable, Hashable {
    var menu: String
    var name: String?
    var url: String?
    /// A content path (`/about`, `posts/_index.md`), from the settings' `pageRef`.
    var pageRef: String?
    /// The document (relative to the source site) whose front matter declared the entry.
    var document: String?
    var weight = 0
    var parent: String?
    /// Where the entry was written, for the report.
    var file: String
    var line: Int?

    /// Hugo's order: by weight, unweighted (0) last, then by name.
    static func inHugoOrder(_ lhs: HugoMenuEntry, _ rhs: HugoMenuEntry) -> Bool {
        (lhs.weight == 0 ? Int.max : lhs.weight, lhs.name ?? "") < (rhs.weight == 0 ? Int.max : rhs.weight, rhs.name ?? "")
    }
}

enum HugoMenus {
    /// The menu that becomes the site's navigation; Hugo themes show `main` in their header.
    static let navigation = "main"

    /// `menu` or `menus` of the settings: menu name → a list of entries.
    static func fromSettings(_ node: YAMLNode, file: String) -> [HugoMenuEntry] {
        guard case .mapping(let pairs) = node.content else { return [] }
        var entries: [HugoMenuEntry] = []
        for pair in pairs {
            guard let menu = pair.key.scalarText, case .sequence(let items) = pair.value.content else { continue }
            for item in items {
                entries.append(HugoMenuEntry(menu: menu, name: item.hugoKey("name")?.text, url: item.hugoKey("url")?.text,
                                             pageRef: item.hugoKey("pageref")?.text, weight: item.hugoKey("weight")?.int ?? 0,
                                             parent: item.hugoKey("parent")?.text, file: file, line: item.location.line))
            }
        }
        return entries
    }

    /// `menu:` or `menus:` of a page's front matter: a name, a list of names, or menu name →
    /// `{ name, weight, parent }`. The entry's name defaults to the page's `linkTitle`, else `title`.
    static func fromFrontMatter(_ root: YAMLNode?, document: String, file: String) -> [HugoMenuEntry] {
        guard let root, let node = root["menu"] ?? root["menus"] else { return [] }
        let title = root["linkTitle"]?.text ?? root["linktitle"]?.text ?? root["title"]?.text
        func entry(_ menu: String, _ settings: YAMLNode?) -> HugoMenuEntry {
            HugoMenuEntry(menu: menu, name: settings?.hugoKey("name")?.text ?? title, document: document,
                          weight: settings?.hugoKey("weight")?.int ?? root["weight"]?.int ?? 0, parent: settings?.hugoKey("parent")?.text,
                          file: file, line: node.location.line + 1)
        }
        switch node.content {
        case .scalar:
            return node.text.map { [entry($0, nil)] } ?? []
        case .sequence(let items):
            return items.compactMap(\.text).map { entry($0, nil) }
        case .mapping(let pairs):
            return pairs.compactMap { pair in pair.key.scalarText.map { entry($0, pair.value) } }
        }
    }
}
