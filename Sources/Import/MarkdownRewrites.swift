/// The Markdown the converters write in place of template syntax: fences for highlight
/// blocks, an image and a caption line for figures, and where a link destination is.
enum MarkdownRewrites {
    /// Edits turning the block from `open` to `close` into a fenced code block in `language`,
    /// keeping every byte of the code. Nil when it worked; else why not.
    static func fence(open: Range<Int>, close: Range<Int>, language: String, lines: BodyLines, edits: inout BodyEdits) -> String? {
        guard let prefix = lines.blankPrefix(before: open.lowerBound) else {
            return "text before it on its line"
        }
        guard lines.isBlankAfter(close.upperBound) else { return "text after its end tag on the line" }
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(lines.bytes[open.upperBound..<close.lowerBound]) + 1))
        let openEdit = lines.isBlankAfter(open.upperBound)
            ? (lines.throughLineEnd(open), fence + language)
            : (open, fence + language + "\n" + prefix)
        let closeEdit = lines.blankPrefix(before: close.lowerBound) != nil
            ? (lines.throughLineEnd(close), fence)
            : (lines.throughLineEnd(close), "\n" + prefix + fence)
        guard edits.isFree(openEdit.0), edits.isFree(closeEdit.0) else { return "it overlaps another construct" }
        edits.replace(openEdit.0, with: openEdit.1)
        edits.replace(closeEdit.0, with: closeEdit.1)
        return nil
    }

    /// The longest run of backticks that starts a line (after blanks and quote markers).
    private static func longestBacktickRun(_ bytes: ArraySlice<UInt8>) -> Int {
        var longest = 0
        var atLineStart = true
        var run = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                run = 0
            } else if atLineStart, byte == UInt8(ascii: "`") {
                run += 1
                longest = max(longest, run)
            } else if atLineStart, byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">"), run == 0 {
                continue
            } else {
                atLineStart = false
            }
        }
        return longest
    }

    /// `![alt](src)` and, with a caption, `*caption*` on the next line: the caption stays
    /// Markdown as written (figure templates run it through markdownify), the alt text is
    /// escaped once for Markdown. Nil with the reason when the arguments are not plain.
    static func figure(source: String, alt: String?, caption: String?, linePrefix: String) -> (markdown: String?, reason: String?) {
        guard !source.isEmpty, !source.contains("{{"), !source.contains("{%"), !source.contains("\n") else {
            return (nil, "its image is not a plain path")
        }
        var destination = source
        if source.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) {
            guard !source.contains("<"), !source.contains(">") else { return (nil, "its image path holds < or >") }
            destination = "<" + source + ">"
        }
        let altText = alt ?? ""
        guard !altText.contains("{{"), !altText.contains("{%") else { return (nil, "its alt text is not plain") }
        var markdown = "![" + escaped(altText) + "](" + destination + ")"
        if let caption {
            let trimmed = caption.trimmingBlanks
            guard !trimmed.contains("\n"), !trimmed.contains("*"), !trimmed.contains("{{"), !trimmed.contains("{%") else {
                return (nil, "its caption is not plain (a line break, *, or template syntax)")
            }
            if !trimmed.isEmpty { markdown += "\n" + linePrefix + "*" + trimmed + "*" }
        }
        return (markdown, nil)
    }

    /// Backslashes before the characters that would be Markdown in an image's description.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" {
                result += " "
                continue
            }
            if "\\[]*_`<&!".contains(character) { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// Whether `offset` starts a Markdown link or image destination: right after `](`, or
    /// after `[label]:` at the start of a line (a link reference definition).
    static func isLinkDestination(_ offset: Int, lines: BodyLines) -> Bool {
        let bytes = lines.bytes
        if offset >= 2, bytes[offset - 2] == UInt8(ascii: "]"), bytes[offset - 1] == UInt8(ascii: "(") { return true }
        let start = lines.lineStart(offset)
        var index = start
        var indent = 0
        while index < offset, bytes[index] == 0x20, indent < 3 {
            index += 1
            indent += 1
        }
        guard index < offset, bytes[index] == UInt8(ascii: "[") else { return false }
        guard let close = bytes[index..<offset].firstIndex(of: UInt8(ascii: "]")), close > index + 1,
              close + 1 < offset, bytes[close + 1] == UInt8(ascii: ":") else { return false }
        return bytes[(close + 2)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Backslashes before each `{{` and `{%` of `range` that is not in code: text that was
    /// protected from Liquid (or Hugo) keeps showing as written, and no scanner reads it as syntax.
    static func protectOpeners(in range: Range<Int>, lines: BodyLines, isCode: (Int) -> Bool, edits: inout BodyEdits) {
        let bytes = lines.bytes
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "%"),
               !isCode(index), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") {
                edits.insert("\\", at: index)
                index += 2
                continue
            }
            index += 1
        }
    }

    /// Removes a tag that only marks something (`{% raw %}`): in code its whole line goes when
    /// nothing else is on it (an empty line would show in the code); in prose only the tag, as
    /// the generator did.
    static func removeMarker(_ range: Range<Int>, inCode: Bool, lines: BodyLines, edits: inout BodyEdits) {
        if inCode, let line = lines.wholeLine(around: range) {
            edits.replace(line, with: "")
        } else {
            edits.replace(range, with: "")
        }
    }
}
