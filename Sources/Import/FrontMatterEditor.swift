import Foundation
import Support
import YAML

/// A post's YAML front matter kept as written, with the few changes the import makes: a
/// key added at the end, a date's value replaced (the old one kept in a comment), an item
/// added to a list. Every other byte stays.
struct FrontMatterEditor: Sendable {
    /// The lines as libyaml counts them (its node places are in these), without their breaks.
    private var lines: [String]
    /// Each line's own break (`\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029), kept as written;
    /// empty for a last line that has none.
    private var breaks: [String]
    let root: YAMLNode?
    private var added: [String] = []

    /// Keys given twice, as Jekyll and Hugo read them: the last value wins, and the earlier
    /// pairs' lines are removed (lines counted from the front matter's first line, as written).
    private(set) var droppedDuplicates: [YAMLParser.DroppedDuplicate] = []
    /// Those whose lines could not be removed (flow style, `{a: 1, a: 2}`): still in the text.
    private(set) var duplicatesLeft: [YAMLParser.DroppedDuplicate] = []

    /// - Throws: the YAML error, with lines counted from the front matter's first line.
    init(yaml: String) throws(YAMLError) {
        var (parsed, dropped) = try YAMLParser.parse(yaml, duplicateKeys: .lastWins)
        var (split, breaks) = Self.lines(of: yaml)
        if !dropped.isEmpty {
            dropped.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
            droppedDuplicates = dropped
            var removed = IndexSet()
            for duplicate in dropped {
                let lines = Self.removableLines(duplicate, split)
                if lines.isEmpty { duplicatesLeft.append(duplicate) } else { removed.insert(integersIn: lines) }
            }
            for line in removed.reversed() {
                split.remove(at: line)
                breaks.remove(at: line)
            }
            // The lines moved: the tree is read again from what is left.
            parsed = try YAMLParser.parse(Self.joined(split, breaks), duplicateKeys: .lastWins).root
        }
        root = parsed
        lines = split
        self.breaks = breaks
    }

    /// `yaml` cut where libyaml counts a line break: a CRLF front matter, a lone CR or a
    /// U+2028 inside a value once left the lines after it a line off, and an edit meant
    /// for one key went into another's value.
    private static func lines(of yaml: String) -> (lines: [String], breaks: [String]) {
        var lines: [String] = [], breaks: [String] = []
        var line = String.UnicodeScalarView()
        let scalars = Array(yaml.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            let lineBreak: String
            switch scalar {
            case "\r" where index < scalars.count && scalars[index] == "\n":
                index += 1
                lineBreak = "\r\n"
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}":
                lineBreak = String(scalar)
            default:
                line.append(scalar)
                continue
            }
            lines.append(String(line))
            breaks.append(lineBreak)
            line = String.UnicodeScalarView()
        }
        if !line.isEmpty {
            lines.append(String(line))
            breaks.append("")
        }
        return (lines, breaks)
    }

    /// The 0-based lines of `split` a dropped pair takes, without the blank and comment
    /// lines at its end (they go with the pair after it); empty when the pair shares a line
    /// with another.
    private static func removableLines(_ duplicate: YAMLParser.DroppedDuplicate, _ split: [String]) -> Range<Int> {
        let start = duplicate.lines.lowerBound - 1
        var end = min(duplicate.lines.upperBound - 1, split.count)
        guard start >= 0, start < end else { return 0..<0 }
        // The pair must start its line (`a: 1` or `  a: 1`, not `{a: 1, a: 2}` or `- a: 1`).
        guard split[start].prefix(while: { $0 == " " }).count == duplicate.location.column - 1 else { return 0..<0 }
        if !duplicate.isBlockText {
            while end - 1 > start, split[end - 1].trimmingCharacters(in: .whitespaces).isEmpty
                    || split[end - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") { end -= 1 }
        }
        return start..<end
    }

    /// The front matter as written, with the edits; added keys end with the first line's
    /// break (`\r\n` in a CRLF file), and every line ends with one.
    var text: String {
        Self.joined(lines, breaks) + added.map { $0 + Self.newline(breaks) }.joined()
    }

    /// The lines with their own breaks, and the file's newline after a last line without one.
    private static func joined(_ lines: [String], _ breaks: [String]) -> String {
        let newline = newline(breaks)
        return zip(lines, breaks).map { $0 + ($1.isEmpty ? newline : $1) }.joined()
    }

    /// The file's newline: CRLF when its first LF ends a CRLF.
    private static func newline(_ breaks: [String]) -> String {
        breaks.first { $0 == "\r\n" || $0 == "\n" } ?? "\n"
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

    /// The categories `sitegen build` reads (PostDecoder): `categories` as words, then
    /// `category` as one (a list: each item).
    var buildCategories: [String] {
        var categories = strings("categories")
        if let category = string("category") { categories.append(category.trimmingCharacters(in: .whitespaces)) } else { categories += strings("category") }
        return categories
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = root?[key]?.scalar { return value }
        return nil
    }

    /// Adds `key: value` at the end; `value` is YAML already (quoted by the caller).
    mutating func add(_ key: String, _ value: String) {
        // At the mapping's own indentation: a key at column 1 under ` a: b` is no YAML.
        let indent = String(repeating: " ", count: max(0, (root?.location.column ?? 1) - 1))
        added.append("\(indent)\(key): \(value)")
    }

    /// Replaces a one-line scalar's value with `value` and keeps the old one in a comment
    /// after it (unless not `keepingOld`). False when the scalar spans lines.
    mutating func replaceScalar(_ key: String, with value: String, keepingOld: Bool = true) -> Bool {
        guard let node = root?[key], case .scalar = node.content, let range = scalarRange(node),
              let characters = lineScalars(node.location.line - 1) else { return false }
        let line = node.location.line - 1
        let old = Self.text(characters[range])
        // An empty value sits right after its colon (`date:`): `date:2020-01-02` would be a
        // plain text, not the key's value, so a space goes between.
        let space = range.lowerBound > characters.startIndex && characters[characters.index(before: range.lowerBound)] == ":" ? " " : ""
        lines[line] = Self.text(characters[..<range.lowerBound]) + space + value + (keepingOld ? " # was: " + old : "") + Self.text(characters[range.upperBound...])
        return true
    }

    /// Adds `item` (YAML already) to the list under `key`, making a text into a list of
    /// itself and the item, or adds the key when there is none. False when the value has a
    /// shape this cannot edit in place (a list of mappings, a multi-line text, a list
    /// whose last item is either).
    mutating func append(_ item: String, toList key: String) -> Bool {
        guard let node = root?[key] else {
            add(key, "[\(item)]")
            return true
        }
        switch node.content {
        case .sequence(let items):
            let line = node.location.line - 1
            guard let characters = lineScalars(line) else { return false }
            let column = node.location.column - 1
            if column < characters.count, characters[column] == "[" {
                guard let close = Self.flowClose(characters, from: column) else { return false }
                // `[a, b,]`: the list's own trailing comma separates already (found by the
                // frontmatteredit fuzz target: `,,` is no YAML).
                let trailingComma = characters[..<close].reversed().drop { $0 == " " || $0 == "\t" }.first == ","
                let separator = items.isEmpty ? "" : trailingComma ? " " : ", "
                lines[line] = Self.text(characters[..<close]) + separator + item + Self.text(characters[close...])
                return true
            }
            // The new item goes on the line after the last, so the last must end on its own
            // line: a one-line text, not a text that goes on below (`- "ios⏎"`) or a mapping.
            guard let last = items.last, case .scalar = last.content, scalarRange(last) != nil,
                  let lastScalars = lineScalars(last.location.line - 1) else { return false }
            let lastLine = Self.text(lastScalars[...])
            let indent = lastLine.prefix { $0 == " " }
            guard lastLine.dropFirst(indent.count).hasPrefix("-") else { return false }
            lines.insert(indent + "- " + item, at: last.location.line)
            breaks.insert(breaks[last.location.line - 1].isEmpty ? "\n" : breaks[last.location.line - 1], at: last.location.line)
            return true
        case .scalar(let text, _):
            guard node.scalar != .null else {
                // `key:` with nothing after it: the value goes after the key's colon.
                guard text.isEmpty, case .mapping(let pairs)? = root?.content,
                      let keyNode = pairs.first(where: { $0.key.scalarText == key })?.key else { return false }
                let line = keyNode.location.line - 1
                guard let characters = lineScalars(line) else { return false }
                let afterKey = keyNode.location.column - 1 + key.unicodeScalars.count
                guard afterKey < characters.count, characters[afterKey] == ":" else { return false }
                // Only blanks or a comment after the colon: `key: &anchor` and `key: !tag` are
                // empty values too, and the list would go before the anchor.
                let rest = characters[(afterKey + 1)...].drop { $0 == " " || $0 == "\t" }
                guard rest.isEmpty || rest.first == "#" else { return false }
                // Nor on the lines below, indented under the key (`key:⏎  &anchor`: found by
                // the frontmatteredit fuzz target, the list went before the anchor's line).
                let keyIndent = keyNode.location.column - 1
                if let next = lines[(line + 1)...].first(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" } && !$0.drop { $0 == " " }.hasPrefix("#") }),
                   next.prefix(while: { $0 == " " }).count > keyIndent {
                    return false
                }
                lines[line] = Self.text(characters[...afterKey]) + " [\(item)]" + Self.text(characters[(afterKey + 1)...])
                return true
            }
            guard let range = scalarRange(node), let characters = lineScalars(node.location.line - 1) else { return false }
            let line = node.location.line - 1
            lines[line] = Self.text(characters[..<range.lowerBound]) + "[" + YAMLText.quoted(text) + ", " + item + "]" + Self.text(characters[range.upperBound...])
            return true
        case .mapping:
            return false
        }
    }

    /// The `]` that closes the flow list opening at `open` on the line, past quoted texts
    /// and inner lists (`[a, "b]"]  # ]`: not the last `]`, which a comment may hold); nil
    /// when the list goes on to another line.
    private static func flowClose(_ characters: [Unicode.Scalar], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < characters.count {
            switch characters[index] {
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { return characters[index] == "]" ? index : nil }
            case "\"":
                index += 1
                while index < characters.count, characters[index] != "\"" { index += characters[index] == "\\" ? 2 : 1 }
            case "'":
                index += 1
                while index < characters.count {
                    if characters[index] == "'" {
                        guard index + 1 < characters.count, characters[index + 1] == "'" else { break }
                        index += 1
                    }
                    index += 1
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A line's Unicode scalars, which libyaml's columns count (a Character may hold several:
    /// `s` and a combining mark; found by the frontmatteredit fuzz target, whose edit then
    /// went a scalar off); nil for a line the front matter does not have.
    private func lineScalars(_ line: Int) -> [Unicode.Scalar]? {
        line >= 0 && line < lines.count ? Array(lines[line].unicodeScalars) : nil
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    /// Where a one-line scalar is on its line, quotes included, as character offsets.
    private func scalarRange(_ node: YAMLNode) -> Range<Int>? {
        let line = node.location.line - 1
        guard let characters = lineScalars(line) else { return nil }
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
        // The text found must be the node's: not when a plain text goes on below (a multi-line
        // scalar), nor when an empty value is placed where the next token starts (`? key`
        // with no `:` line: found by the frontmatteredit fuzz target, which then replaced the
        // next key's line). An empty value is taken only right after its key's colon, with
        // nothing but a comment after it (not `key: !!null`, which starts at its tag).
        guard let text = node.scalarText else { return nil }
        if text.isEmpty {
            let before = characters[..<start].reversed().drop { $0 == " " || $0 == "\t" }
            let after = characters[start...].drop { $0 == " " || $0 == "\t" }
            return before.first == ":" && (after.isEmpty || after.first == "#") ? start..<start : nil
        }
        return text == Self.text(characters[start..<end]) ? start..<end : nil
    }

    private func lineText(_ location: SourceLocation) -> Substring {
        guard location.line - 1 < lines.count, location.line >= 1 else { return "" }
        return Substring(lines[location.line - 1].unicodeScalars.dropFirst(location.column - 1))
    }
}
