import Foundation
import YAML

/// A Hugo document's front matter, read ahead of its import to plan it: a dated document
/// of a section is a post, an undated one a page, a `headless: true` bundle no page at all.
enum HugoFrontMatter {
    /// What a document's front matter is, read ahead of its import.
    enum Peek: Sendable {
        /// The file has none: Hugo reads it as an undated page.
        case absent
        /// It cannot be read (bad YAML or TOML, not UTF-8): its import reports the error.
        case unreadable
        case read(YAMLNode)

        var node: YAMLNode? {
            if case .read(let node) = self { return node }
            return nil
        }
    }

    /// The front matter as a YAML tree, TOML and JSON converted as the import converts them.
    static func peek(_ tree: SourceTree, _ path: String) -> Peek {
        guard let source = try? SourceDocument.read(tree.url(path), path: path) else { return .unreadable }
        guard source.format != .none else { return .absent }
        do {
            let yaml = try DocumentImporter.yamlFrontMatter(source, path: path) ?? source.yaml
            return try YAMLParser.parse(yaml).map(Peek.read) ?? .absent
        } catch {
            return .unreadable
        }
    }
}

extension YAMLNode {
    func flag(_ key: String) -> Bool? {
        self[key]?.bool
    }

    /// `build: { render: never }` (Hugo 0.65; `render: false` before 0.76), or `_build`: Hugo writes no page.
    var isUnrendered: Bool {
        guard let render = (self["build"] ?? self["_build"])?["render"] else { return false }
        return render.bool == false || render.text?.lowercased() == "never"
    }

    /// Whether Hugo, without `--buildFuture` and `--buildExpired`, publishes the page: its
    /// `publishDate` (else `date`) is not after `now`, its `expiryDate` not before.
    func isPublishedByHugo(at now: Date) -> Bool {
        func instant(_ key: String) -> (Int, Int, Int, Int, Int, Int)? {
            guard let text = self[key]?.text, let date = LenientDate(text) else { return nil }
            let day = date.day(atOffset: 0)
            return (day.year, day.month, day.day, day.hour, day.minute, day.second)
        }
        let utc = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now)
        let today = (utc.year ?? 0, utc.month ?? 0, utc.day ?? 0, utc.hour ?? 0, utc.minute ?? 0, utc.second ?? 0)
        if let publish = instant("publishDate") ?? instant("publishdate") ?? instant("date"), publish > today { return false }
        if let expiry = instant("expiryDate") ?? instant("expirydate"), expiry < today { return false }
        return true
    }

    /// The date Hugo dates a page by: `date`, else `publishDate`, else `lastmod`.
    var hugoDate: String? {
        self["date"]?.text ?? self["publishDate"]?.text ?? self["publishdate"]?.text ?? self["lastmod"]?.text
    }
}
