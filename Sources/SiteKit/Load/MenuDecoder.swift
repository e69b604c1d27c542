import Support
import YAML

/// `menu:` and `social:` in `site.yml`: each a list of `{title, url}`, each problem at its
/// line and column.
enum MenuDecoder {
    /// The setting a list is read for, and what its URLs may be.
    enum Setting: String {
        /// The navigation: paths of the site and http(s) addresses.
        case menu
        /// The author's profiles elsewhere (`rel="me"`): http(s) and mailto addresses too.
        case social

        var example: String { self == .menu ? "'- title: About' and 'url: /about/'" : "'- title: GitHub' and 'url: https://github.com/me'" }
        var allowed: String { self == .menu ? "a path of the site (/about/) or an http(s):// address" : "an http(s):// or mailto: address, or a path of the site" }

        func allows(_ url: String) -> Bool {
            let lowered = url.lowercased()
            return url.hasPrefix("/") || lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
                || (self == .social && lowered.hasPrefix("mailto:") && url.count > "mailto:".count)
        }
    }

    static func decode(_ node: YAMLNode, setting: Setting = .menu, _ fields: inout YAMLFields) -> [MenuItem] {
        let name = setting.rawValue
        guard case .sequence(let items) = node.content else {
            fields.error(node, "'\(name)' must be a list of entries, each \(setting.example); not \(node.kindName)")
            return []
        }
        var menu: [MenuItem] = []
        for item in items {
            guard case .mapping = item.content else {
                fields.error(item, "a \(name) entry must be a mapping with 'title' and 'url', not \(item.kindName)")
                continue
            }
            var entry = YAMLFields(file: fields.file, lineOffset: 0, mapping: item)
            entry.warnUnknownKeys(known: ["title", "url"], what: "\(name) entry key")
            let title = entry.string("title", required: true)
            let url = entry.string("url", required: true)
            if let url, !setting.allows(url) {
                entry.error(at: entry.location(ofValue: "url"), "\(name) url '\(url)' must be \(setting.allowed)")
            } else if let title, let url {
                menu.append(MenuItem(title: title, url: url))
            }
            fields.absorb(entry)
        }
        return menu
    }
}
