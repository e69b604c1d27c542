import Foundation
import Support
import YAML

/// Reads `Content/site.yml` into a `SiteConfig`, every problem at its line and column.
public enum SiteConfigDecoder {
    public static let knownKeys = ["title", "author", "description", "base_url", "language", "theme", "posts_per_page", "feed_limit", "markdown", "snippets", "limits", "keep"]
    public static let knownSnippetKeys = ["swift_version"]
    public static let knownMarkdownKeys = ["smart_punctuation", "allow_raw_html"]

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
            fields.absorb(sub)
        }
        if let snippets = fields.mappingField("snippets") {
            var sub = YAMLFields(file: source.path, lineOffset: 0, mapping: snippets)
            sub.warnUnknownKeys(known: knownSnippetKeys, what: "snippets setting")
            if let version = sub.int("swift_version", range: 5...6) { config.snippetSwiftVersion = version }
            fields.absorb(sub)
        }
        config.limits = OutputSettingsDecoder.decodeLimits(&fields)
        config.keep = OutputSettingsDecoder.decodeKeep(&fields)
        let failed = fields.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : config, fields.diagnostics)
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
}
