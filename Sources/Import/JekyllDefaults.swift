import Foundation
import YAML

/// `defaults:` of `_config.yml`, read as Jekyll 4.3 reads it (`FrontmatterDefaults`): each
/// rule's `scope` (a `path` and a `type`) and its `values`, merged into a document's front
/// matter before the file's own, the more specific scope winning.
struct JekyllDefaults: Sendable {
    struct Rule: Sendable {
        /// `scope.path` as written (nil or empty: every path).
        var path: String?
        /// `scope.type`: `posts`, `pages`, `drafts` or a collection's label; nil: every type.
        var type: String?
        /// For a `path` with `*`: the files and folders of the site it matches, as Jekyll's
        /// `Dir.glob` finds them (relative paths).
        var globbed: [String] = []
        var values: [YAMLNode.Pair]
        /// The rule's place in `_config.yml`, for the report (`defaults[1]`).
        var line: Int

        /// `path _posts, type posts`, for the report.
        var scopeText: String {
            var parts: [String] = []
            if let path, !path.isEmpty { parts.append("path \(path)") }
            if let type { parts.append("type \(type)") }
            return parts.isEmpty ? "every file" : parts.joined(separator: ", ")
        }
    }

    var rules: [Rule] = []

    /// The rules of `node` (the value of `defaults`); those that are not a mapping with
    /// `values` a mapping are skipped, as Jekyll skips them with a warning, and reported.
    static func read(_ node: YAMLNode, files: [String], place: (YAMLNode, String) -> ImportPlace) -> (JekyllDefaults, [ImportPlace]) {
        var defaults = JekyllDefaults()
        var problems: [ImportPlace] = []
        guard case .sequence(let sets) = node.content else {
            return (defaults, [place(node, "'defaults' is not a list of {scope, values}: Jekyll ignores it")])
        }
        let candidates = globCandidates(files)
        for set in sets {
            guard let values = set["values"], case .mapping(let pairs) = values.content else {
                problems.append(place(set, "a 'defaults' entry without a 'values' mapping: Jekyll ignores it"))
                continue
            }
            var rule = Rule(values: pairs, line: set.location.line)
            if let scope = set["scope"] {
                rule.path = scope["path"]?.scalarText
                // Jekyll 4 reads the old singular types as the plural ones.
                rule.type = scope["type"]?.scalarText.map { ["page": "pages", "post": "posts", "draft": "drafts"][$0] ?? $0 }
                if let path = rule.path, path.contains("*") {
                    let pattern = globRegex(path)
                    rule.globbed = candidates.filter { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
                }
            }
            defaults.rules.append(rule)
        }
        return (defaults, problems)
    }

    /// The values for a document at `path` (relative to the site) of `type`: every rule that
    /// applies, merged in Jekyll's order (`FrontmatterDefaults#all`).
    func values(path: String, type: String) -> [YAMLNode.Pair] {
        var merged: [YAMLNode.Pair] = []
        var winner: Rule?
        for rule in rules where applies(rule, path: path, type: type) {
            if Self.hasPrecedence(winner, rule) {
                merged = Self.deepMerged(merged, over: rule.values)
                winner = rule
            } else {
                merged = Self.deepMerged(rule.values, over: merged)
            }
        }
        return merged
    }

    /// The rules that gave `key` its value for the document, most specific last (for the report).
    func rule(setting key: String, path: String, type: String) -> Rule? {
        var found: Rule?
        for rule in rules where applies(rule, path: path, type: type) && rule.values.contains(where: { $0.key.scalarText == key }) {
            if Self.hasPrecedence(found, rule) { found = rule }
        }
        return found
    }

    private func applies(_ rule: Rule, path: String, type: String) -> Bool {
        if let wanted = rule.type, wanted != type { return false }
        guard let scopePath = rule.path, !scopePath.isEmpty else { return true }
        let sanitized = Self.sanitized(path)
        // `path_is_subpath?` is a text prefix, as in Jekyll: `_posts/201` applies to `_posts/2019-…`.
        if scopePath.contains("*") { return rule.globbed.contains { sanitized.hasPrefix($0) } }
        return sanitized.hasPrefix(scopePath)
    }

    /// Jekyll's `has_precedence?`: the longer path wins, at equal length a rule with a type.
    private static func hasPrecedence(_ old: Rule?, _ new: Rule) -> Bool {
        guard let old else { return true }
        let newLength = sanitized(new.path ?? "").count
        let oldLength = sanitized(old.path ?? "").count
        if newLength != oldLength { return newLength >= oldLength }
        return new.type != nil || old.type == nil
    }

    private static func sanitized(_ path: String) -> String {
        path.hasPrefix("/") ? String(path.dropFirst()) : path
    }

    /// `top` over `base`, mappings merged key by key (`Utils.deep_merge_hashes`).
    static func deepMerged(_ base: [YAMLNode.Pair], over top: [YAMLNode.Pair]) -> [YAMLNode.Pair] {
        var result = base
        for pair in top {
            guard let index = result.firstIndex(where: { $0.key.scalarText == pair.key.scalarText }) else {
                result.append(pair)
                continue
            }
            if case .mapping(let old) = result[index].value.content, case .mapping(let new) = pair.value.content {
                var value = pair.value
                value.content = .mapping(deepMerged(old, over: new))
                result[index] = YAMLNode.Pair(key: pair.key, value: value)
            } else {
                result[index] = pair
            }
        }
        return result
    }

    /// Every file and folder of the site, as `Dir.glob` may return them.
    private static func globCandidates(_ files: [String]) -> [String] {
        var folders = Set<String>()
        for file in files {
            var folder = file.folder
            while !folder.isEmpty, folders.insert(folder).inserted { folder = folder.folder }
        }
        return files + folders.sorted()
    }

    /// Ruby's `Dir.glob` pattern as a regular expression: `*` and `?` within one name,
    /// `**/` any folders (none too), `{a,b}` either.
    static func globRegex(_ glob: String) -> NSRegularExpression {
        var pattern = "^"
        var characters = Substring(glob.hasPrefix("/") ? String(glob.dropFirst()) : glob)
        var inBraces = false
        while let character = characters.first {
            characters = characters.dropFirst()
            switch character {
            case "*" where characters.hasPrefix("*/"):
                characters = characters.dropFirst(2)
                pattern += "(?:[^/.][^/]*/)*"
            case "*" where characters.hasPrefix("*"):
                characters = characters.dropFirst()
                pattern += "[^/]*"
            case "*": pattern += "[^/]*"
            case "?": pattern += "[^/]"
            case "{":
                inBraces = true
                pattern += "(?:"
            case "}" where inBraces:
                inBraces = false
                pattern += ")"
            case "," where inBraces: pattern += "|"
            default: pattern += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        pattern += "$"
        // A `{` never closed is itself (Ruby matches it as written).
        if inBraces { pattern = "^" + NSRegularExpression.escapedPattern(for: glob) + "$" }
        // Every character outside the glob syntax is escaped: the pattern always compiles.
        return try! NSRegularExpression(pattern: pattern)
    }
}

/// A document's front matter as its generator reads it: the file's own keys over the
/// defaults that apply (Jekyll's `defaults:`; none for Hugo).
struct FrontMatterValues: Sendable {
    var own: YAMLNode?
    var defaults: [YAMLNode.Pair] = []

    /// The file's value, else the defaults' (a null in the file hides the default, as in Jekyll).
    func node(_ key: String) -> YAMLNode? {
        if let value = own?[key] { return value }
        return defaults.first { $0.key.scalarText == key }?.value
    }

    /// The key's text, when it is a scalar other than null or empty.
    func string(_ key: String) -> String? {
        guard let node = node(key), case .scalar(let text, _) = node.content, node.scalar != .null, !text.isEmpty else { return nil }
        return text
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = node(key)?.scalar { return value }
        return nil
    }

    /// Jekyll's categories (`Document#populate_categories`): the folders above `_posts/`,
    /// then `categories` of the defaults and of the file (a text split at blanks, a list as
    /// it is), then `category` as one category (a list: each item), without repeats.
    func jekyllCategories(folders: [String]) -> [String] {
        func items(_ node: YAMLNode?, split: Bool) -> [String] {
            guard let node else { return [] }
            switch node.content {
            case .scalar(let text, _):
                guard node.scalar != .null else { return [] }
                return split ? text.split(whereSeparator: { $0.isWhitespace }).map(String.init) : [text]
            case .sequence(let list): return list.compactMap { $0.scalar == .null ? nil : $0.scalarText }
            case .mapping: return []
            }
        }
        let defaultCategories = items(defaults.first { $0.key.scalarText == "categories" }?.value, split: true)
        var all = folders + defaultCategories + items(own?["categories"], split: true)
        all += items(node("category"), split: false)
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }
}

extension JekyllDefaults {
    /// Writes into the file what the defaults set and the file does not (sitegen has no
    /// defaults): each key at the end, except `permalink` (the import keeps the URL it
    /// gave, by slug or redirect) and `layout` (sitegen's theme lays out every page).
    /// `categories` gets the categories Jekyll gives the post that the file does not name:
    /// its folders' (`swift/_posts/`) and the defaults'.
    static func apply(_ defaults: [YAMLNode.Pair], to editor: inout FrontMatterEditor, _ notes: inout FrontMatterNotes,
                      categories: [String], folderCategories: [String]) {
        for pair in defaults {
            guard let key = pair.key.scalarText, !editor.has(key), !["permalink", "layout", "categories", "category"].contains(key) else { continue }
            guard let value = YAMLWriter.inline(pair.value) else {
                notes.leave("a default of _config.yml that takes lines ('\(key)'): add it by hand", line: 1)
                continue
            }
            notes.add(&editor, key, value, .defaultsApplied)
        }
        let own = Set(FrontMatterValues(own: editor.root).jekyllCategories(folders: []))
        let missing = categories.filter { !own.contains($0) }
        guard !missing.isEmpty else { return }
        let conversion: Conversion = missing.allSatisfy(folderCategories.contains) ? .categoriesAdded : .defaultsApplied
        if !editor.has("categories") {
            notes.add(&editor, "categories", "[" + missing.map(YAMLText.quoted).joined(separator: ", ") + "]", conversion)
        } else if case .scalar(let text, _)? = editor.root?["categories"]?.content, editor.acceptsNewKeys,
                  editor.replaceScalar("categories", with: "[" + (missing + text.split(whereSeparator: { $0.isWhitespace }).map(String.init))
                      .map(YAMLText.quoted).joined(separator: ", ") + "]", keepingOld: false) {
            // A text is the categories it splits into, as Jekyll splits it, after the folders' and
            // the defaults' (Jekyll's order): `ios swift` → `["archive", "ios", "swift"]`.
            notes.record(conversion, key: "categories")
        } else if missing.count == 1, editor.acceptsNewKeys, editor.append(YAMLText.quoted(missing[0]), toList: "categories") {
            notes.record(conversion, key: "categories")
        } else {
            notes.leave("categories Jekyll gave the post to add by hand to 'categories': \(missing.joined(separator: ", "))", line: 1)
        }
    }
}
