import YAML

/// A multilingual Hugo site's `[languages]`, `defaultContentLanguage` and
/// `defaultContentLanguageInSubdir`: which language becomes the imported site (the default
/// content language, as Hugo's own home page is), where its content is, and where the others are.
struct HugoLanguages: Sendable {
    struct Language: Sendable, Hashable {
        var code: String
        /// `contentDir` (`content/en-gb`), without a trailing `/`; nil: the site's `content/`.
        var contentDir: String?
        var weight: Int
        /// The language's own settings (`title`, `languageCode`, `params`, `menu`), which
        /// override the site's for it.
        var settings: YAMLNode
    }

    /// `[languages]` in the order Hugo sorts them (weight, then code).
    var languages: [Language] = []
    /// `defaultContentLanguage`; Hugo's default is `en`.
    var defaultCode = "en"
    /// `defaultContentLanguageInSubdir`: the default language's pages are under `/<code>/` too.
    var defaultInSubdir = false

    /// The language that becomes the site: the default one, else the first by weight.
    var imported: Language? {
        languages.first { $0.code.lowercased() == defaultCode.lowercased() } ?? languages.first
    }

    /// The folder below the site holding the imported language's content.
    var contentRoot: String {
        imported?.contentDir ?? "content"
    }

    /// The languages that are not imported.
    var others: [Language] {
        languages.filter { $0.code != imported?.code }
    }

    /// `/en-gb` when the imported language's URLs are under its code, else empty.
    var urlPrefix: String {
        guard defaultInSubdir else { return "" }
        return "/" + (imported?.code ?? defaultCode).lowercased()
    }

    /// Reads `[languages]`: each key a language code, its table the language's settings.
    mutating func read(_ node: YAMLNode) {
        guard case .mapping(let pairs) = node.content else { return }
        for pair in pairs {
            guard let code = pair.key.scalarText else { continue }
            let contentDir = pair.value.hugoKey("contentdir")?.text.map { $0.trimming("/") }
            let weight = pair.value.hugoKey("weight")?.int ?? 0
            languages.append(Language(code: code, contentDir: contentDir.flatMap { $0.isEmpty ? nil : $0 }, weight: weight, settings: pair.value))
        }
        // Hugo puts weight 0 (unset) after every weighted language.
        languages.sort { ($0.weight == 0 ? Int.max : $0.weight, $0.code) < ($1.weight == 0 ? Int.max : $1.weight, $1.code) }
    }

    /// A file of a translation by name (`about.de.md`) in a language that is not imported.
    func isOtherLanguageFile(_ path: String) -> Bool {
        let parts = path.fileName.split(separator: ".")
        guard parts.count >= 3 else { return false }
        let code = String(parts[parts.count - 2]).lowercased()
        return others.contains { $0.code.lowercased() == code }
    }
}

extension YAMLNode {
    /// The value of `key` read as Hugo reads its settings' keys, without regard to case.
    func hugoKey(_ key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.last { $0.key.scalarText?.lowercased() == key }?.value
    }
}
