/// One piece of template syntax in a body, found the way its generator finds it: Liquid
/// reads `{% … %}` and `{{ … }}` everywhere in a Jekyll file, code included, before
/// kramdown sees it; Hugo reads `{{< … >}}` and `{{% … %}}` before goldmark does.
struct TemplateToken: Sendable, Hashable {
    enum Delimiter: Sendable, Hashable {
        /// `{% … %}`
        case liquidTag
        /// `{{ … }}`
        case liquidOutput
        /// `{{< … >}}`
        case shortcode
        /// `{{% … %}}`
        case markdownShortcode
        /// `{{</* … */>}}` or `{{%/* … */%}}`: Hugo's way to show a shortcode as text.
        case escapedShortcode
    }

    var delimiter: Delimiter
    /// The whole construct, delimiters included, as byte offsets of the body.
    var range: Range<Int>
    /// What is between the delimiters, without Liquid's `-` trim markers and outer blanks.
    var inner: String
    /// `inner`'s first word (`highlight`, `/highlight`, `site.baseurl`).
    var name: String
    /// `inner` after the name, trimmed.
    var arguments: String

    /// Tags of Liquid and Hugo may span lines but never a whole post: an opener whose end is
    /// further away than this is read as not closed (as a typo usually is).
    static let longest = 4096
}

/// A construct that opens and never closes within `TemplateToken.longest` bytes.
struct UnclosedToken: Sendable, Hashable {
    var delimiter: TemplateToken.Delimiter
    var offset: Int
}

/// Splits a body into template tokens, in order. Pure; one pass over `{` bytes.
enum TemplateTokenizer {
    static func liquid(_ bytes: [UInt8]) -> (tokens: [TemplateToken], unclosed: [UnclosedToken]) {
        var tokens: [TemplateToken] = []
        var unclosed: [UnclosedToken] = []
        var index = 0
        while let open = nextOpenBrace(bytes, from: index) {
            let second = open + 1 < bytes.count ? bytes[open + 1] : 0
            let delimiter: TemplateToken.Delimiter
            let closer: [UInt8]
            switch second {
            case UInt8(ascii: "%"): (delimiter, closer) = (.liquidTag, Array("%}".utf8))
            case UInt8(ascii: "{"): (delimiter, closer) = (.liquidOutput, Array("}}".utf8))
            default:
                index = open + 1
                continue
            }
            guard let end = find(closer, in: bytes, from: open + 2) else {
                unclosed.append(UnclosedToken(delimiter: delimiter, offset: open))
                index = open + 2
                continue
            }
            let found = token(delimiter, bytes, open..<end, innerFrom: open + 2, to: end - 2)
            tokens.append(found)
            index = end
            // Liquid reads nothing between `raw` and `endraw` (nor in a comment): the first
            // end tag closes the block, whatever comes before it.
            if delimiter == .liquidTag, let closer = literalBlocks[found.name], found.arguments.isEmpty,
               let endTag = findEndTag(closer, in: bytes, from: end) {
                tokens.append(token(.liquidTag, bytes, endTag, innerFrom: endTag.lowerBound + 2, to: endTag.upperBound - 2))
                index = endTag.upperBound
            }
        }
        return (tokens, unclosed)
    }

    /// Liquid blocks whose content Liquid does not read, with their end tags.
    static let literalBlocks = ["raw": "endraw", "comment": "endcomment"]

    /// `{%`, an optional `-`, blanks, `name`, blanks, an optional `-`, `%}`: the first after `start`.
    static func findEndTag(_ name: String, in bytes: [UInt8], from start: Int) -> Range<Int>? {
        let word = Array(name.utf8)
        var index = start
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "%") else { continue }
            var probe = index + 2
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 || bytes[probe] == 0x0A { probe += 1 }
            guard starts(bytes, at: probe, with: word) else { continue }
            probe += word.count
            while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 || bytes[probe] == 0x0A { probe += 1 }
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            if starts(bytes, at: probe, with: "%}") { return index..<(probe + 2) }
        }
        return nil
    }

    static func hugo(_ bytes: [UInt8]) -> (tokens: [TemplateToken], unclosed: [UnclosedToken]) {
        var tokens: [TemplateToken] = []
        var unclosed: [UnclosedToken] = []
        var index = 0
        while let open = nextOpenBrace(bytes, from: index) {
            guard open + 2 < bytes.count, bytes[open + 1] == UInt8(ascii: "{"),
                  bytes[open + 2] == UInt8(ascii: "<") || bytes[open + 2] == UInt8(ascii: "%") else {
                index = open + 1
                continue
            }
            let angle = bytes[open + 2] == UInt8(ascii: "<")
            let escaped = starts(bytes, at: open + 3, with: "/*")
            let delimiter: TemplateToken.Delimiter = escaped ? .escapedShortcode : angle ? .shortcode : .markdownShortcode
            let closer = Array(((escaped ? "*/" : "") + (angle ? ">}}" : "%}}")).utf8)
            guard let end = find(closer, in: bytes, from: open + 3) else {
                unclosed.append(UnclosedToken(delimiter: delimiter, offset: open))
                index = open + 3
                continue
            }
            let innerStart = open + 3 + (escaped ? 2 : 0)
            tokens.append(token(delimiter, bytes, open..<end, innerFrom: innerStart, to: end - closer.count))
            index = end
        }
        return (tokens, unclosed)
    }

    private static func token(_ delimiter: TemplateToken.Delimiter, _ bytes: [UInt8], _ range: Range<Int>,
                              innerFrom start: Int, to end: Int) -> TemplateToken {
        var inner = Substring(String(decoding: bytes[start..<max(start, end)], as: UTF8.self))
        if delimiter == .liquidTag || delimiter == .liquidOutput {
            if inner.hasPrefix("-") { inner = inner.dropFirst() }
            if inner.hasSuffix("-") { inner = inner.dropLast() }
        }
        let trimmed = inner.trimmingBlanks
        var name = Substring(trimmed.prefix { !$0.isWhitespace })
        var rest = trimmed.dropFirst(name.count)
        // `{{< / highlight >}}`: Hugo allows blanks after the slash.
        if name == "/" {
            let word = rest.trimmingBlanks.prefix { !$0.isWhitespace }
            name = "/" + word
            rest = rest.trimmingBlanks.dropFirst(word.count)
        }
        // Liquid output and shortcodes end their name at a filter bar or a self-closing slash.
        if let bar = name.firstIndex(where: { $0 == "|" }), delimiter == .liquidOutput {
            rest = name[bar...] + rest
            name = name[..<bar]
        }
        return TemplateToken(delimiter: delimiter, range: range, inner: String(trimmed), name: String(name),
                             arguments: String(rest.trimmingBlanks))
    }

    static func nextOpenBrace(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{") { return index }
            index += 1
        }
        return nil
    }

    /// The offset just past the first `needle` at or after `start`, within `TemplateToken.longest`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        let limit = min(bytes.count, start + TemplateToken.longest)
        var index = start
        while index + needle.count <= limit {
            if bytes[index] == needle[0], starts(bytes, at: index, with: needle) { return index + needle.count }
            index += 1
        }
        return nil
    }

    static func starts(_ bytes: [UInt8], at offset: Int, with text: String) -> Bool {
        starts(bytes, at: offset, with: Array(text.utf8))
    }

    static func starts(_ bytes: [UInt8], at offset: Int, with needle: [UInt8]) -> Bool {
        guard offset >= 0, offset + needle.count <= bytes.count else { return false }
        for (position, byte) in needle.enumerated() where bytes[offset + position] != byte { return false }
        return true
    }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingBlanks: Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
        return text[first...last]
    }
}
