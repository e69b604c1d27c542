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
    /// Section → pattern of its list page (Hugo 0.112's `[permalinks.section]`).
    var sectionPermalinks: [String: String] = [:]
    var uglyURLs = false
    var languages = HugoLanguages()
    /// The taxonomies' folders (`tags`, `categories`: Hugo's default), whose `_index.md` and
    /// term folders describe taxonomy pages, not sections.
    var taxonomies: Set<String> = ["tags", "categories"]
    /// Every menu entry of the settings (`[menu]`, `[[menus.main]]`, the imported language's own).
    var menus: [HugoMenuEntry] = []
    /// The imported language's `menu` in `[languages.<code>]`, which replaces the site's.
    private var languageOwnMenus: [HugoMenuEntry] = []
    /// `params`' texts by lower-case key, for `{{< param >}}`.
    var params: [String: String] = [:]

    /// In Hugo's order: the first present is the settings file.
    static let rootNames = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]
    static let readKeys: Set<String> = ["title", "baseurl", "languagecode", "defaultcontentlanguage", "params", "author", "permalinks",
                                        "paginate", "pagination", "uglyurls", "taxonomies", "markup",
                                        "languages", "defaultcontentlanguageinsubdir", "menu", "menus"]

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
                config.notImported += file.duplicates   // a key given twice: the last is read, as Hugo does
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
        var languageMenus: [(code: String, value: YAMLNode, file: ConfigFile)] = []
        for (key, value, file) in entries {
            switch key {
            case "title": settings.title = value.text
            case "baseurl": url = value.text
            case "languagecode": settings.language = value.text
            case "defaultcontentlanguage":
                settings.language = settings.language ?? value.text
                if let code = value.text { languages.defaultCode = code }
            case "buildfuture": settings.future = value.bool ?? false
            case "defaultcontentlanguageinsubdir": languages.defaultInSubdir = value.bool ?? false
            case "languages": languages.read(value)
            case "menu", "menus": menus += HugoMenus.fromSettings(value, file: file.path)
            case "author": settings.author = settings.author ?? value.authorName
            case "params":
                settings.description = value["description"]?.text ?? settings.description
                if let author = value["author"]?.authorName { settings.author = author }
                params.merge(value.scalarTexts.map { ($0.lowercased(), $1) }, uniquingKeysWith: { _, last in last })
                notImported.append(file.place(value, note: "params belong to the theme; only description and author were read"))
            case "permalinks":
                readPermalinks(value, file: file)
            case "paginate":
                if let size = value.int, (1...1000).contains(size) { settings.postsPerPage = size }
            case "pagination":
                if let size = value["pagerSize"]?.int ?? value["pagersize"]?.int, (1...1000).contains(size) { settings.postsPerPage = size }
            case "uglyurls": uglyURLs = value.bool ?? false
            case "taxonomies":
                if case .mapping(let pairs) = value.content {
                    taxonomies = Set(pairs.compactMap { $0.value.text })
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
            case _ where key.hasPrefix("menus.") || key.hasPrefix("menu."):
                // `config/_default/menus.en.toml`: the menus of one language.
                languageMenus.append((String(key.split(separator: ".", maxSplits: 1)[1]), value, file))
            default:
                notImported.append(file.place(value, note: "'\(key)' is not a sitegen setting"))
            }
        }
        if let language = languages.imported {
            applyLanguage(language, &settings, file: configFiles.first ?? "hugo.toml")
        }
        let imported = (languages.imported?.code ?? languages.defaultCode).lowercased()
        var ownMenus = languageOwnMenus
        for (code, value, file) in languageMenus {
            if code.lowercased() == imported {
                ownMenus += HugoMenus.fromSettings(value, file: file.path)
            } else {
                notImported.append(ImportPlace(file: file.path, note: "the menus of language '\(code)': not imported"))
            }
        }
        // A language's own menus replace the site's, as Hugo merges a language's settings over the site's.
        if !ownMenus.isEmpty { menus = ownMenus }
        if let url {
            settings.baseURL = SiteSettings.baseURL(url: url, path: "")
            if settings.baseURL == nil {
                notImported.append(ImportPlace(file: configFiles.first ?? "hugo.yaml", note: "baseURL '\(url)' is not an absolute http(s) URL: base_url not set"))
            }
        }
        if !languages.urlPrefix.isEmpty {
            if let base = settings.baseURL {
                settings.baseURL = base + languages.urlPrefix.dropFirst() + "/"
            } else {
                notImported.append(ImportPlace(file: configFiles.first ?? "hugo.toml", note: "defaultContentLanguageInSubdir: without an absolute baseURL "
                    + "the site cannot be put under \(languages.urlPrefix)/; set base_url to https://<host>\(languages.urlPrefix)/ in Content/site.yml"))
            }
        }
        self.settings = settings
    }

    /// `[permalinks]`: section → pattern (Hugo before 0.112), or Hugo 0.112's
    /// `[permalinks.page]` and `[permalinks.section]` (`taxonomy` and `term` are sitegen's own).
    private mutating func readPermalinks(_ value: YAMLNode, file: ConfigFile) {
        guard case .mapping(let pairs) = value.content else { return }
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            if let pattern = pair.value.text {
                permalinks[key] = pattern
                continue
            }
            guard case .mapping(let patterns) = pair.value.content else { continue }
            switch key.lowercased() {
            case "page", "section":
                for item in patterns {
                    guard let section = item.key.scalarText, let pattern = item.value.text else { continue }
                    if key.lowercased() == "page" { permalinks[section] = pattern } else { sectionPermalinks[section] = pattern }
                }
            default:
                notImported.append(file.place(pair.value, note: "permalinks.\(key): the URLs of taxonomy pages are sitegen's own (/tags/, /categories/)"))
            }
        }
    }

    /// The imported language's own settings, which Hugo puts over the site's.
    private mutating func applyLanguage(_ language: HugoLanguages.Language, _ settings: inout SiteSettings, file: String) {
        let own = language.settings
        if let title = own.hugoKey("title")?.text { settings.title = title }
        if let code = own.hugoKey("languagecode")?.text {
            settings.language = code
        } else if settings.language == nil || settings.language == languages.defaultCode {
            settings.language = language.code
        }
        if let description = own.hugoKey("params")?.hugoKey("description")?.text ?? own.hugoKey("description")?.text { settings.description = description }
        for key in ["menu", "menus"] {
            if let node = own.hugoKey(key) { languageOwnMenus += HugoMenus.fromSettings(node, file: file) }
        }
        for other in languages.others where other.contentDir == nil {
            notImported.append(ImportPlace(file: other.contentDir.map { $0 + "/" } ?? file, note: "language '\(other.code)': not imported; "
                + "sitegen makes one site, of the default content language '\(language.code)' (import the others into sites of their own)"))
        }
    }
}
