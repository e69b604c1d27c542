import Support
import YAML

/// A post's YAML front matter kept as written, with the few changes the import makes: a
/// key added at the end, a date's value replaced (the old one kept in a comment), an item
/// added to a list. Every other byte stays.
struct FrontMatterEditor: Sendable {
    private var lines: [String]
    let root: YAMLNode?
    private var added: [String] = []

    /// - Throws: the YAML error, with lines counted from the front matter's first line.
    init(yaml: String) throws(YAMLError) {
        root = try YAMLParser.parse(yaml)
        var split = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if split.last == "" { split.removeLast() }
        lines = split
    }

    var text: String {
        (lines + added).map { $0 + "\n" }.joined()
    }

    /// Whether keys can be added as lines: the front matter is empty or a block mapping.
    var acceptsNewKeys: Bool {
        guard let root else { return true }
        guard case .mapping = root.content else { return false }
        return !(lineText(root.location).first == "{")
    }

    var isMapping: Bool {
        guard let root else { return true }
        if case .mapping = root.content { return true }
        return false
    }

    func has(_ key: String) -> Bool {
        root?[key] != nil
    }

    /// The key's text, when it is a scalar other than null or empty.
    func string(_ key: String) -> String? {
        guard let node = root?[key], case .scalar(let text, _) = node.content, node.scalar != .null, !text.isEmpty else { return nil }
        return text
    }

    /// A list of texts, or a text split at blanks (and commas) as Jekyll splits `tags: a b`.
    func strings(_ key: String) -> [String] {
        guard let node = root?[key] else { return [] }
        switch node.content {
        case .scalar(let text, _):
            return node.scalar == .null ? [] : text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        case .sequence(let items):
            return items.compactMap { $0.scalarText }.filter { !$0.isEmpty }
        case .mapping:
            return []
        }
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = root?[key]?.scalar { return value }
        return nil
    }

    /// Adds `key: value` at the end; `value` is YAML already (quoted by the caller).
    mutating func add(_ key: String, _ value: String) {
        added.append("\(key): \(value)")
    }

    /// Replaces a one-line scalar's value with `value` and keeps the old one in a comment
    /// after it. False when the scalar spans lines.
    mutating func replaceScalar(_ key: String, with value: String) -> Bool {
        guard let node = root?[key], case .scalar = node.content, let range = scalarRange(node),
              let characters = lineCharacters(node.location.line - 1) else { return false }
        let line = node.location.line - 1
        let old = String(characters[range])
        lines[line] = String(characters[..<range.lowerBound]) + value + " # was: " + old + String(characters[range.upperBound...])
        return true
    }

    /// Adds `item` (YAML already) to the list under `key`, making a text into a list of
    /// itself and the item, or adds the key when there is none. False when the value has a
    /// shape this cannot edit in place (a list of mappings, a multi-line text).
    mutating func append(_ item: String, toList key: String) -> Bool {
        guard let node = root?[key] else {
            add(key, "[\(item)]")
            return true
        }
        switch node.content {
        case .sequence(let items):
            let line = node.location.line - 1
            guard let characters = lineCharacters(line) else { return false }
            let column = node.location.column - 1
            if column < characters.count, characters[column] == "[" {
                guard let close = characters.lastIndex(of: "]"), close > column else { return false }
                let separator = items.isEmpty ? "" : ", "
                lines[line] = String(characters[..<close]) + separator + item + String(characters[close...])
                return true
            }
            guard let last = items.last, let lastCharacters = lineCharacters(last.location.line - 1) else { return false }
            let lastLine = String(lastCharacters)
            let indent = lastLine.prefix { $0 == " " }
            guard lastLine.dropFirst(indent.count).hasPrefix("-") else { return false }
            lines.insert(indent + "- " + item, at: last.location.line)
            return true
        case .scalar(let text, _):
            guard node.scalar != .null else {
                // `key:` with nothing after it: the value goes after the key's colon.
                guard text.isEmpty, case .mapping(let pairs)? = root?.content,
                      let keyNode = pairs.first(where: { $0.key.scalarText == key })?.key else { return false }
                let line = keyNode.location.line - 1
                guard let characters = lineCharacters(line) else { return false }
                let afterKey = keyNode.location.column - 1 + key.count
                guard afterKey < characters.count, characters[afterKey] == ":" else { return false }
                lines[line] = String(characters[...afterKey]) + " [\(item)]" + String(characters[(afterKey + 1)...])
                return true
            }
            guard let range = scalarRange(node), let characters = lineCharacters(node.location.line - 1) else { return false }
            let line = node.location.line - 1
            lines[line] = String(characters[..<range.lowerBound]) + "[" + YAMLText.quoted(text) + ", " + item + "]" + String(characters[range.upperBound...])
            return true
        case .mapping:
            return false
        }
    }

    /// A line's characters; nil for a line libyaml counts that this split does not (a
    /// U+2028 line break inside a value).
    private func lineCharacters(_ line: Int) -> [Character]? {
        line >= 0 && line < lines.count ? Array(lines[line]) : nil
    }

    /// Where a one-line scalar is on its line, quotes included, as character offsets.
    private func scalarRange(_ node: YAMLNode) -> Range<Int>? {
        let line = node.location.line - 1
        guard let characters = lineCharacters(line) else { return nil }
        let start = node.location.column - 1
        guard start <= characters.count else { return nil }
        if start == characters.count { return start..<start }
        let quote = characters[start]
        if quote == "\"" || quote == "'" {
            var index = start + 1
            while index < characters.count {
                if quote == "\"", characters[index] == "\\" {
                    index += 2
                    continue
                }
                if characters[index] == quote {
                    if quote == "'", index + 1 < characters.count, characters[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return start..<(index + 1)
                }
                index += 1
            }
            return nil
        }
        if quote == "|" || quote == ">" { return nil }
        var end = start
        while end < characters.count, !(characters[end] == "#" && end > start && characters[end - 1] == " ") { end += 1 }
        while end > start, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        // A plain text that goes on below is a multi-line scalar.
        if line + 1 < lines.count, let text = node.scalarText, text != String(characters[start..<end]) { return nil }
        return start..<end
    }

    private func lineText(_ location: SourceLocation) -> Substring {
        guard location.line - 1 < lines.count, location.line >= 1 else { return "" }
        return lines[location.line - 1].dropFirst(location.column - 1)
    }
}
