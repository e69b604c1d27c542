import Support
import YAML

/// `menu:` in `site.yml`: a list of `{title, url}`, each problem at its line and column.
enum MenuDecoder {
    static func decode(_ node: YAMLNode, _ fields: inout YAMLFields) -> [MenuItem] {
        guard case .sequence(let items) = node.content else {
            fields.error(node, "'menu' must be a list of entries, each '- title: About' and 'url: /about/'; not \(node.kindName)")
            return []
        }
        var menu: [MenuItem] = []
        for item in items {
            guard case .mapping = item.content else {
                fields.error(item, "a menu entry must be a mapping with 'title' and 'url', not \(item.kindName)")
                continue
            }
            var entry = YAMLFields(file: fields.file, lineOffset: 0, mapping: item)
            entry.warnUnknownKeys(known: ["title", "url"], what: "menu entry key")
            let title = entry.string("title", required: true)
            let url = entry.string("url", required: true)
            if let url, !url.hasPrefix("/"), !(url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")) {
                entry.error(at: entry.location(ofValue: "url"), "menu url '\(url)' must be a path of the site (/about/) or an http(s):// address")
            } else if let title, let url {
                menu.append(MenuItem(title: title, url: url))
            }
            fields.absorb(entry)
        }
        return menu
    }
}
