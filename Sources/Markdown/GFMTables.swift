/// cmark-gfm's table scanners (`row_from_string`, `scan_table_start`) on one line,
/// `bytes[from..<end]`, which like cmark's lines reads as ending in a newline.
enum TableRowScanner {
    /// The cells of a row, each a byte range before unescaping and trimming; `nil` when the
    /// line is not a row (nothing but a pipe, or more than 65,535 cells as cmark-gfm's
    /// 16-bit column count allows).
    static func cells(_ bytes: [UInt8], _ from: Int, _ end: Int) -> [Range<Int>]? {
        let newline = end + 1
        var offset = from + pipe(bytes, from, end)
        var cells: [Range<Int>] = []
        var expectMore = true
        while offset < newline && expectMore {
            let cellLength = cell(bytes, offset, end)
            let pipeLength = pipe(bytes, offset + cellLength, end)
            if cellLength > 0 || pipeLength > 0 {
                guard cells.count < Int(UInt16.max) else { return nil }
                cells.append(offset..<(offset + cellLength))
            }
            offset += cellLength + pipeLength
            if pipeLength == 0 {
                var position = offset
                while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
                if position == end { offset = newline }
                expectMore = false
            }
        }
        return offset == newline && !cells.isEmpty ? cells : nil
    }

    /// `scan_table_start`: `|? marker (| marker)* |?` and trailing spaces, where a marker is
    /// spaces, an optional `:`, dashes, an optional `:` and spaces.
    static func isDelimiterRow(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Bool {
        var position = from
        func skipSpaces() {
            while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
        }
        func marker() -> Bool {
            skipSpaces()
            if position < end, bytes[position] == UInt8(ascii: ":") { position += 1 }
            let dashes = position
            while position < end, bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position > dashes else { return false }
            if position < end, bytes[position] == UInt8(ascii: ":") { position += 1 }
            skipSpaces()
            return true
        }
        if position < end, bytes[position] == UInt8(ascii: "|") { position += 1 }
        guard marker() else { return false }
        while position < end, bytes[position] == UInt8(ascii: "|") {
            let save = position
            position += 1
            if !marker() {
                position = save
                break
            }
        }
        if position < end, bytes[position] == UInt8(ascii: "|") { position += 1 }
        skipSpaces()
        return position == end
    }

    /// A cell's text: `\|` unescaped to `|` and whitespace trimmed, as cmark-gfm gives it to
    /// the inline parser (so `\|` is a pipe even inside a code span).
    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "|") {
                index += 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return trimmed(result)
    }

    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { !ASCII.isSpace($0) }),
              let last = bytes.lastIndex(where: { !ASCII.isSpace($0) }) else { return [] }
        return Array(bytes[first...last])
    }

    /// Text up to the first pipe not preceded by a backslash (`(escaped_char|[^|\r\n])+`).
    private static func cell(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Int {
        var position = from
        while position < end {
            if bytes[position] == UInt8(ascii: "|") && (position == from || bytes[position - 1] != UInt8(ascii: "\\")) {
                break
            }
            position += 1
        }
        return position - from
    }

    /// A pipe and the spaces after it.
    private static func pipe(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Int {
        guard from < end, bytes[from] == UInt8(ascii: "|") else { return 0 }
        var position = from + 1
        while position < end, ASCII.isSpaceChar(bytes[position]) { position += 1 }
        return position - from
    }
}

/// A table found in the source, with its cell texts waiting for the inline parse.
struct PendingTable {
    struct Row {
        /// The texts of the cells written, pipes unescaped and trimmed: at most one per
        /// column, fewer in a short row (see ``MarkdownTable``).
        var cells: [[UInt8]]
        var line: Int
    }

    var alignments: [MarkdownTable.Alignment]
    var header: Row
    var rows: [Row]
    var position: SourcePosition
    /// Lines of the same paragraph before the header: cmark-gfm makes them a paragraph of
    /// their own, parsed as inlines only (so a link reference definition there is text).
    var paragraphBefore: (text: [UInt8], position: SourcePosition)?
    /// Containers around the table, which the inline parse of its cells must leave room for.
    var depth: Int
}

/// Finds the tables cmark-gfm would open in CommonMark paragraphs: the first line that is a
/// delimiter row (not lazy, not indented) under a line with as many cells, then rows until
/// a line that is lazy, not a row, or starts another block.
struct TableFinder {
    let lines: SourceLines
    let scanner: ContainerPrefixScanner
    let lineOffset: Int

    struct Found {
        var table: PendingTable
        /// Line indices the table (and the paragraph before it) takes.
        var lines: ClosedRange<Int>
        /// True when cmark's paragraph is exactly these lines, so the table can replace it
        /// in the tree; otherwise the lines become placeholders and the text is parsed again.
        var replacesParagraph: Bool
    }

    /// A stored line of cmark-gfm's paragraph: from the first non-space byte, or for a lazy
    /// line from where the matched containers end.
    private struct ParagraphLine {
        var start: Int
        var end: Int
        var firstNonspace: Int
        var indent: Int
        var isLazy: Bool
    }

    /// cmark-gfm's `MAX_AUTOCOMPLETED_CELLS` (since 0.29.0.gfm.7): once a table's short rows
    /// lack more cells than this, the next line is no row but starts a paragraph. Without it
    /// a header of n columns over n one-cell lines is n² cells of HTML (16,000 columns in a
    /// 96 KB post: 2.3 GB); with it a table renders at most this many cells it was not given.
    static let maximumAutocompletedCells = 0x80000

    func find(in block: MarkdownBlock, chain: ArraySlice<ContainerStep>) -> Found? {
        let first = block.position.startLine - lineOffset - 1
        let last = block.position.endLine - lineOffset - 1
        guard first >= 0, last < lines.count, last > first else { return nil }
        let isSetext: Bool
        switch block.kind {
        case .paragraph: isSetext = false
        case .heading: isSetext = true
        default: return nil
        }
        guard mayHoldTable(first...last) else { return nil }
        let bytes = lines.bytes
        var stored: [ParagraphLine] = []
        stored.reserveCapacity(last - first + 1)
        for index in first...last {
            if index == first {
                let start = lines.starts[index] + block.position.startColumn - 1
                stored.append(ParagraphLine(start: start, end: lines.ends[index], firstNonspace: start, indent: 0, isLazy: false))
                continue
            }
            let stripped = scanner.strip(chain, line: index)
            let nonspace = stripped.cursor.firstNonspace(bytes)
            let isLazy = stripped.matched < chain.count
            stored.append(ParagraphLine(start: isLazy ? stripped.cursor.offset : nonspace.offset, end: lines.ends[index],
                                        firstNonspace: nonspace.offset, indent: nonspace.indent, isLazy: isLazy))
        }
        if isSetext {
            // libcmark ends a setext heading on the line after its underline, so the
            // underline is found here: the first line of `=` or `-` that is not lazy.
            guard let underline = stored.indices.dropFirst().first(where: { index in
                let line = stored[index]
                return !line.isLazy && line.indent < 4 && Self.isSetextUnderline(bytes, line.firstNonspace, line.end)
            }) else { return nil }
            stored.removeSubrange((underline + 1)...)
        }
        // The delimiter row: a line after the first; for a setext heading not the underline.
        let lastContent = isSetext ? stored.count - 2 : stored.count - 1
        guard lastContent >= 1 else { return nil }
        for delimiter in 1...lastContent {
            let line = stored[delimiter]
            guard !line.isLazy, line.indent < 4,
                  TableRowScanner.isDelimiterRow(bytes, line.firstNonspace, line.end),
                  let markers = TableRowScanner.cells(bytes, line.firstNonspace, line.end),
                  let header = TableRowScanner.cells(bytes, stored[delimiter - 1].start, stored[delimiter - 1].end),
                  header.count == markers.count else { continue }
            var lastRow = delimiter
            var rowCells: [(cells: [Range<Int>], index: Int)] = []
            var autocompleted = 0
            while lastRow + 1 < stored.count, autocompleted <= Self.maximumAutocompletedCells {
                let candidate = stored[lastRow + 1]
                guard !candidate.isLazy, candidate.indent < 4, candidate.firstNonspace < candidate.end,
                      !BlockScanner.startsBlockInsideTable(bytes, candidate.firstNonspace, candidate.end),
                      let cells = TableRowScanner.cells(bytes, candidate.firstNonspace, candidate.end) else { break }
                lastRow += 1
                rowCells.append((cells, lastRow))
                autocompleted += max(0, header.count - cells.count)
            }
            let table = pending(header: header, headerIndex: delimiter - 1, markers: markers, rows: rowCells,
                                stored: stored, first: first, block: block, depth: chain.count)
            let startsWithBracket = delimiter > 1 && bytes[stored[0].start] == UInt8(ascii: "[")
            return Found(table: table, lines: first...(first + lastRow),
                         replacesParagraph: !isSetext && lastRow == stored.count - 1 && !startsWithBracket)
        }
        return nil
    }

    /// `=+` or `-+` and trailing spaces or tabs.
    private static func isSetextUnderline(_ bytes: [UInt8], _ from: Int, _ end: Int) -> Bool {
        guard from < end, bytes[from] == UInt8(ascii: "=") || bytes[from] == UInt8(ascii: "-") else { return false }
        var position = from
        while position < end, bytes[position] == bytes[from] { position += 1 }
        while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position == end
    }

    /// A delimiter row needs a `-` and a `|` or `:`; most paragraphs have neither pair.
    private func mayHoldTable(_ range: ClosedRange<Int>) -> Bool {
        var dash = false, pipeOrColon = false
        for byte in lines.bytes[lines.starts[range.lowerBound + 1]..<lines.ends[range.upperBound]] {
            if byte == UInt8(ascii: "-") { dash = true }
            if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":") { pipeOrColon = true }
            if dash && pipeOrColon { return true }
        }
        return false
    }

    private func pending(header: [Range<Int>], headerIndex: Int, markers: [Range<Int>],
                         rows: [(cells: [Range<Int>], index: Int)], stored: [ParagraphLine], first: Int,
                         block: MarkdownBlock, depth: Int) -> PendingTable {
        let bytes = lines.bytes
        let alignments = markers.map { range -> MarkdownTable.Alignment in
            let text = TableRowScanner.text(bytes, range)
            switch (text.first == UInt8(ascii: ":"), text.last == UInt8(ascii: ":")) {
            case (true, true): return .center
            case (true, false): return .left
            case (false, true): return .right
            case (false, false): return .none
            }
        }
        let columns = alignments.count
        func row(_ cells: [Range<Int>], index: Int) -> PendingTable.Row {
            PendingTable.Row(cells: cells.prefix(columns).map { TableRowScanner.text(bytes, $0) },
                             line: first + index + lineOffset + 1)
        }
        let lastIndex = rows.last?.index ?? headerIndex + 1
        let lastLine = first + lastIndex
        var table = PendingTable(
            alignments: alignments,
            header: row(header, index: headerIndex),
            rows: rows.map { row($0.cells, index: $0.index) },
            position: SourcePosition(
                startLine: first + headerIndex + lineOffset + 1,
                startColumn: stored[headerIndex].firstNonspace - lines.starts[first + headerIndex] + 1,
                endLine: lastLine + lineOffset + 1,
                endColumn: lines.ends[lastLine] - lines.starts[lastLine]),
            paragraphBefore: nil,
            depth: depth)
        if headerIndex > 0 {
            var text: [UInt8] = []
            for line in stored[0..<headerIndex] {
                text.append(contentsOf: bytes[line.start..<line.end])
                text.append(0x0A)
            }
            let unescaped = TableRowScanner.text(text, 0..<text.count)
            let end = first + headerIndex - 1
            table.paragraphBefore = (unescaped, SourcePosition(
                startLine: block.position.startLine, startColumn: block.position.startColumn,
                endLine: end + lineOffset + 1, endColumn: lines.ends[end] - lines.starts[end]))
        }
        return table
    }
}
