import SiteKit

/// Jekyll block tags named like a callout kind, `{% warning %}` … `{% endwarning %}`, as
/// sitegen's callouts: a quote opened by GitHub's `> [!WARNING]` marker (docs/content.md).
///
/// This is a second pass over a body the other conversions are done with: what the block
/// holds is Markdown by then (a highlight block a fence), so every line of it can take the
/// quote's `> ` as it is.
enum CalloutTags {
    /// Tag name → the callout's marker. kramdown themes' `info` is a note, `error` a caution.
    static let kinds: [String: String] = [
        "info": "NOTE", "note": "NOTE", "tip": "TIP", "important": "IMPORTANT",
        "warning": "WARNING", "caution": "CAUTION", "error": "CAUTION",
    ]

    /// `directives`: the names a call may have (built-ins and the site's components): a
    /// callout holding one is left as written, since a directive inside a quote is text.
    static func convert(_ body: ConvertedBody, directives: Set<String>) -> ConvertedBody {
        let bytes = body.bytes
        guard bytes.contains(UInt8(ascii: "{")) else { return body }
        let tokens = TemplateTokenizer.liquid(bytes).tokens
        guard tokens.contains(where: { $0.delimiter == .liquidTag && (kinds[$0.name] != nil || $0.name.hasPrefix("end")) }) else { return body }
        let code = MarkdownCodeRegions(body: bytes)
        let lines = BodyLines(bytes: bytes)
        let (pairs, malformed) = LiquidBlocks.callouts(tokens, isCode: { code.isCode($0) })
        var edits = BodyEdits()
        var events: [(Conversion, Int)] = []
        var left: [LeftMark] = []
        func leave(_ token: TemplateToken, _ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound, text: excerpt(lines.text(token.range)), note: note))
        }
        for (index, note) in malformed.sorted(by: { $0.key < $1.key }) { leave(tokens[index], note) }
        for (open, close) in pairs {
            if holdsDirective(tokens[open].range.upperBound..<tokens[close].range.lowerBound, lines: lines, directives: directives) {
                leave(tokens[open], "it holds a directive (@Name), which a callout's quote would show as text")
            } else if let reason = convert(tokens[open], tokens[close], lines: lines, edits: &edits) {
                leave(tokens[open], reason)
            } else {
                events.append((.calloutTagToCallout, tokens[open].range.lowerBound))
            }
        }
        return body.then(edits, events: events, left: left)
    }

    /// Whether a line of `range` starts with a call of one of `directives`.
    private static func holdsDirective(_ range: Range<Int>, lines: BodyLines, directives: Set<String>) -> Bool {
        let text = lines.text(range)
        return text.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.first == "@" else { return false }
            let name = trimmed.dropFirst().prefix { $0.isLetter || $0.isNumber }
            return directives.contains(String(name))
        }
    }

    /// Nil when converted; else why not.
    private static func convert(_ open: TemplateToken, _ close: TemplateToken, lines: BodyLines, edits: inout BodyEdits) -> String? {
        guard let marker = kinds[open.name] else { return "not a callout" }
        guard let prefix = lines.blankPrefix(before: open.range.lowerBound) else { return "text before it on its line" }
        guard lines.isBlankAfter(close.range.upperBound) else { return "text after its end tag on the line" }
        var title = ""
        if !open.arguments.isEmpty {
            guard let arguments = TemplateArguments.parse(open.arguments), arguments.named.isEmpty, arguments.positional.count >= 1,
                  !open.arguments.contains("{{") else {
                return "its arguments are not a plain title"
            }
            title = arguments.positional.map(\.text).joined(separator: " ")
        }
        let quote = prefix + "> "
        var opening = "> [!" + marker + "]"
        if !title.isEmpty { opening += "\n" + quote + "**" + title + "**" }
        if lines.isBlankAfter(open.range.upperBound) {
            edits.replace(lines.throughLineEnd(open.range), with: opening)
        } else {
            edits.replace(open.range, with: opening + "\n" + quote)
        }
        let closeAlone = lines.blankPrefix(before: close.range.lowerBound) != nil
        let closeLine = lines.lineStart(close.range.lowerBound)
        var start = lines.lineEnd(open.range.upperBound) + 1
        while start <= close.range.lowerBound, start < lines.bytes.count {
            if start == closeLine, closeAlone { break }
            let end = lines.lineEnd(start)
            let line = lines.bytes[start..<end]
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                edits.replace(start..<(start + line.count - (line.last == 0x0D ? 1 : 0)), with: prefix + ">")
            } else if line.starts(with: prefix.utf8) {
                edits.insert("> ", at: start + prefix.utf8.count)
            } else {
                edits.insert(quote, at: start)
            }
            start = end + 1
        }
        if closeAlone {
            // The end tag's line goes, with its line break.
            let end = lines.lineEnd(close.range.upperBound)
            edits.replace(closeLine..<min(lines.bytes.count, end + 1), with: "")
            // A body that ends right after the tag keeps no dangling marker line.
        } else {
            edits.replace(close.range, with: "")
        }
        return nil
    }
}
