/// A footnote definition's first line, rewritten for libcmark.
///
/// cmark-gfm parses `[^label]:` as a container whose content starts after the colon and
/// whose later lines need four columns of indentation (or are lazy continuations) — which
/// is exactly a list item with a four-column marker such as `-   `. So the marker is
/// rewritten into one (`[^1]: text` → `-   text`), libcmark parses the body in place with
/// the document's link definitions, and the item becomes the definition. Rewritten
/// libcmark would instead read `[^1]: https://x` as a link reference definition.
struct FootnoteDefinitionLine {
    let label: String
    /// 1-based byte column of the `[` before this rewrite.
    let originalColumn: Int
    /// 1-based byte column of the list marker in the rewritten line.
    let markerColumn: Int
    /// Added to the columns of blocks on this line inside the definition to give their
    /// columns before this rewrite (a nested definition's rewrite comes on top of its
    /// parent's, so shifts add up from the inside out).
    let columnShift: Int
    /// False for `[^1]:` with nothing after it; the rewrite then puts `<!---->` there so
    /// the item is not empty (an empty item ends at a blank line; a definition does not).
    let hasContent: Bool
}

struct FootnoteDefinitionFinder {
    let lines: SourceLines
    let scanner: ContainerPrefixScanner
    let lineOffset: Int
    let markers: FootnoteMarkers

    struct Found {
        let line: Int
        let definition: FootnoteDefinitionLine
        let replacement: [UInt8]
    }

    /// Definitions in this parse that are not yet rewritten: not in code or raw HTML,
    /// `[^label]:` where a block can start after the containers that continue there. A
    /// line rewritten before can hold another one (`[^1]: [^2]: text` nests the second in
    /// the first); each round finds the next.
    /// `excluded` lines are task items rewritten without their marker: cmark-gfm reads
    /// the rest as a paragraph, never as a definition.
    func find(in blocks: [MarkdownBlock], excluding excluded: Set<Int>) -> [Found] {
        var found: [Found] = []
        // Containers a definition found in this round closes (libcmark kept them open,
        // reading the definition as a lazy line): lines inside them wait for the next
        // round's parse.
        var closed = Set<Int>()
        for line in candidateLines() where !excluded.contains(line) {
            guard let chain = containers(of: line, in: blocks),
                  !chain.contains(where: { closed.contains(key($0)) }) else { continue }
            let stripped = scanner.strip(chain[...], line: line)
            let nonspace = stripped.cursor.firstNonspace(lines.bytes)
            guard nonspace.indent < 4,
                  let marker = BlockScanner.footnoteDefinition(lines.bytes, nonspace.offset, lines.ends[line]) else { continue }
            for step in chain[stripped.matched...] { closed.insert(key(step)) }
            let lineStart = lines.starts[line]
            let prefix: [UInt8]
            let matched = chain[..<stripped.matched]
            if stripped.cursor.partiallyConsumedTab && matched.allSatisfy({ $0.startLine < line }) {
                prefix = scanner.continuationPrefix(matched)
            } else {
                prefix = Array(lines.bytes[lineStart..<stripped.cursor.offset])
            }
            let content = lines.bytes[marker.contentStart..<lines.ends[line]]
            let listMarker = markers.marker(for: content, line: line)
            var replacement = prefix + listMarker
            replacement.append(contentsOf: content.isEmpty ? Array("<!---->".utf8) : Array(content))
            let definition = FootnoteDefinitionLine(
                label: String(decoding: lines.bytes[marker.label], as: UTF8.self),
                originalColumn: nonspace.offset - lineStart + 1,
                markerColumn: prefix.count + 1,
                columnShift: (marker.contentStart - lineStart) - (prefix.count + listMarker.count),
                hasContent: !content.isEmpty)
            found.append(Found(line: line, definition: definition, replacement: replacement))
        }
        return found
    }

    /// Lines with `[^` and a later `]:`.
    private func candidateLines() -> [Int] {
        var result: [Int] = []
        let bytes = lines.bytes
        for line in 0..<lines.count {
            let end = lines.ends[line]
            var index = lines.starts[line]
            var opening = false
            while index + 1 < end {
                if !opening {
                    if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") { opening = true }
                } else if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: ":") {
                    result.append(line)
                    break
                }
                index += 1
            }
        }
        return result
    }

    /// The containers open at `line` in this parse, outermost first; `nil` inside a code
    /// block or raw HTML, where nothing starts.
    private func containers(of line: Int, in blocks: [MarkdownBlock]) -> [ContainerStep]? {
        var chain: [ContainerStep] = []
        var level = blocks
        while let block = containing(line, level) {
            switch block.kind {
            case .blockQuote(let children):
                chain.append(ContainerStep(kind: .blockQuote, startLine: index(block.position.startLine),
                                           startColumn: block.position.startColumn))
                level = children
            case .list(_, let items):
                guard let item = containing(line, items), case .item(let children) = item.kind else { return chain }
                chain.append(ContainerStep(kind: .item(firstChildLine: children.first.map { index($0.position.startLine) }),
                                           startLine: index(item.position.startLine), startColumn: item.position.startColumn))
                level = children
            case .codeBlock, .htmlBlock:
                return nil
            default:
                return chain
            }
        }
        return chain
    }

    private func containing(_ line: Int, _ blocks: [MarkdownBlock]) -> MarkdownBlock? {
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if index(blocks[middle].position.startLine) <= line { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let block = blocks[low - 1]
        return index(block.position.endLine) >= line ? block : nil
    }

    private func index(_ line: Int) -> Int { line - lineOffset - 1 }

    private func key(_ step: ContainerStep) -> Int { lines.starts[step.startLine] + step.startColumn }
}

/// The list marker a rewritten definition gets: one whose kind no list in the document
/// uses, so the definition's item never joins (or loosens, or renumbers) a real list.
struct FootnoteMarkers {
    private static let candidates: [(marker: [UInt8], kind: BlockScanner.ListMarker)] = [
        (Array("-   ".utf8), .bullet(UInt8(ascii: "-"))),
        (Array("*   ".utf8), .bullet(UInt8(ascii: "*"))),
        (Array("+   ".utf8), .bullet(UInt8(ascii: "+"))),
        (Array("1.  ".utf8), .ordered(UInt8(ascii: "."))),
        (Array("1)  ".utf8), .ordered(UInt8(ascii: ")"))),
    ]

    private let lines: SourceLines
    private let usedKinds: Set<BlockScanner.ListMarker>

    init(lines: SourceLines) {
        self.lines = lines
        usedKinds = Self.kinds(in: lines, 0..<lines.count)
    }

    func marker(for content: ArraySlice<UInt8>, line: Int) -> [UInt8] {
        var used = usedKinds
        if Self.candidates.allSatisfy({ used.contains($0.kind) }) {
            // Every kind appears somewhere: only lists near the definition can meet it.
            used = Self.kinds(in: lines, max(0, line - 200)..<min(lines.count, line + 201))
        }
        for candidate in Self.candidates where !used.contains(candidate.kind) {
            // `*   * *` would be a thematic break, not an item.
            if case .bullet(let character) = candidate.kind, !content.isEmpty,
               content.allSatisfy({ $0 == character || $0 == 0x20 || $0 == 0x09 }) { continue }
            return candidate.marker
        }
        return Self.candidates[3].marker
    }

    /// Kinds of list marker at line starts, after quote markers and outer list markers.
    private static func kinds(in lines: SourceLines, _ range: Range<Int>) -> Set<BlockScanner.ListMarker> {
        var kinds = Set<BlockScanner.ListMarker>()
        let bytes = lines.bytes
        for line in range {
            var position = lines.starts[line]
            let end = lines.ends[line]
            while true {
                while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == UInt8(ascii: ">") {
                    position += 1
                }
                guard let (kind, length) = BlockScanner.listMarker(bytes, position, end) else { break }
                kinds.insert(kind)
                position += length
            }
        }
        return kinds
    }
}
