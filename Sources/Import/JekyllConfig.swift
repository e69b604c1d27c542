import Foundation
import Support
import YAML

/// What `_config.yml` says that the import uses: the settings sitegen has, the permalink
/// style, which files Jekyll leaves out, and the keys sitegen has no place for (reported).
struct JekyllConfig: Sendable {
    var settings: SiteSettings = {
        var settings = SiteSettings()
        settings.kramdown = true
        return settings
    }()
    var notImported: [ImportPlace] = []
    var configFiles: [String] = []
    /// `permalink` as written (`date` when absent, Jekyll's default).
    var permalinkStyle = "date"
    var exclude: [String] = []
    var include: [String] = []
    /// `collections`: those with `output: true` are imported at their URLs, the others'
    /// `_name` folders are reported, not imported.
    var collections: [JekyllCollection] = []
    /// `collections: {posts: {permalink: …}}`: the posts' URL template, over `permalink`'s style.
    var postsPermalink: String? { collections.first { $0.label == "posts" }?.permalink }
    /// `defaults`: front matter values by path and type.
    var defaults = JekyllDefaults()
    var timeZone: TimeZone?
    /// `future: true`: Jekyll writes posts dated after the build too (by default it does not).
    var future = false
    var siteURL: String?
    var basePath = ""
    /// `collections_dir`: the folder of `_posts/`, `_drafts/` and the collections' `_label/`
    /// folders (empty: the top of the site), as Jekyll reads it.
    var collectionsDir = ""
    /// minima's `header_pages`: the pages its header links to, in order (its navigation).
    var headerPages: [String] = []
    /// Where `header_pages` is, for the report.
    var headerPagesPlace: ImportPlace?

    /// Keys the import reads to decide what to import, not sitegen settings.
    static let readKeys: Set<String> = ["exclude", "include", "collections", "defaults", "future", "markdown", "kramdown", "highlighter", "timezone"]
    /// What Jekyll leaves out when `exclude` does not say otherwise (Jekyll 4's defaults).
    static let defaultExclude = [".sass-cache/", ".jekyll-cache/", "gemfiles/", "Gemfile", "Gemfile.lock", "node_modules/",
                                 "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]

    static func read(_ tree: SourceTree) throws(Diagnostic) -> JekyllConfig {
        var config = JekyllConfig()
        guard tree.files.contains("_config.yml") || tree.files.contains("_config.yaml") else {
            config.notImported.append(ImportPlace(file: "_config.yml", note: "no _config.yml: the settings are sitegen's defaults"))
            return config
        }
        let path = tree.files.contains("_config.yml") ? "_config.yml" : "_config.yaml"
        let file = try ConfigFile.read(tree, path)
        config.configFiles = [path]
        config.notImported += file.duplicates
        var url: String?
        var settings = SiteSettings()
        settings.kramdown = true
        for pair in file.pairs {
            guard let key = pair.key.scalarText else { continue }
            let value = pair.value
            switch key {
            case "title": settings.title = value.text
            case "description": settings.description = value.text
            case "author":
                settings.author = value.authorName
                if settings.author == nil { config.notImported.append(file.place(value, note: "'author' is neither a text nor a mapping with 'name'")) }
            case "lang": settings.language = value.text
            case "url": url = value.text
            case "baseurl": config.basePath = value.text.map { $0 == "/" ? "" : "/" + $0.trimming("/") } ?? ""
            case "paginate":
                if let perPage = value.int, (1...1000).contains(perPage) { settings.postsPerPage = perPage }
                else { config.notImported.append(file.place(value, note: "'paginate' is not a whole number from 1 to 1000")) }
            case "permalink": config.permalinkStyle = value.text ?? "date"
            case "future":
                config.future = value.bool ?? false
                settings.future = config.future
            case "header_pages":
                config.headerPages = value.stringList
                config.headerPagesPlace = file.place(pair.key, note: "")
            case "exclude": config.exclude = value.stringList
            case "include": config.include = value.stringList
            case "collections_dir":
                config.collectionsDir = (value.text ?? "").trimming("/")
            case "collections":
                config.collections = JekyllCollection.read(value)
                if config.collections.contains(where: { !$0.output && $0.label != "posts" }) {
                    config.notImported.append(file.place(pair.key, note: "collections without 'output: true' are not imported (Jekyll writes no pages for them; their _folders are listed below)"))
                }
            case "defaults":
                let (defaults, problems) = JekyllDefaults.read(value, files: tree.files) { file.place($0, note: $1) }
                config.defaults = defaults
                config.notImported += problems
            case "timezone":
                if let name = value.text, let zone = TimeZone(identifier: name) { config.timeZone = zone }
                else { config.notImported.append(file.place(value, note: "an unknown time zone: post dates are read as UTC")) }
            default:
                if !readKeys.contains(key) {
                    config.notImported.append(file.place(pair.key, note: "'\(key)' is not a sitegen setting"))
                }
            }
        }
        if let url {
            config.siteURL = url.hasSuffix("/") ? String(url.dropLast()) : url
            settings.baseURL = SiteSettings.baseURL(url: url, path: config.basePath)
            if settings.baseURL == nil, let node = file.root?["url"] {
                config.notImported.append(file.place(node, note: "'url' is not an absolute http(s) URL: base_url not set"))
            }
        } else {
            config.notImported.append(ImportPlace(file: path, note: "no 'url': base_url is not set (feeds and the sitemap need it)"))
        }
        config.settings = settings
        return config
    }

    /// Whether Jekyll leaves `path` out (`exclude`, its defaults), unless `include` names it.
    func isExcluded(_ path: String) -> Bool {
        if Self.matches(include, path) { return false }
        return Self.matches(exclude + Self.defaultExclude, path)
    }

    private static func matches(_ patterns: [String], _ path: String) -> Bool {
        patterns.contains { pattern in
            let trimmed = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
            if trimmed.hasSuffix("/") { return path.hasPrefix(trimmed) }
            if trimmed.contains("*") { return fnmatch(trimmed, path, 0) == 0 || fnmatch(trimmed, path.fileName, 0) == 0 }
            return path == trimmed || path.hasPrefix(trimmed + "/")
        }
    }

    /// Minutes east of UTC of the site's time zone at `date`: Jekyll moves a date with an
    /// offset into that zone (into the machine's, UTC on GitHub Pages, without a `timezone`).
    /// A date without an offset is in that zone already and keeps its day.
    func zoneOffset(for date: LenientDate) -> Int {
        guard let timeZone, let offset = date.offsetMinutes else { return 0 }
        let days = CivilDays.from(year: date.year, month: date.month, day: date.day)
        let seconds = (days * 86400 + ((date.hour ?? 0) * 60 + date.minute - offset) * 60 + date.second)
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) / 60
    }
}

/// A collection of `_config.yml`'s `collections`: its documents are in `_<label>/`.
struct JekyllCollection: Sendable, Hashable {
    var label: String
    /// `output: true`: Jekyll writes a page for each document.
    var output = false
    /// `permalink`, else Jekyll's `/:collection/:path` with the site style's ending.
    var permalink: String?

    static func read(_ node: YAMLNode) -> [JekyllCollection] {
        switch node.content {
        case .mapping(let pairs):
            return pairs.compactMap { pair in
                guard let label = pair.key.scalarText else { return nil }
                return JekyllCollection(label: label, output: pair.value["output"]?.bool ?? false, permalink: pair.value["permalink"]?.text)
            }
        case .sequence: return node.stringList.map { JekyllCollection(label: $0) }
        case .scalar: return []
        }
    }
}
