import YAML

/// Writes a `YAMLNode` tree (from TOML or JSON front matter) as YAML block text that reads
/// back as the same values: texts always double-quoted, numbers, booleans and dates plain,
/// lists of plain values in flow style, mappings and lists of mappings as blocks.
enum YAMLWriter {
    /// The front matter's lines, each ending in `\n`; `comments` (`# …`) first, with what
    /// YAML does not allow in a comment written as escapes (`YAMLText.comment`).
    static func document(_ root: YAMLNode, comments: [String]) -> String {
        var text = comments.map { YAMLText.comment($0) + "\n" }.joined()
        guard case .mapping(let pairs) = root.content else { return text }
        for pair in pairs { text += line(pair, indent: "") }
        return text
    }

    /// `key: value`, or for a key too long to be a simple key an explicit one, `? key` with
    /// `: value` on the next line: libyaml reads a simple key only up to 1,024 characters
    /// ("could not find expected ':'"), and a TOML key may be any length.
    private static func line(_ pair: YAMLNode.Pair, indent: String) -> String {
        let written = key(pair.key.scalarText ?? "")
        guard written.unicodeScalars.count > maximumSimpleKeyLength else { return indent + written + ":" + value(pair.value, indent: indent) }
        return indent + "? " + written + "\n" + indent + ":" + value(pair.value, indent: indent)
    }

    /// Below libyaml's limit of 1,024, which counts from where the key starts.
    static let maximumSimpleKeyLength = 1_000

    /// What follows `key:`: ` value\n`, or `\n` and an indented block.
    private static func value(_ node: YAMLNode, indent: String) -> String {
        switch node.content {
        case .scalar:
            return " " + scalar(node) + "\n"
        case .sequence(let items):
            if items.allSatisfy({ if case .scalar = $0.content { true } else { false } }) {
                return " [" + items.map(scalar).joined(separator: ", ") + "]\n"
            }
            var text = "\n"
            for item in items {
                if case .mapping(let pairs) = item.content, !pairs.isEmpty {
                    let inner = indent + "    "
                    text += indent + "  - " + String(line(pairs[0], indent: inner).dropFirst(inner.count))
                    for pair in pairs.dropFirst() { text += line(pair, indent: inner) }
                } else {
                    text += indent + "  -" + value(item, indent: indent + "  ")
                }
            }
            return text
        case .mapping(let pairs):
            guard !pairs.isEmpty else { return " {}\n" }
            return "\n" + pairs.map { line($0, indent: indent + "  ") }.joined()
        }
    }

    /// A value on one line after `key: `: a scalar, or a list of scalars in flow style; nil
    /// for what takes lines (a mapping, a list of mappings).
    static func inline(_ node: YAMLNode) -> String? {
        let value = value(node, indent: "")
        guard value.hasPrefix(" "), value.dropFirst().dropLast().allSatisfy({ $0 != "\n" }) else { return nil }
        return String(value.dropFirst().dropLast())
    }

    private static func scalar(_ node: YAMLNode) -> String {
        guard case .scalar(let text, let style) = node.content else { return "null" }
        return style == .plain ? text : YAMLText.quoted(text)
    }

    /// A plain key where it cannot be read as anything but that text.
    private static func key(_ text: String) -> String {
        let words: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]
        let plain = !text.isEmpty && !words.contains(text.lowercased()) && text.first.map { $0.isLetter || $0 == "_" } == true
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-") }
        return plain ? text : YAMLText.quoted(text)
    }
}
