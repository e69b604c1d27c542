import Foundation
import Markdown
import SiteKit
import Support
import YAML

/// The settings the import writes to `Content/site.yml`.
struct SiteSettings: Sendable {
    var title: String?
    var description: String?
    var author: String?
    var baseURL: String?
    var language: String?
    var postsPerPage: Int?
    /// kramdown and goldmark both make quotes and dashes typographic by default.
    var smartPunctuation = true
    /// kramdown passes raw HTML through; goldmark only with `unsafe: true`.
    var allowRawHTML = true
    /// kramdown's idioms (attribute lists, definition lists, `{::nomarkdown}`): Jekyll's
    /// Markdown, so an imported Jekyll site gets the `kramdown` extension.
    var kramdown = false
    /// `posts`, `tags`, `categories`, `series` → pattern; only those that differ from sitegen's default.
    var permalinks: [(kind: String, pattern: String)] = []
    /// `menu:`, the site's navigation: a Hugo `main` menu, a Jekyll `_data/navigation.yml`.
    var menu: [MenuItem] = []
    /// Posts dated in the future published at once (Jekyll's `future: true`, Hugo's `buildFuture`).
    var future = false

    struct MenuItem: Sendable, Hashable {
        var title: String
        /// A path of the site (`/about/`) or an `http(s)://` address.
        var url: String
    }

    /// The keys written, in order (`markdown.allow_raw_html`, `permalinks.posts`).
    var keys: [String] {
        var keys: [String] = []
        if title != nil { keys.append("title") }
        if description != nil { keys.append("description") }
        if author != nil { keys.append("author") }
        if baseURL != nil { keys.append("base_url") }
        if language != nil { keys.append("language") }
        if postsPerPage != nil { keys.append("posts_per_page") }
        keys += ["markdown.smart_punctuation", "markdown.allow_raw_html"] + (extensions == nil ? [] : ["markdown.extensions"])
        keys += permalinks.map { "permalinks." + $0.kind }
        if !menu.isEmpty { keys.append("menu") }
        if future { keys.append("future") }
        return keys
    }

    /// The extensions to write, in sitegen's order; nil where sitegen's default fits. sitegen's
    /// default filters <iframe>, <script> and <style> as GitHub does; a source site that
    /// passed them (video and gist embeds) keeps them.
    var extensions: [MarkdownExtension]? {
        guard allowRawHTML || kramdown else { return nil }
        return MarkdownExtension.allCases.filter { $0 == .kramdown ? kramdown : !(allowRawHTML && $0 == .tagfilter) }
    }

    func yaml(generator: SourceGenerator, from configFiles: [String]) -> String {
        var text = "# Imported from a \(generator.displayName) site"
        text += configFiles.isEmpty ? " (no settings file was read).\n" : " (\(configFiles.joined(separator: ", "))).\n"
        text += "# docs/import.md says what was mapped; sitegen's README lists every setting.\n"
        func line(_ key: String, _ value: String?) {
            if let value { text += "\(key): \(YAMLText.quoted(value))\n" }
        }
        line("title", title ?? "My Blog")
        line("description", description)
        line("author", author)
        line("base_url", baseURL)
        line("language", language)
        if let postsPerPage { text += "posts_per_page: \(postsPerPage)\n" }
        text += "markdown:\n  smart_punctuation: \(smartPunctuation)\n  allow_raw_html: \(allowRawHTML)\n"
        if let extensions {
            let names = extensions.map(\.rawValue).joined(separator: ", ")
            var comments: [String] = []
            if allowRawHTML { comments.append("no tagfilter: <iframe> and <script> pass, as they did") }
            if kramdown { comments.append("kramdown: {: .class} attribute lists and definition lists, as Jekyll read them") }
            text += "  extensions: [\(names)]   # \(comments.joined(separator: "; "))\n"
        }
        if !permalinks.isEmpty {
            text += "permalinks:\n"
            for (kind, pattern) in permalinks { text += "  \(kind): \(YAMLText.quoted(pattern))\n" }
        }
        if future { text += "future: true   # posts dated in the future are published at once, as the source site did\n" }
        if !menu.isEmpty {
            text += "menu:\n"
            for item in menu { text += "  - title: \(YAMLText.quoted(item.title))\n    url: \(YAMLText.quoted(item.url))\n" }
        }
        return text
    }

    /// `https://example.com` and `/blog` → `https://example.com/blog/`; nil when `url` is no
    /// absolute http(s) URL.
    static func baseURL(url: String, path: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !url.contains(" ") else { return nil }
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        let trimmedPath = path.trimming("/")
        return base + "/" + (trimmedPath.isEmpty ? "" : trimmedPath + "/")
    }
}

/// A settings file of the source site, parsed; its problems are errors at `file:line:col`.
struct ConfigFile: Sendable {
    var path: String
    var root: YAMLNode?
    /// Keys given twice (YAML): each earlier one, whose value is not read.
    var duplicates: [ImportPlace] = []

    /// `allowsList`: a data file whose top may be a list (`_data/navigation.yml`).
    static func read(_ tree: SourceTree, _ path: String, allowsList: Bool = false) throws(Diagnostic) -> ConfigFile {
        let source = try SourceText.read(tree.url(path), displayPath: path)
        let root: YAMLNode?
        var dropped: [YAMLParser.DroppedDuplicate] = []
        if path.fileExtension == ".toml" {
            do {
                root = try TOMLParser.parse(source.text).root
            } catch {
                throw Diagnostic.error(path, error.location, error.message)
            }
        } else {
            do {
                // A key given twice: the last value, as Jekyll and Hugo read it (listed by the caller).
                (root, dropped) = try YAMLParser.parse(source.text, duplicateKeys: .lastWins)
            } catch {
                let (location, message) = error.shifted(by: 0)
                throw Diagnostic.error(path, location, message)
            }
        }
        if let root, !root.isMapping, !(allowsList && root.isSequence) {
            throw Diagnostic.error(path, root.location, "settings must be a mapping of keys, not \(root.kindName)")
        }
        var file = ConfigFile(path: path, root: root)
        file.duplicates = dropped.map { duplicate in
            ImportPlace(file: path, line: duplicate.location.line, column: duplicate.location.column, text: duplicate.key,
                        note: "'\(duplicate.key)' is given again at line \(duplicate.laterLocation.line): the last value is read, as Jekyll and Hugo read it")
        }
        return file
    }

    var pairs: [YAMLNode.Pair] {
        if case .mapping(let pairs)? = root?.content { return pairs }
        return []
    }

    func place(_ node: YAMLNode, note: String) -> ImportPlace {
        ImportPlace(file: path, line: node.location.line, column: node.location.column, text: node.scalarText, note: note)
    }
}

extension YAMLNode {
    var isMapping: Bool {
        if case .mapping = content { return true }
        return false
    }

    var isSequence: Bool {
        if case .sequence = content { return true }
        return false
    }

    /// A scalar's text when it is not null or empty.
    var text: String? {
        guard case .scalar(let text, _) = content, scalar != .null, !text.isEmpty else { return nil }
        return text
    }

    /// An author: a text, or a mapping's `name`.
    var authorName: String? {
        text ?? self["name"]?.text
    }

    var int: Int? {
        if case .int(let value)? = scalar { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value)? = scalar { return value }
        return nil
    }

    /// A mapping's keys with scalar values, and their texts (nested values left out).
    var scalarTexts: [(String, String)] {
        guard case .mapping(let pairs) = content else { return [] }
        return pairs.compactMap { pair in pair.key.scalarText.flatMap { key in pair.value.text.map { (key, $0) } } }
    }

    var stringList: [String] {
        switch content {
        case .sequence(let items): items.compactMap(\.text)
        case .scalar: text.map { [$0] } ?? []
        case .mapping: []
        }
    }
}
