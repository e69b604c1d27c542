import Support
import YAML

/// What a Hugo site's settings (TOML, YAML or JSON) say that the import uses. Hugo's keys
/// are read without regard to case (`baseURL`, `baseurl`); `config/_default/<key>.toml` is
/// the value of `<key>`.
struct HugoConfig: Sendable {
    var settings = SiteSettings()
    var notImported: [ImportPlace] = []
    var configFiles: [String] = []
    /// Section → permalink pattern.
    var permalinks: [String: String] = [:]
    var uglyURLs = false

    /// In Hugo's order: the first present is the settings file.
    static let rootNames = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]
    static let readKeys: Set<String> = ["title", "baseurl", "languagecode", "defaultcontentlanguage", "params", "author", "permalinks",
                                        "paginate", "pagination", "uglyurls", "taxonomies", "markup"]

    static func read(_ tree: SourceTree) throws(DiagnosticsError) -> HugoConfig {
        var config = HugoConfig()
        var files: [ConfigFile] = []
        var entries: [(key: String, value: YAMLNode, file: ConfigFile)] = []
        var errors: [Diagnostic] = []
        func load(_ path: String) -> ConfigFile? {
            do throws(Diagnostic) {
                let file = try ConfigFile.read(tree, path)
                files.append(file)
                config.configFiles.append(path)
                return file
            } catch {
                errors.append(error)
                return nil
            }
        }
        if let rootName = rootNames.first(where: tree.files.contains), let file = load(rootName) {
            entries += file.pairs.compactMap { pair in pair.key.scalarText.map { ($0.lowercased(), pair.value, file) } }
        }
        for path in tree.files where path.hasPrefix("config/_default/") && path.split(separator: "/").count == 3 {
            let key = path.fileName.withoutExtension.lowercased()
            guard [".toml", ".yaml", ".yml", ".json"].contains(path.fileExtension), let file = load(path), let root = file.root else { continue }
            if key == "config" || key == "hugo" {
                entries += file.pairs.compactMap { pair in pair.key.scalarText.map { ($0.lowercased(), pair.value, file) } }
            } else {
                entries.append((key, root, file))
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors) }
        if let rootName = rootNames.first(where: tree.files.contains) {
            for other in rootNames where other != rootName && tree.files.contains(other) {
                config.notImported.append(ImportPlace(file: other, note: "Hugo reads \(rootName) and not this one"))
            }
        }
        if files.isEmpty {
            config.notImported.append(ImportPlace(file: "hugo.yaml", note: "no settings file: the settings are sitegen's defaults"))
        }
        config.apply(entries)
        return config
    }

    private mutating func apply(_ entries: [(key: String, value: YAMLNode, file: ConfigFile)]) {
        var settings = SiteSettings()
        settings.allowRawHTML = false
        var url: String?
        for (key, value, file) in entries {
            switch key {
            case "title": settings.title = value.text
            case "baseurl": url = value.text
            case "languagecode": settings.language = value.text
            case "defaultcontentlanguage": settings.language = settings.language ?? value.text
            case "author": settings.author = settings.author ?? value.authorName
            case "params":
                settings.description = value["description"]?.text ?? settings.description
                if let author = value["author"]?.authorName { settings.author = author }
                notImported.append(file.place(value, note: "params belong to the theme; only description and author were read"))
            case "permalinks":
                let patterns = value["page"].flatMap { $0.isMapping ? $0 : nil } ?? value
                if case .mapping(let pairs) = patterns.content {
                    for pair in pairs { if let section = pair.key.scalarText, let pattern = pair.value.text { permalinks[section] = pattern } }
                }
            case "paginate":
                if let size = value.int, (1...1000).contains(size) { settings.postsPerPage = size }
            case "pagination":
                if let size = value["pagerSize"]?.int ?? value["pagersize"]?.int, (1...1000).contains(size) { settings.postsPerPage = size }
            case "uglyurls": uglyURLs = value.bool ?? false
            case "taxonomies":
                if case .mapping(let pairs) = value.content {
                    for pair in pairs where !["tags", "categories", "series"].contains(pair.value.text ?? "") {
                        notImported.append(file.place(pair.value, note: "taxonomy '\(pair.value.text ?? "")': sitegen has tags, categories and series; its terms stay as params"))
                    }
                }
            case "markup":
                let goldmark = value["goldmark"]
                if let unsafe = goldmark?["renderer"]?["unsafe"]?.bool { settings.allowRawHTML = unsafe }
                if let typographer = goldmark?["extensions"]?["typographer"] {
                    settings.smartPunctuation = typographer.bool ?? !(typographer["disable"]?.bool ?? false)
                }
            default:
                notImported.append(file.place(value, note: "'\(key)' is not a sitegen setting"))
            }
        }
        if let url {
            settings.baseURL = SiteSettings.baseURL(url: url, path: "")
            if settings.baseURL == nil {
                notImported.append(ImportPlace(file: configFiles.first ?? "hugo.yaml", note: "baseURL '\(url)' is not an absolute http(s) URL: base_url not set"))
            }
        }
        self.settings = settings
    }
}
