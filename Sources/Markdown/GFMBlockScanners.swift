/// Line-start tests from cmark-gfm's block parser (`open_new_blocks` and its re2c
/// scanners), on one line's bytes: `bytes[from..<end]`, where `end` is the line's end
/// without its line ending.
enum BlockScanner {
    enum ListMarker: Hashable {
        case bullet(UInt8)
        /// `.` or `)` after the number.
        case ordered(UInt8)
    }

    /// A list marker at `from` that can start an item where no paragraph is interrupted:
    /// `-`, `+`, `*` or one to nine digits and `.`/`)`, then a space, tab or the line end.
    static func listMarker<Bytes: ByteBuffer>(_ bytes: Bytes, _ from: Int, _ end: Int) -> (marker: ListMarker, length: Int)? {
        guard from < end else { return nil }
        let first = bytes[from]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            guard from + 1 == end || bytes[from + 1] == 0x20 || bytes[from + 1] == 0x09 else { return nil }
            return (.bullet(first), 1)
        }
        var position = from
        while position < end, ASCII.isDigit(bytes[position]), position - from < 9 { position += 1 }
        guard position > from, position < end,
              bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")") else { return nil }
        let delimiter = bytes[position]
        position += 1
        guard position == end || bytes[position] == 0x20 || bytes[position] == 0x09 else { return nil }
        return (.ordered(delimiter), position - from)
    }

    /// Three or more `*`, `-` or `_` (the same one) with only spaces and tabs between.
    static func isThematicBreak(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Bool {
        guard from < end else { return false }
        let character = bytes[from]
        guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_") else {
            return false
        }
        var count = 0
        for byte in bytes[from..<end] {
            if byte == character {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }

    /// Any block start that ends a table row where cmark-gfm's `open_new_blocks` runs with a
    /// table (not a paragraph) as the container: quote, ATX heading, fence, HTML block of
    /// any type, thematic break, list item (any number, empty too). Footnote definitions
    /// are rewritten into list items before tables are looked for.
    static func startsBlockInsideTable(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Bool {
        guard from < end else { return false }
        switch bytes[from] {
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "#"):
            var position = from
            while position < end, bytes[position] == UInt8(ascii: "#"), position - from < 7 { position += 1 }
            let level = position - from
            return level <= 6 && (position == end || bytes[position] == 0x20 || bytes[position] == 0x09)
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            let fence = bytes[from]
            var position = from
            while position < end, bytes[position] == fence { position += 1 }
            guard position - from >= 3 else { return false }
            return fence == UInt8(ascii: "~") || !bytes[position..<end].contains(UInt8(ascii: "`"))
        case UInt8(ascii: "<"):
            return HTMLBlockStart.matches(bytes, from, end)
        default:
            return isThematicBreak(bytes, from, end) || listMarker(bytes, from, end) != nil
        }
    }

    /// `[^label]:` and the spaces and tabs after it, cmark-gfm's `scan_footnote_definition`:
    /// the label is one or more bytes other than `]`, space, tab, line ends and NUL.
    static func footnoteDefinition(_ bytes: [UInt8], _ from: Int, _ end: Int) -> (label: Range<Int>, contentStart: Int)? {
        guard end - from >= 5, bytes[from] == UInt8(ascii: "["), bytes[from + 1] == UInt8(ascii: "^") else { return nil }
        var position = from + 2
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "]") || byte == 0x20 || byte == 0x09 || byte == 0 { break }
            position += 1
        }
        guard position > from + 2, position + 1 < end, bytes[position] == UInt8(ascii: "]"),
              bytes[position + 1] == UInt8(ascii: ":") else { return nil }
        let label = (from + 2)..<position
        var contentStart = position + 2
        while contentStart < end, bytes[contentStart] == 0x20 || bytes[contentStart] == 0x09 { contentStart += 1 }
        return (label, contentStart)
    }

    /// cmark-gfm's `scan_tasklist` from the very start of the line (which is why items in
    /// a block quote never become tasks): `[ \t\v\f]*` a bullet or digits and any byte,
    /// `[ \t\v\f]+`, `[ ]`/`[x]`/`[X]`, `[ \t\v\f]+`. Returns the offset of the `[`.
    static func taskListMarker(_ bytes: [UInt8], _ lineStart: Int, _ end: Int) -> Int? {
        var position = lineStart
        while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
        guard position < end else { return nil }
        let first = bytes[position]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            position += 1
        } else {
            let digits = position
            while position < end, ASCII.isDigit(bytes[position]) { position += 1 }
            guard position > digits, position < end else { return nil }
            position += 1
        }
        let spaces = position
        while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
        guard position > spaces, position + 3 < end, bytes[position] == UInt8(ascii: "["),
              bytes[position + 2] == UInt8(ascii: "]"),
              bytes[position + 1] == 0x20 || bytes[position + 1] | 0x20 == UInt8(ascii: "x"),
              ASCII.isSpaceChar(bytes[position + 3]) else { return nil }
        return position
    }
}

/// cmark-gfm 0.29's HTML block start conditions 1 to 7 (`scan_html_block_start` and
/// `_start_7`), at a `<`.
enum HTMLBlockStart {
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
        "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "title",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "track", "ul",
    ]

    static func matches(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Bool {
        let text = bytes[from..<end]
        func hasPrefix(_ prefix: String, caseInsensitive: Bool = false) -> Bool {
            let utf8 = Array(prefix.utf8)
            guard text.count >= utf8.count else { return false }
            for (offset, expected) in utf8.enumerated() {
                let byte = text[from + offset]
                if byte != expected && !(caseInsensitive && byte | 0x20 == expected) { return false }
            }
            return true
        }
        if hasPrefix("<!--") || hasPrefix("<?") || hasPrefix("<![CDATA[") { return true }
        if text.count > 2, hasPrefix("<!"), text[from + 2] >= UInt8(ascii: "A"), text[from + 2] <= UInt8(ascii: "Z") {
            return true
        }
        var position = from + 1
        let closing = position < end && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        let nameStart = position
        guard position < end, ASCII.isAlpha(bytes[position]) else { return false }
        while position < end, ASCII.isAlphanumeric(bytes[position]) || bytes[position] == UInt8(ascii: "-") { position += 1 }
        let name = String(decoding: bytes[nameStart..<position].map { $0 | 0x20 }, as: UTF8.self)
        let after: UInt8 = position < end ? bytes[position] : 0x0A
        if !closing, ["script", "pre", "style"].contains(name), ASCII.isSpace(after) || after == 0x0B || after == 0x0C || after == UInt8(ascii: ">") {
            return true
        }
        if blockTags.contains(name) {
            if ASCII.isSpace(after) || after == 0x0B || after == 0x0C || after == UInt8(ascii: ">") { return true }
            if after == UInt8(ascii: "/"), position + 1 < end, bytes[position + 1] == UInt8(ascii: ">") { return true }
        }
        return isCompleteTagLine(bytes, nameEnd: position, closing: closing, end)
    }

    /// Type 7: a whole open or closing tag followed only by whitespace.
    private static func isCompleteTagLine(_ bytes: [UInt8], nameEnd: Int, closing: Bool, _ end: Int) -> Bool {
        var position = nameEnd
        func skipSpace() -> Int {
            let start = position
            while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
            return position - start
        }
        if !closing {
            while true {
                let save = position
                guard skipSpace() > 0, position < end else { position = save; break }
                let first = bytes[position]
                guard ASCII.isAlpha(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
                    position = save
                    break
                }
                while position < end, ASCII.isAlphanumeric(bytes[position]) || ":._-".utf8.contains(bytes[position]) {
                    position += 1
                }
                let afterName = position
                _ = skipSpace()
                if position < end, bytes[position] == UInt8(ascii: "=") {
                    position += 1
                    _ = skipSpace()
                    guard position < end else { return false }
                    let quote = bytes[position]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        guard let close = bytes[(position + 1)..<end].firstIndex(of: quote) else { return false }
                        position = close + 1
                    } else {
                        let valueStart = position
                        while position < end, !ASCII.isSpaceChar(bytes[position]),
                              !"\"'=<>`".utf8.contains(bytes[position]), bytes[position] != 0 {
                            position += 1
                        }
                        guard position > valueStart else { return false }
                    }
                } else {
                    position = afterName
                }
            }
        }
        _ = skipSpace()
        if !closing, position < end, bytes[position] == UInt8(ascii: "/") { position += 1 }
        guard position < end, bytes[position] == UInt8(ascii: ">") else { return false }
        position += 1
        while position < end {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0C else { return false }
            position += 1
        }
        return true
    }
}
