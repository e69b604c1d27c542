import Markdown
import Support

/// What the compiler said one identifier of a checked Swift block is, as check-snippets
/// recorded it (`verified.json`) and the page shows it on hover and focus.
package struct TypeMark: Codable, Sendable, Equatable {
    /// The identifier's UTF-8 offset in the block's code (the fence's text, hidden lines and
    /// `// ^?` lines included) and its length in bytes.
    package var start: Int
    package var length: Int
    /// What the popover says: `let names: [String]`, `func pair<T: Equatable>(_ a: T, _ b: T) -> Bool`,
    /// `struct Box<Value>`.
    package var text: String
    /// Apple's documentation page of a standard library or Foundation symbol (``AppleDocumentation``).
    package var link: String?

    package init(start: Int, length: Int, text: String, link: String? = nil) {
        (self.start, self.length, self.text, self.link) = (start, length, text, link)
    }

    var range: Range<Int> { start..<(start + length) }
}

/// `// ^?` query lines, twoslash's form: the caret points at the line above, and the page
/// shows the type of the identifier there in a callout under that line; the comment itself
/// is never shown. The one reader of the form: check-snippets reports a query that points
/// at nothing with ``target(of:in:)``, the build draws the callout with it.
package enum TypeQueries {
    package struct Query: Sendable, Equatable {
        /// 0-based line of the `// ^?` comment in the block's code.
        package var line: Int
        /// 1-based column of the caret, in characters.
        package var column: Int
        /// The UTF-8 offset in the code of the character above the caret; nil when the line
        /// above is shorter or there is none.
        package var target: Int?
    }

    /// Whether a line is a query: blanks, `//`, blanks, `^?`, nothing else but blanks.
    static func caretColumn(_ line: Substring) -> Int? {
        // By bytes, with no copy of the line: everything before the caret is ASCII, so its
        // byte offset is its column in characters.
        let bytes = line.utf8
        var index = bytes.startIndex
        var offset = 0
        func at(_ byte: Unicode.Scalar) -> Bool { index < bytes.endIndex && bytes[index] == UInt8(ascii: byte) }
        func advance() { index = bytes.index(after: index); offset += 1 }
        while at(" ") || at("\t") { advance() }
        guard at("/") else { return nil }
        advance()
        guard at("/") else { return nil }
        advance()
        while at(" ") || at("\t") { advance() }
        guard at("^") else { return nil }
        let caret = offset
        advance()
        guard at("?") else { return nil }
        advance()
        while at(" ") || at("\t") || at("\r") { advance() }
        guard index == bytes.endIndex else { return nil }
        return caret + 1
    }

    /// The queries of a block's code, in order; empty (and cheap) for a block without `^?`.
    package static func queries(in code: String) -> [Query] {
        guard UTF8Bytes.contains(code, "^?") else { return [] }
        var queries: [Query] = []
        var offset = 0
        var above: (start: Int, text: Substring)?
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.utf8.count + 1 }
            guard let column = caretColumn(line) else {
                above = (offset, line)
                continue
            }
            var target: Int?
            if let above {
                let scalars = Array(above.text.unicodeScalars)
                if column - 1 < scalars.count {
                    target = above.start + scalars[..<(column - 1)].reduce(0) { $0 + String($1).utf8.count }
                }
            }
            queries.append(Query(line: index, column: column, target: target))
        }
        return queries
    }

    /// The recorded identifier the query points at.
    package static func target(of query: Query, in marks: [TypeMark]) -> TypeMark? {
        guard let target = query.target else { return nil }
        return marks.first { $0.range.contains(target) }
    }
}

/// A checked block's types as the page shows them: the marks, the queries' answers, and the
/// Swift version when it is not the last check's.
struct BlockTypes: Sendable {
    var marks: [TypeMark]
    /// Popovers on identifiers: false for `notypes` or `code: { types: false }`; the queries'
    /// callouts are shown either way.
    var popovers = true
    /// "6.2" when the record was made by another Swift than the last check.
    var staleVersion: String?
}

/// Puts a checked block's types into its highlighted HTML: each identifier in a
/// `<span class="type-ref" tabindex="-1">` with its popover, each query's answer in a
/// callout under its line, and after the code a list of every type for screen readers and
/// readers without a pointer. Nothing of it is copied: the theme's script leaves out
/// `.type-pop` and `.type-query`, and the CSS makes them unselectable.
enum CodeTypesHTML {
    /// The code a reader sees (hidden lines and `// ^?` lines dropped) and, for each line
    /// of the block's code, the UTF-8 offset where it starts in that code and in the
    /// shown code (nil for a dropped line).
    struct ShownCode {
        var text: String
        var lineStarts: [Int]
        var shownStarts: [Int?]
        /// 0-based shown line of each code line (the line itself, or the last shown one before it).
        var shownLine: [Int]

        init(_ code: String) {
            let lines = HiddenLines.lines(code)
            let numbers = UTF8Bytes.contains(code, HiddenLines.hide) ? HiddenLines.shownLineNumbers(code) : lines.indices.map { Optional($0 + 1) }
            let hasQueries = UTF8Bytes.contains(code, "^?")
            var kept: [Substring] = []
            var offset = 0
            var shownOffset = 0
            (lineStarts, shownStarts, shownLine) = ([], [], [])
            for (index, line) in lines.enumerated() {
                lineStarts.append(offset)
                offset += line.utf8.count + 1
                let isLastEmpty = index == lines.count - 1 && line.isEmpty
                if (numbers[index] != nil && (!hasQueries || TypeQueries.caretColumn(line) == nil)) || isLastEmpty {
                    shownStarts.append(shownOffset)
                    shownOffset += line.utf8.count + 1
                    kept.append(line)
                } else {
                    shownStarts.append(nil)
                }
                shownLine.append(max(0, kept.count - 1))
            }
            text = kept.joined(separator: "\n")
        }

        /// The mark's range in the shown code; nil when its line is not shown.
        func shownRange(_ mark: TypeMark) -> Range<Int>? {
            guard let line = lineStarts.lastIndex(where: { $0 <= mark.start }), let shown = shownStarts[line] else { return nil }
            let start = shown + mark.start - lineStarts[line]
            return start..<(start + mark.length)
        }
    }

    /// Whether a block has anything to show: marks or queries.
    static func wraps(_ types: BlockTypes?, literal: String) -> Bool {
        types != nil || UTF8Bytes.contains(literal, "^?")
    }

    /// The highlighted lines with the popovers woven in and the callouts after their lines.
    static func lines(highlighted html: String, shown: ShownCode, code: String, types: BlockTypes?) -> [String] {
        var marks: [(Range<Int>, TypeMark)] = []
        if let types, types.popovers {
            marks = types.marks.compactMap { mark in shown.shownRange(mark).map { ($0, mark) } }.sorted { $0.0.lowerBound < $1.0.lowerBound }
        }
        var lines = HighlightedLines.split(weave(html, marks: marks))
        for query in TypeQueries.queries(in: code) {
            guard let types, let mark = TypeQueries.target(of: query, in: types.marks) else { continue }
            let line = shown.shownLine[query.line]
            guard lines.indices.contains(line) else { continue }
            lines[line] += callout(mark, column: query.column)
        }
        return lines
    }

    /// `<span class="type-query">`: a line of its own in the code, the caret under the
    /// column it points at, then the type.
    static func callout(_ mark: TypeMark, column: Int) -> String {
        "<span class=\"type-query\">\n" + String(repeating: " ", count: max(0, column - 1))
            + "<span class=\"type-query-box\">" + HTMLText.escaped(mark.text) + "</span></span>"
    }

    static func popover(_ mark: TypeMark) -> String {
        var html = popOpen + "<code>" + HTMLText.escaped(mark.text) + "</code>"
        if let link = mark.link { html += " <a href=\"" + HTMLText.escaped(link) + "\">Documentation</a>" }
        return html + "</span>"
    }

    /// The highlighter's HTML with each mark's text wrapped. A mark whose text does not lie
    /// within one run of text (a tag inside it) is left out. Linear in the HTML's length.
    static func weave(_ html: String, marks: [(Range<Int>, TypeMark)]) -> String {
        guard !marks.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + marks.count * 96)
        var index = 0
        var textOffset = 0
        var next = 0
        /// The byte length in the HTML of the text character at `i` (an entity counts as one byte of text).
        func characterEnd(_ i: Int) -> Int {
            guard bytes[i] == UInt8(ascii: "&") else { return i + 1 }
            var end = i + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), end - i < 10 { end += 1 }
            return min(end + 1, bytes.count)
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { out.append(bytes[index]); index += 1 }
                if index < bytes.count { out.append(bytes[index]); index += 1 }
                continue
            }
            while next < marks.count, marks[next].0.lowerBound < textOffset { next += 1 }
            if next < marks.count, marks[next].0.lowerBound == textOffset {
                let (range, mark) = marks[next]
                // The mark's text, if no tag interrupts it.
                var end = index
                var covered = 0
                while covered < range.count, end < bytes.count, bytes[end] != UInt8(ascii: "<") {
                    let characterEnd = characterEnd(end)
                    covered += bytes[end] == UInt8(ascii: "&") ? 1 : characterEnd - end
                    end = characterEnd
                }
                next += 1
                if covered == range.count {
                    out += Array(refOpen.utf8)
                    out += bytes[index..<end]
                    out += Array(popover(mark).utf8)
                    out += Array("</span>".utf8)
                    index = end
                    textOffset += covered
                    continue
                }
            }
            let end = characterEnd(index)
            textOffset += bytes[index] == UInt8(ascii: "&") ? 1 : end - index
            out += bytes[index..<end]
            index = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let refOpen = "<span class=\"type-ref\" tabindex=\"-1\">"
    static let popOpen = "<span class=\"type-pop\" role=\"tooltip\">"
    static let listOpen = "<details class=\"code-types\">"

    /// A body as feeds carry it: feed readers show no popover, so the identifiers are plain
    /// text and the list after the code is left out; the queries' answers stay. The body
    /// as it is when it has no types (a search for one string).
    static func feedHTML(_ html: String) -> String {
        guard UTF8Bytes.contains(html, refOpen) || UTF8Bytes.contains(html, listOpen) else { return html }
        // One forward pass over the bytes: Foundation's range(of:) on a long body, once per
        // identifier, made the blog's build 30 times slower; so did looking for the next list
        // (at the body's end, or none) again after each identifier.
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let ref = Array(refOpen.utf8), pop = Array(popOpen.utf8), list = Array(listOpen.utf8)
        let refEnd = Array("</span></span>".utf8), listEnd = Array("</details>\n".utf8)
        bytes.withUnsafeBufferPointer { bytes in
            func find(_ needle: [UInt8], from start: Int) -> Int? {
                needle.withUnsafeBufferPointer { UTF8Bytes.firstOffset(of: $0, in: bytes, from: start) }
            }
            var index = 0
            // The next of each from `index` on, each found again only once passed.
            var nextRef = find(ref, from: 0), nextList = find(list, from: 0)
            while index < bytes.count {
                if let found = nextRef, found < index { nextRef = find(ref, from: index) }
                if let found = nextList, found < index { nextList = find(list, from: index) }
                guard let next = [nextRef, nextList].compactMap({ $0 }).min() else { break }
                out += bytes[index..<next]
                if next == nextRef {
                    // The name, then the popover (no span inside it) and the ref's end.
                    guard let popStart = find(pop, from: next + ref.count), let end = find(refEnd, from: popStart) else {
                        index = next
                        break
                    }
                    out += bytes[(next + ref.count)..<popStart]
                    index = end + refEnd.count
                } else {
                    guard let end = find(listEnd, from: next) else { index = next; break }
                    index = end + listEnd.count
                }
            }
            if index < bytes.count { out += bytes[index...] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// After the code: every recorded type once, for screen readers and keyboards, in a
    /// closed `<details>`; its summary names the Swift of a record older than the last check.
    static func list(_ types: BlockTypes, code: String, shown: ShownCode) -> String {
        var seen: Set<String> = []
        var items = ""
        let source = Array(code.utf8)
        // Those a reader sees: not on hidden lines.
        for mark in types.marks.sorted(by: { $0.start < $1.start }) where mark.range.upperBound <= source.count && shown.shownRange(mark) != nil {
            let name = String(decoding: source[mark.range], as: UTF8.self)
            // Each name once, at its first mark (its declaration, when the block declares it).
            guard seen.insert(name).inserted else { continue }
            items += "<li><code>" + HTMLText.escaped(name) + "</code>: <code>" + HTMLText.escaped(mark.text) + "</code>"
            if let link = mark.link { items += " (<a href=\"" + HTMLText.escaped(link) + "\">documentation</a>)" }
            items += "</li>\n"
        }
        guard !items.isEmpty || types.staleVersion != nil else { return "" }
        let summary = types.staleVersion.map { "Types from Swift \($0)" } ?? "Types"
        return listOpen + "<summary>" + HTMLText.escaped(summary) + "</summary>\n<ul>\n" + items + "</ul>\n</details>\n"
    }
}
