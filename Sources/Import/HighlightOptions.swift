/// The options of a Jekyll `{% highlight %}` or a Hugo `{{< highlight >}}` as the words of a
/// sitegen fence (docs/content.md, "Code blocks"): line numbers and highlighted lines are
/// kept, the rest (Hugo's `style=`, `anchorlinenos`, …: only the look) is dropped.
struct HighlightOptions: Sendable, Hashable {
    /// Fence words, in the order written: `linenos`, `linenostart=5`, `highlight=2,4-6`.
    var words: [String] = []
    /// The options with no fence word, as written.
    var dropped: [String] = []

    /// Jekyll: `linenos`, `linenos=table`, `mark_lines="1 2"`, `hl_lines="1 2"`, each a word.
    init(jekyll options: [(key: String, value: String?)]) {
        for option in options { add(option.key, option.value) }
    }

    /// Hugo: the option string `"linenos=table,hl_lines=2 4-6,linenostart=5"`, commas between options.
    init(hugo text: String) {
        var depth = 0
        var part = ""
        var parts: [String] = []
        for character in text {
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(part)
                part = ""
            } else {
                part.append(character)
            }
        }
        parts.append(part)
        for option in parts.map({ String($0.trimmingBlanks) }) where !option.isEmpty {
            // `=x` or `=` alone has no key: kept whole, as an option with no fence word.
            let pair = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0.trimmingBlanks) }
            guard !pair[0].isEmpty else { dropped.append(option); continue }
            add(pair[0], pair.count > 1 ? pair[1].trimming("\"'") : nil)
        }
    }

    private mutating func add(_ key: String, _ value: String?) {
        let written = key + (value.map { "=" + $0 } ?? "")
        switch key.lowercased() {
        case "linenos":
            switch value?.lowercased() {
            case nil, "table", "inline", "true": words.append("linenos")
            case "false": words.append("nolinenos")
            default: dropped.append(written)
            }
        case "linenostart":
            if let value, !value.isEmpty, value.allSatisfy(\.isASCIIDigit) { words.append("linenostart=" + value) } else { dropped.append(written) }
        case "hl_lines", "mark_lines":
            let ranges = (value ?? "").split(whereSeparator: { " ,[]\"".contains($0) })
            let valid = !ranges.isEmpty && ranges.allSatisfy { range in
                let ends = range.split(separator: "-", omittingEmptySubsequences: false)
                return ends.count <= 2 && ends.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
            }
            if valid { words.append("highlight=" + ranges.joined(separator: ",")) } else { dropped.append(written) }
        default:
            dropped.append(written)
        }
    }

    /// `swift linenos highlight=2`: the fence's info string.
    func info(language: String) -> String {
        ([language] + words).joined(separator: " ")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
