#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// kramdown's idioms that Jekyll blogs are full of (``MarkdownExtension/kramdown``), found
/// line by line before libcmark parses, as ``DirectiveScanner`` finds directives; every
/// line keeps its number:
///
/// - a block attribute list, `{: .note #id lang="en"}` on the line after a block, becomes
///   `<!--{:-->`, and ``KramdownTransform`` gives its attributes to the block before it;
/// - `{::comment}…{:/comment}` (or `{:/}`) becomes blank lines: dropped;
/// - `{::nomarkdown}…{:/}` becomes one HTML comment block that the transform replaces by
///   the raw HTML where raw HTML is allowed, else by a code block showing it, with a warning;
/// - a definition list, term lines then `: definition` lines, becomes a bullet list whose
///   items the transform turns into `<dt>` and `<dd>`.
///
/// Attributes pass an allow-list: `class`, `id`, `width`, `height`, `title`, `lang`, `dir`,
/// and `style` only where raw HTML is allowed; any other is left out with a warning naming it.
struct KramdownScanner {
    let lineOffset: Int
    let allowRawHTML: Bool

    static let allowedAttributes: Set<String> = ["class", "id", "width", "height", "title", "lang", "dir"]
    /// “…” and ‘…’, as smart punctuation writes `"…"` and `'…'`.
    static let typographicQuotes: [(open: [UInt8], close: [UInt8])] = [
        (Array("\u{201C}".utf8), Array("\u{201D}".utf8)), (Array("\u{2018}".utf8), Array("\u{2019}".utf8)),
    ]

    struct Scan {
        var text: [UInt8]
        /// Line index of a `<!--{:-->` → the attributes for the block before it.
        var attributeLists: [Int: [(name: String, value: String)]] = [:]
        /// Line index of a nomarkdown block's first line → its content.
        var rawBlocks: [Int: String] = [:]
        /// Line indices of definition terms and of definitions' first lines.
        var terms = Set<Int>()
        var definitions = Set<Int>()
        /// Line indices of `{:toc}` lists: the list before each is kramdown's table-of-contents marker.
        var tableOfContents = Set<Int>()
        var warnings: [MarkdownDirectiveProblem] = []
    }

    /// A cheap test: `{:` anywhere, or `:` first on a line (a definition).
    static func mayHoldKramdown(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        var offset = 0
        while offset < text.count, let found = memchr(base + offset, Int32(UInt8(ascii: ":")), text.count - offset) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            offset = at + 1
            if at > 0, text[at - 1] == UInt8(ascii: "{") { return true }
            if (at == 0 || text[at - 1] == 0x0A) && at + 1 < text.count && (text[at + 1] == 0x20 || text[at + 1] == 0x09) { return true }
        }
        return false
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    private static func startsWith(_ slice: ArraySlice<UInt8>, _ text: String) -> Bool {
        slice.starts(with: text.utf8)
    }

    func scan(_ bytes: [UInt8]) -> Scan {
        let lines = SourceLines(bytes)
        var scan = Scan(text: [])
        var replaced: [Int: String] = [:]
        var fence: (byte: UInt8, length: Int)?
        var index = 0
        func content(_ line: Int) -> ArraySlice<UInt8> { Self.trimmed(lines.content(line)) }
        func indent(_ line: Int) -> Int {
            var count = 0
            for byte in lines.content(line) { if byte == 0x20 { count += 1 } else if byte == 0x09 { count += 4 } else { break } }
            return count
        }
        while index < lines.count {
            let line = content(index)
            if let open = fence {
                if line.first == open.byte, line.prefix(while: { $0 == open.byte }).count >= open.length,
                   line.drop(while: { $0 == open.byte }).isEmpty { fence = nil }
                index += 1
                continue
            }
            if indent(index) < 4, let first = line.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                let length = line.prefix(while: { $0 == first }).count
                if length >= 3 { fence = (first, length); index += 1; continue }
            }
            if Self.startsWith(line, "{::comment}") || Self.startsWith(line, "{::nomarkdown}") {
                let isComment = Self.startsWith(line, "{::comment}")
                let openLength = isComment ? "{::comment}".utf8.count : "{::nomarkdown}".utf8.count
                // The end: `{:/}` or `{:/comment}` / `{:/nomarkdown}`, on this line or a later one.
                var last = index
                var body: [UInt8] = []
                var found = false
                var rest = Array(line.dropFirst(openLength))
                while true {
                    if let close = Self.closeMarker(in: rest) {
                        body += rest[..<close]
                        found = true
                        break
                    }
                    body += rest
                    guard last + 1 < lines.count else { break }
                    last += 1
                    body.append(0x0A)
                    rest = Array(lines.content(last))
                }
                guard found else {
                    scan.warnings.append(MarkdownDirectiveProblem(line: index + lineOffset + 1, column: indent(index) + 1,
                                                                  message: "{::\(isComment ? "comment" : "nomarkdown")} is never closed with {:/}; left as text"))
                    index += 1
                    continue
                }
                var text = String(decoding: body, as: UTF8.self)
                while text.first?.isNewline == true { text.removeFirst() }
                if isComment {
                    for line in index...last { replaced[line] = "" }
                } else {
                    if !text.hasSuffix("\n") { text += "\n" }
                    scan.rawBlocks[index] = text
                    if last == index {
                        replaced[index] = "<!--{::-->"
                    } else {
                        replaced[index] = "<!--{::"
                        for line in (index + 1)..<last { replaced[line] = "" }
                        replaced[last] = "-->"
                    }
                    if !allowRawHTML {
                        scan.warnings.append(MarkdownDirectiveProblem(
                            line: index + lineOffset + 1, column: indent(index) + 1,
                            message: "{::nomarkdown} holds raw HTML, which this site does not allow (allow_raw_html: false); it is shown as code"))
                    }
                }
                index = last + 1
                continue
            }
            if indent(index) < 4, Self.startsWith(line, "{:"), line.last == UInt8(ascii: "}"), !Self.startsWith(line, "{::") {
                let inner = line.dropFirst(2).dropLast()
                if Self.trimmed(inner).elementsEqual("toc".utf8) {
                    // kramdown's `* TOC` + `{:toc}`: the list stands for the contents, which the theme shows.
                    scan.tableOfContents.insert(index)
                    scan.attributeLists[index] = []
                } else {
                    scan.attributeLists[index] = attributes(String(decoding: inner, as: UTF8.self), line: index, column: indent(index) + 1,
                                                            warnings: &scan.warnings)
                }
                replaced[index] = "<!--{:-->"
                index += 1
                continue
            }
            if indent(index) < 4, line.first == UInt8(ascii: ":"), line.count > 1, line.dropFirst().first == 0x20 || line.dropFirst().first == 0x09 {
                // A definition: the term lines are the paragraph before it (one blank line may
                // stand between), or it continues a definition list already open.
                var termEnd = index - 1
                if termEnd >= 0, content(termEnd).isEmpty { termEnd -= 1 }
                var termStart = termEnd
                while termStart >= 0, !content(termStart).isEmpty, !scan.definitions.contains(termStart) { termStart -= 1 }
                termStart += 1
                let continuesList = termEnd >= 0 && (scan.definitions.contains(termEnd) || Self.isDefinitionContinuation(termEnd, scan: scan, content: content))
                if termStart <= termEnd, !continuesList, (termStart...termEnd).allSatisfy({ isTermLine(content($0)) && replaced[$0] == nil }) {
                    for term in termStart...termEnd {
                        scan.terms.insert(term)
                        replaced[term] = "- " + String(decoding: content(term), as: UTF8.self)
                    }
                }
                if scan.terms.contains(termEnd) || continuesList || scan.definitions.contains(termEnd) {
                    scan.definitions.insert(index)
                    var bytes = Array(lines.content(index))
                    if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) { bytes[colon] = UInt8(ascii: "-") }
                    replaced[index] = String(decoding: bytes, as: UTF8.self)
                }
            }
            index += 1
        }
        guard !replaced.isEmpty else {
            scan.text = bytes
            return scan
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for line in 0..<lines.count {
            if let text = replaced[line] { output.append(contentsOf: text.utf8) } else { output.append(contentsOf: lines.content(line)) }
            output.append(contentsOf: bytes[lines.ends[line]..<lines.nextStart(line)])
        }
        scan.text = output
        return scan
    }

    /// A line of a definition that follows its first line (lazy or indented), as far back as
    /// the definition's start: whether `line` belongs to an open definition list.
    private static func isDefinitionContinuation(_ line: Int, scan: Scan, content: (Int) -> ArraySlice<UInt8>) -> Bool {
        var back = line
        while back >= 0, !content(back).isEmpty {
            if scan.definitions.contains(back) { return true }
            back -= 1
        }
        return false
    }

    /// A term is a line of plain paragraph text: not a list item, quote, heading, table row or HTML.
    private func isTermLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first else { return false }
        if "-*+>#|<".utf8.contains(first) { return false }
        if ASCII.isDigit(first) {
            let rest = line.drop(while: ASCII.isDigit)
            if let mark = rest.first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")") { return false }
        }
        return true
    }

    private static func closeMarker(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for start in 0...(bytes.count - 4) where bytes[start] == UInt8(ascii: "{") && bytes[start + 1] == UInt8(ascii: ":") && bytes[start + 2] == UInt8(ascii: "/") {
            if bytes[start + 3] == UInt8(ascii: "}") { return start }
            if let close = bytes[(start + 3)...].firstIndex(of: UInt8(ascii: "}")),
               bytes[(start + 3)..<close].allSatisfy(ASCII.isAlphanumeric) { return start }
        }
        return nil
    }

    /// `.class #id name="value" name='value'` → allowed attributes, classes joined; a
    /// warning for each left out.
    func attributes(_ text: String, line: Int, column: Int, warnings: inout [MarkdownDirectiveProblem]) -> [(name: String, value: String)] {
        var classes: [String] = []
        var result: [(name: String, value: String)] = []
        var bytes = Array(text.utf8)[...]
        func warn(_ message: String) {
            warnings.append(MarkdownDirectiveProblem(line: line + lineOffset + 1, column: column, message: message))
        }
        while true {
            while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
            guard let first = bytes.first else { break }
            if first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
                let word = bytes.dropFirst().prefix { $0 != 0x20 && $0 != 0x09 }
                bytes = bytes.dropFirst(word.count + 1)
                let value = String(decoding: word, as: UTF8.self)
                if first == UInt8(ascii: ".") { classes.append(value) } else { result.append(("id", value)) }
                continue
            }
            let name = bytes.prefix { $0 != UInt8(ascii: "=") && $0 != 0x20 && $0 != 0x09 }
            bytes = bytes.dropFirst(name.count)
            var value = ""
            if bytes.first == UInt8(ascii: "=") {
                bytes = bytes.dropFirst()
                if let quote = bytes.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let inner = bytes.dropFirst().prefix { $0 != quote }
                    value = String(decoding: inner, as: UTF8.self)
                    bytes = bytes.dropFirst(inner.count + 2)
                } else if let (open, close) = Self.typographicQuotes.first(where: { bytes.starts(with: $0.open) }) {
                    // A span list after an image is text, which smart punctuation has given
                    // typographic quotes by the time the transform reads it: `width=“480”`.
                    var inner = bytes.dropFirst(open.count)
                    var end = inner.startIndex
                    while end < inner.endIndex, !inner[end...].starts(with: close) { end += 1 }
                    value = String(decoding: inner[..<end], as: UTF8.self)
                    inner = inner[end...]
                    bytes = inner.dropFirst(close.count)
                } else {
                    let inner = bytes.prefix { $0 != 0x20 && $0 != 0x09 }
                    value = String(decoding: inner, as: UTF8.self)
                    bytes = bytes.dropFirst(inner.count)
                }
            }
            let attribute = String(decoding: name, as: UTF8.self).lowercased()
            if attribute.isEmpty { break }
            if Self.allowedAttributes.contains(attribute) || (attribute == "style" && allowRawHTML) {
                if attribute == "class" { classes += value.split(separator: " ").map(String.init) } else { result.append((attribute, value)) }
            } else if attribute == "style" {
                warn("the attribute style is left out: it needs allow_raw_html: true")
            } else {
                warn("the attribute \(attribute) is left out: attribute lists take \(Self.allowedAttributes.sorted().joined(separator: ", ")) (and style with raw HTML allowed)")
            }
        }
        if !classes.isEmpty { result.insert(("class", classes.joined(separator: " ")), at: 0) }
        return result
    }
}
