/// A container whose later lines repeat a prefix: a block quote's `>` or a list item's
/// indentation. A chain of them, outermost first, is what encloses a block.
struct ContainerStep {
    enum Kind {
        case blockQuote
        /// `firstChildLine` is the line index of the item's first block, if any: a blank
        /// line continues an item only once it has content.
        case item(firstChildLine: Int?)
    }

    let kind: Kind
    /// Line index where the container opens.
    let startLine: Int
    /// 1-based byte column of the `>` or the list marker.
    let startColumn: Int
}

/// Removes container prefixes from lines the way cmark's block parser matches them:
/// `check_open_blocks` for containers opened on an earlier line, `open_new_blocks` for
/// those opened on the line itself. Knows list items' content indentation, which cmark
/// keeps but does not expose, by reading each item's first line once.
final class ContainerPrefixScanner {
    let lines: SourceLines
    private var itemIndents: [Int: Int] = [:]

    init(lines: SourceLines) {
        self.lines = lines
    }

    struct Stripped {
        var cursor: LineCursor
        /// How many containers of the chain matched, from the outermost; fewer than the
        /// chain's length means a lazy continuation line (or the end of a container).
        var matched: Int
    }

    func strip(_ chain: ArraySlice<ContainerStep>, line: Int) -> Stripped {
        var cursor = lines.cursor(line)
        for (index, step) in zip(chain.indices, chain) {
            let ok = step.startLine == line
                ? open(step, &cursor)
                : continueContainer(step, chain[chain.startIndex...index], line: line, &cursor)
            if !ok { return Stripped(cursor: cursor, matched: index - chain.startIndex) }
        }
        return Stripped(cursor: cursor, matched: chain.count)
    }

    /// The prefix that continues every container of `chain` on a new line: `> ` for a
    /// quote, the content indentation (as spaces) for an item.
    func continuationPrefix(_ chain: ArraySlice<ContainerStep>) -> [UInt8] {
        var prefix: [UInt8] = []
        for index in chain.indices {
            switch chain[index].kind {
            case .blockQuote:
                prefix.append(contentsOf: "> ".utf8)
            case .item:
                let indent = itemIndent(chain[chain.startIndex...index])
                prefix.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            }
        }
        return prefix
    }

    private func open(_ step: ContainerStep, _ cursor: inout LineCursor) -> Bool {
        let bytes = lines.bytes
        let nonspace = cursor.firstNonspace(bytes)
        switch step.kind {
        case .blockQuote:
            guard nonspace.indent <= 3, cursor.peek(bytes, nonspace.offset) == UInt8(ascii: ">") else { return false }
            cursor.advance(to: nonspace.offset + 1, bytes)
            let next = cursor.peek(bytes, cursor.offset)
            if next == 0x20 || next == 0x09 { cursor.advance(1, columns: true, bytes) }
            return true
        case .item:
            guard let (_, length) = BlockScanner.listMarker(bytes, nonspace.offset, cursor.end) else { return false }
            let markerOffset = nonspace.indent
            cursor.advance(to: nonspace.offset + length, bytes)
            let saved = cursor
            var spaces = 0
            while cursor.column - saved.column <= 5 {
                let next = cursor.peek(bytes, cursor.offset)
                guard next == 0x20 || next == 0x09 else { break }
                cursor.advance(1, columns: true, bytes)
            }
            spaces = cursor.column - saved.column
            let padding: Int
            if spaces >= 5 || spaces < 1 || cursor.offset >= cursor.end {
                padding = length + 1
                cursor = saved
                if spaces > 0 { cursor.advance(1, columns: true, bytes) }
            } else {
                padding = length + spaces
            }
            itemIndents[key(step)] = markerOffset + padding
            return true
        }
    }

    private func continueContainer(_ step: ContainerStep, _ chain: ArraySlice<ContainerStep>,
                                   line: Int, _ cursor: inout LineCursor) -> Bool {
        let bytes = lines.bytes
        let nonspace = cursor.firstNonspace(bytes)
        switch step.kind {
        case .blockQuote:
            guard nonspace.indent <= 3, cursor.peek(bytes, nonspace.offset) == UInt8(ascii: ">") else { return false }
            cursor.advance(nonspace.indent + 1, columns: true, bytes)
            let next = cursor.peek(bytes, cursor.offset)
            if next == 0x20 || next == 0x09 { cursor.advance(1, columns: true, bytes) }
            return true
        case .item(let firstChildLine):
            let indent = itemIndent(chain)
            if nonspace.indent >= indent {
                cursor.advance(indent, columns: true, bytes)
                return true
            }
            if nonspace.isBlank, let firstChildLine, firstChildLine < line {
                cursor.advance(to: nonspace.offset, bytes)
                return true
            }
            return false
        }
    }

    /// The columns an item's continuation lines need: marker offset plus padding, read
    /// from its first line. `chain` ends with the item.
    private func itemIndent(_ chain: ArraySlice<ContainerStep>) -> Int {
        guard let item = chain.last else { return 0 }
        if let known = itemIndents[key(item)] { return known }
        _ = strip(chain, line: item.startLine)
        // A first line that does not read as an item (it always does for cmark's own
        // items) gets the narrowest indentation, so nothing is lost by the guess.
        let indent = itemIndents[key(item)] ?? 2
        itemIndents[key(item)] = indent
        return indent
    }

    private func key(_ step: ContainerStep) -> Int {
        lines.starts[step.startLine] + step.startColumn
    }
}
