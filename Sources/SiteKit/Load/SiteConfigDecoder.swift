import Foundation
import Markdown
import Support
import YAML

/// Reads `Content/site.yml` into a `SiteConfig`, every problem at its line and column.
public enum SiteConfigDecoder {
    static let knownKeys = ["title", "author", "description", "base_url", "language", "theme", "posts_per_page", "feed_limit", "markdown", "code", "snippets", "strings", "permalinks", "links", "template_syntax", "limits", "keep", "menu", "social", "future", "search", "images"]
    static let knownSnippetKeys = ["swift_version", "run"]
    static let knownCodeKeys = ["line_numbers", "wrap", "copy", "types"]
    static let knownMarkdownKeys = ["smart_punctuation", "allow_raw_html", "extensions", "math"]

    public static func decode(_ source: SourceText) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(source.text) else { return (SiteConfig(), []) }
            root = parsed
        } catch {
            let (location, message) = error.shifted(by: 0)
            return (nil, [.error(source.path, location, message)])
        }
        guard case .mapping = root.content else {
            return (nil, [.error(source.path, root.location, "site settings must be a mapping of keys (title: ..., base_url: ...), not \(root.kindName)")])
        }
        var fields = YAMLFields(file: source.path, lineOffset: 0, mapping: root)
        fields.warnUnknownKeys(known: knownKeys, what: "site setting")
        var config = SiteConfig()
        var diagnostics: [Diagnostic] = []
        if let title = fields.string("title", required: true) { config.title = title }
        if let author = fields.string("author", required: false) { config.author = author }
        if let description = fields.string("description", required: false) { config.description = description }
        if let language = fields.string("language", required: false) { config.language = language }
        if let theme = fields.string("theme", required: false) {
            config.themeLocation = fields.location(ofValue: "theme")
            if Slug.isValid(theme) {
                config.theme = theme
            } else {
                fields.error(at: fields.location(ofValue: "theme"), "theme '\(theme)' must be a folder name in Themes/")
            }
        }
        if let perPage = fields.int("posts_per_page", range: 1...1000) { config.postsPerPage = perPage }
        if let limit = fields.int("feed_limit", range: 0...1_000_000) { config.feedLimit = limit }
        if let url = fields.string("base_url", required: false) {
            if let normalized = normalizedBaseURL(url) {
                config.baseURL = normalized
            } else {
                fields.error(at: fields.location(ofValue: "base_url"), "base_url '\(url)' must be an absolute http or https URL, e.g. https://example.com/")
            }
        }
        if let markdown = fields.mappingField("markdown") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: markdown)
            sub.warnUnknownKeys(known: knownMarkdownKeys, what: "markdown setting")
            config.markdown.smartPunctuation = sub.bool("smart_punctuation") ?? false
            config.markdown.allowRawHTML = sub.bool("allow_raw_html") ?? false
            if let extensions = decodeExtensions(&sub) { config.markdown.extensions = extensions }
            if let math = sub.mappingField("math") {
                var mathFields = YAMLFields(file: source.path, lineOffset: 0, mapping: math)
                mathFields.warnUnknownKeys(known: ["dollars"], what: "markdown.math setting")
                config.markdown.mathDollars = mathFields.bool("dollars") ?? false
                sub.absorb(mathFields)
            }
            fields.absorb(sub)
        }
        if let code = fields.mappingField("code") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: code)
            sub.warnUnknownKeys(known: knownCodeKeys, what: "code setting")
            if let value = sub.bool("line_numbers") { config.markdown.code.lineNumbers = value }
            if let value = sub.bool("wrap") { config.markdown.code.wrap = value }
            if let value = sub.bool("copy") { config.markdown.code.copy = value }
            if let value = sub.bool("types") { config.markdown.code.types = value }
            fields.absorb(sub)
        }
        if let snippets = fields.mappingField("snippets") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: snippets)
            sub.warnUnknownKeys(known: knownSnippetKeys, what: "snippets setting")
            if let version = sub.int("swift_version", range: 5...6) { config.snippetSwiftVersion = version }
            if let run = sub.bool("run") { config.snippetRun = run }
            fields.absorb(sub)
        }
        config.limits = OutputSettingsDecoder.decodeLimits(&fields)
        config.keep = OutputSettingsDecoder.decodeKeep(&fields)
        if let policy = fields.string("template_syntax", required: false) {
            if let value = SiteConfig.TemplateSyntaxPolicy(rawValue: policy) { config.templateSyntax = value } else {
                fields.error(at: fields.location(ofKey: "template_syntax"), "template_syntax must be warn, error or ignore, not '\(policy)'")
            }
        }
        if let permalinks = fields.mappingField("permalinks") {
            decodePermalinks(permalinks, into: &config, &fields)
        }
        if let links = fields.mappingField("links") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: links)
            sub.warnUnknownKeys(known: ["ignore", "internal"], what: "links setting")
            for path in sub.stringList("ignore") ?? [] {
                if path.hasPrefix("/") { config.links.ignore.append(path) } else {
                    sub.error(at: sub.location(ofKey: "ignore"), "'\(path)' in links.ignore must be a root-relative path such as /download/")
                }
            }
            if let setting = sub.string("internal", required: false) {
                switch setting {
                case "error": config.links.brokenIsError = true
                case "warn": config.links.brokenIsError = false
                default: sub.error(at: sub.location(ofKey: "internal"), "links.internal must be error or warn, not '\(setting)'")
                }
            }
            fields.absorb(sub)
        }
        if let images = fields.mappingField("images") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: images)
            sub.warnUnknownKeys(known: ["widths", "sizes", "webp", "quality", "strip_metadata"], what: "images setting")
            if let widths = sub.stringList("widths") {
                let numbers = widths.compactMap { Int($0) }.filter { (16...10_000).contains($0) }
                if numbers.count == widths.count { config.images.widths = Array(Set(numbers)).sorted() } else {
                    sub.error(at: sub.location(ofValue: "widths"), "images.widths must be a list of widths in pixels from 16 to 10000, such as [480, 960, 1600]")
                }
            }
            if let sizes = sub.string("sizes", required: false) { config.images.sizes = sizes }
            if let webp = sub.bool("webp") { config.images.webp = webp }
            if let quality = sub.int("quality", range: 1...100) { config.images.quality = quality }
            if let strip = sub.bool("strip_metadata") { config.images.stripMetadata = strip }
            fields.absorb(sub)
        }
        if let menu = fields["menu"], menu.scalar != .null {
            config.menu = MenuDecoder.decode(menu, &fields)
        }
        config.future = fields.bool("future") ?? false
        config.search = fields.bool("search") ?? true
        if let social = fields["social"], social.scalar != .null {
            config.social = MenuDecoder.decode(social, setting: .social, &fields)
        }
        if let strings = root["strings"] {
            let (texts, found) = UIStringsDecoder.decode(strings, file: source.path)
            config.strings = texts
            diagnostics += found
        }
        let failed = fields.diagnostics.contains { $0.severity == .error }
        return (failed || diagnostics.contains { $0.severity == .error } ? nil : config, fields.diagnostics + diagnostics)
    }

    static func normalizedBaseURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        guard let scheme = text.range(of: "://") else { return nil }
        let afterScheme = text[scheme.upperBound...]
        guard let host = afterScheme.split(separator: "/").first, !host.isEmpty,
              !text.contains(where: { $0 == " " || $0 == "?" || $0 == "#" }) else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// `extensions: [table, footnotes]`: names of ``MarkdownExtension``, each checked at its
    /// own position; `[]` is plain CommonMark. Nil when absent or wrong (the default stays).
    private static func decodeExtensions(_ fields: inout YAMLFields) -> Set<MarkdownExtension>? {
        guard let node = fields["extensions"] else { return nil }
        let names = MarkdownExtension.allCases.map(\.rawValue)
        guard case .sequence(let items) = node.content else {
            fields.error(node, "'extensions' must be a list of \(names.joined(separator: ", ")), or [] for plain CommonMark; not \(node.kindName)")
            return nil
        }
        var extensions = Set<MarkdownExtension>()
        var valid = true
        for item in items {
            let text = item.scalar == .null ? nil : item.scalarText
            guard let text, let value = MarkdownExtension(rawValue: text) else {
                let written = text.map { "'\($0)'\(DidYouMean.hint(for: $0, among: names))" } ?? item.kindName
                fields.error(item, "unknown Markdown extension \(written); the extensions are \(names.joined(separator: ", "))")
                valid = false
                continue
            }
            extensions.insert(value)
        }
        return valid ? extensions : nil
    }

    /// `permalinks: { posts: /:year/:month/:slug/, tags: /topics/:slug/ }`: each pattern
    /// checked token by token, an error at the token's column.
    private static func decodePermalinks(_ node: YAMLNode, into config: inout SiteConfig, _ fields: inout YAMLFields) {
        var sub = YAMLFields(file: fields.file, lineOffset: 0, mapping: node)
        let keys = SiteRoutes.Permalinks.keys
        sub.warnUnknownKeys(known: keys.map(\.key), what: "permalinks setting")
        for (key, _) in keys {
            guard let value = sub[key], let text = sub.string(key, required: false) else { continue }
            do {
                config.routes.permalinks[key] = try SiteRoutes.Permalinks.pattern(text, key: key)
            } catch where error.offset == nil {
                sub.error(value, error.message)
            } catch {
                let location = sub.location(of: value)
                var quoted = 0
                if case .scalar(_, let style) = value.content, style == .singleQuoted || style == .doubleQuoted { quoted = 1 }
                sub.error(at: SourceLocation(line: location.line, column: location.column + quoted + (error.offset ?? 0)),
                          "\(key) permalink '\(text)': \(error.message)")
            }
        }
        fields.absorb(sub)
    }
}
