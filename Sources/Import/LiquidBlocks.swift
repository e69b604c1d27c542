import SiteKit

/// The blocks among a Jekyll body's Liquid tokens: `raw`…`endraw`, `highlight`…`endhighlight`
/// (paired as Liquid nests them), and the tags that open or close nothing.
struct LiquidBlocks: Sendable {
    /// Token index of a `raw` → its `endraw`.
    private(set) var rawClose: [Int: Int] = [:]
    /// Token index of an outermost `highlight` → its `endhighlight`.
    private(set) var highlightClose: [Int: Int] = [:]
    /// Token index → why the tag is malformed and left as written.
    private(set) var malformed: [Int: String] = [:]
    /// What is between each highlight's tags, sorted.
    private var contents: [Range<Int>] = []

    var highlights: [(open: Int, close: Int)] {
        highlightClose.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    init(_ tokens: [TemplateToken]) {
        var openHighlight: Int?
        var depth = 0
        for (index, token) in tokens.enumerated() where token.delimiter == .liquidTag {
            switch token.name {
            case "raw":
                if index + 1 < tokens.count, tokens[index + 1].delimiter == .liquidTag, tokens[index + 1].name == "endraw" {
                    rawClose[index] = index + 1
                } else {
                    malformed[index] = "never closed by {% endraw %} (Jekyll stops with an error here)"
                }
            case "endraw":
                if rawClose.values.contains(index) == false { malformed[index] = "an {% endraw %} without its {% raw %}" }
            case "highlight":
                if openHighlight == nil {
                    openHighlight = index
                } else {
                    malformed[index] = "a highlight inside another highlight: left inside its code"
                }
                depth += 1
            case "endhighlight":
                guard let open = openHighlight else {
                    malformed[index] = "an {% endhighlight %} without its {% highlight %}"
                    continue
                }
                depth -= 1
                if depth == 0 {
                    highlightClose[open] = index
                    contents.append(tokens[open].range.upperBound..<token.range.lowerBound)
                    openHighlight = nil
                }
            default:
                break
            }
        }
        if let open = openHighlight {
            malformed[open] = "never closed by {% endhighlight %} (Jekyll stops with an error here)"
            // Whatever nested in it is no longer inside a block.
            for (index, note) in malformed where index > open && note.hasPrefix("a highlight inside") { malformed[index] = nil }
        }
    }

    /// Whether `offset` is inside a highlight block's code.
    func highlightContent(contains offset: Int) -> Bool {
        contents.sortedContains(offset)
    }
}

extension LiquidBlocks {
    /// Block tags named like a callout kind (`{% warning %}` … `{% endwarning %}`, from
    /// plugins such as jekyll-callouts and theme tags), paired as Liquid nests blocks; a pair
    /// inside another, and a tag that opens or closes nothing, are malformed.
    static func callouts(_ tokens: [TemplateToken], isCode: (Int) -> Bool) -> (pairs: [(open: Int, close: Int)], malformed: [Int: String]) {
        var pairs: [(open: Int, close: Int)] = []
        var malformed: [Int: String] = [:]
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.delimiter == .liquidTag && !isCode(token.range.lowerBound) {
            if CalloutTags.kinds[token.name] != nil {
                open.append(index)
            } else if token.name.hasPrefix("end"), CalloutTags.kinds[String(token.name.dropFirst(3))] != nil {
                guard let last = open.last, tokens[last].name == String(token.name.dropFirst(3)) else {
                    malformed[index] = "an {% \(token.name) %} without its {% \(token.name.dropFirst(3)) %}"
                    continue
                }
                open.removeLast()
                if open.isEmpty {
                    pairs.append((last, index))
                } else {
                    malformed[last] = "a callout inside another callout: left as written"
                    malformed[index] = malformed[last]
                }
            }
        }
        for index in open { malformed[index] = "never closed by {% end\(tokens[index].name) %}" }
        return (pairs, malformed)
    }
}
