import Markdown
import Support

/// Where a Markdown body holds code: the lines of its code blocks (fenced or indented, in
/// lists and quotes too, as libcmark sees them) and the bytes of its code spans. Text there
/// is the author's code, shown as written, so template syntax in it is never a leftover.
package struct MarkdownCodeRegions: Sendable {
    /// The byte offset where each line of the body starts (line 0 at 0).
    package let lineStarts: [Int]
    /// Per line of the body, whether a code block holds it.
    let codeBlockLines: [Bool]
    /// Code spans, backticks included, as sorted byte ranges of the body.
    let codeSpans: [Range<Int>]

    /// - Parameters:
    ///   - body: the Markdown, as UTF-8 bytes.
    ///   - document: `body` parsed with `lineOffset: firstLine - 1` (or nil to parse it here,
    ///     with a site's default settings: every extension on, as a new or imported site has).
    ///   - firstLine: the file line of the body's first line.
    package init(body: [UInt8], document: MarkdownDocument? = nil, firstLine: Int = 1) {
        var starts = [0]
        for (index, byte) in body.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        var code = [Bool](repeating: false, count: starts.count)
        var tableRows = [Bool](repeating: false, count: starts.count)
        // A body nested too deep for the parser has no code blocks we can trust; reading it all
        // as prose only makes more of it reported, never less.
        let parsed = document ?? (try? MarkdownDocument.parse(String(decoding: body, as: UTF8.self),
                                                              options: SiteConfig.MarkdownSettings().options, lineOffset: firstLine - 1))
        for block in BlockWalk.leaves(of: parsed?.blocks ?? []) {
            switch block.kind {
            case .codeBlock:
                let first = max(0, block.position.startLine - firstLine)
                var last = min(code.count - 1, block.position.endLine - firstLine)
                // cmark's end of an indented block in a list item can take in the blank line after it.
                while last > first, Self.isBlank(body, last, starts) { last -= 1 }
                if first <= last { for line in first...last { code[line] = true } }
            case .table(let table):
                for row in [table.header] + table.rows where tableRows.indices.contains(row.line - firstLine) {
                    tableRows[row.line - firstLine] = true
                }
            default:
                continue
            }
        }
        codeBlockLines = code
        codeSpans = Self.spans(in: body, lineStarts: starts, codeLines: code, tableRows: tableRows)
    }

    /// The 0-based line of the body that holds `offset`.
    package func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The 1-based column, in Unicode scalars, of `offset` on its line of `body` (the bytes
    /// these regions were found in); an offset past the end counts the line to the end.
    /// `columns` is the caller's for all the places it asks for in `body`: many on one long
    /// line then cost the line once.
    package func column(of offset: Int, in body: [UInt8], columns: inout ScalarColumns) -> Int {
        columns.column(of: offset, lineStart: lineStarts[line(of: offset)], in: body)
    }

    /// Whether the byte at `offset` is inside a code block or a code span.
    package func isCode(_ offset: Int) -> Bool {
        codeBlockLines[line(of: offset)] || codeSpans.sortedContains(offset)
    }

    /// Code spans as CommonMark finds them: a run of backticks up to the next run of the same
    /// length within one paragraph (lines up to a blank line, a code block or a table). A
    /// backslash before a backtick outside a span makes that backtick text. In a table row, as
    /// in GFM, each cell (up to an unescaped `|`) is a paragraph of its own.
    private static func spans(in body: [UInt8], lineStarts: [Int], codeLines: [Bool], tableRows: [Bool]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var line = 0
        func end(of line: Int) -> Int { line + 1 < lineStarts.count ? lineStarts[line + 1] : body.count }
        while line < lineStarts.count {
            guard !codeLines[line], !isBlank(body, line, lineStarts) else {
                line += 1
                continue
            }
            if tableRows[line] {
                spans += rowSpans(body, from: lineStarts[line], to: end(of: line))
                line += 1
                continue
            }
            var last = line
            while last + 1 < lineStarts.count, !codeLines[last + 1], !tableRows[last + 1], !isBlank(body, last + 1, lineStarts) { last += 1 }
            spans += paragraphSpans(body, from: lineStarts[line], to: end(of: last))
            line = last + 1
        }
        return spans
    }

    /// The code spans of each cell of a table row.
    private static func rowSpans(_ body: [UInt8], from start: Int, to end: Int) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var cellStart = start
        var index = start
        while index < end {
            if body[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if body[index] == UInt8(ascii: "|") {
                spans += paragraphSpans(body, from: cellStart, to: index)
                cellStart = index + 1
            }
            index += 1
        }
        return spans + paragraphSpans(body, from: cellStart, to: min(end, body.count))
    }

    private static func paragraphSpans(_ body: [UInt8], from start: Int, to end: Int) -> [Range<Int>] {
        let backtick = UInt8(ascii: "`")
        var spans: [Range<Int>] = []
        var index = start
        while index < end {
            if body[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard body[index] == backtick else {
                index += 1
                continue
            }
            let open = index
            while index < end, body[index] == backtick { index += 1 }
            let length = index - open
            var probe = index
            var closed: Int?
            while probe < end {
                guard body[probe] == backtick else {
                    probe += 1
                    continue
                }
                let run = probe
                while probe < end, body[probe] == backtick { probe += 1 }
                if probe - run == length {
                    closed = probe
                    break
                }
            }
            if let closed {
                spans.append(open..<closed)
                index = closed
            }
        }
        return spans
    }

    private static func isBlank(_ body: [UInt8], _ line: Int, _ starts: [Int]) -> Bool {
        let end = line + 1 < starts.count ? starts[line + 1] : body.count
        return body[starts[line]..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

extension Array where Element == Range<Int> {
    /// Whether one of these sorted, disjoint ranges holds `offset` (a binary search).
    package func sortedContains(_ offset: Int) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low].contains(offset)
    }
}
