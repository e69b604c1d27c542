/// Texts that cmark-gfm parses as inlines only (table cells, the paragraph a table
/// splits off), parsed by libcmark in one call: each text becomes its own paragraph,
/// behind a `(` so that no text can start a block (`# x`, `- x`, `[a]: /b`), and the
/// document's link reference definitions follow so that `[text][ref]` resolves.
struct InlineBatch {
    private(set) var texts: [[UInt8]] = []
    /// Source line of each text, for errors.
    private var lines: [Int] = []

    /// Adds a text and returns its id, the index of its result in ``parse(references:options:maximumNesting:)``.
    mutating func add(_ text: [UInt8], line: Int = 1) -> Int {
        texts.append(text)
        lines.append(line)
        return texts.count - 1
    }

    func parse(references: [UInt8], options: MarkdownOptions,
               maximumNesting: Int) throws(MarkdownNestingError) -> [[MarkdownInline]] {
        if let all = try parse(texts.indices, references: references, options: options, maximumNesting: maximumNesting) {
            return all
        }
        // The joined parse found a different number of paragraphs than texts; no known
        // input does that, but one text at a time cannot go wrong.
        var results: [[MarkdownInline]] = []
        for index in texts.indices {
            let single = try parse(index..<(index + 1), references: references, options: options,
                                   maximumNesting: maximumNesting)
            results.append(single?.first ?? [.text(String(decoding: texts[index], as: UTF8.self))])
        }
        return results
    }

    private func parse(_ range: Range<Int>, references: [UInt8], options: MarkdownOptions,
                       maximumNesting: Int) throws(MarkdownNestingError) -> [[MarkdownInline]]? {
        var source: [UInt8] = []
        source.reserveCapacity(range.reduce(references.count) { $0 + texts[$1].count + 3 })
        var paragraphLines: [(line: Int, request: Int)] = []
        var line = 1
        for index in range where !texts[index].isEmpty {
            paragraphLines.append((line, index))
            source.append(UInt8(ascii: "("))
            source.append(contentsOf: texts[index])
            source.append(contentsOf: [0x0A, 0x0A])
            line += 2 + texts[index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        guard !paragraphLines.isEmpty else { return range.map { _ in [] } }
        source.append(contentsOf: references)
        let blocks: [MarkdownBlock]
        do {
            blocks = try CmarkDocumentParser.parse(source, options: options, lineOffset: 0, maximumNesting: maximumNesting)
        } catch {
            let request = paragraphLines.last { $0.line <= error.line }?.request ?? range.lowerBound
            throw MarkdownNestingError(line: lines[request], limit: error.limit)
        }
        guard blocks.count >= paragraphLines.count else { return nil }
        var results = range.map { _ in [MarkdownInline]() }
        for (offset, entry) in paragraphLines.enumerated() {
            guard case .paragraph(var inlines) = blocks[offset].kind,
                  case .text(let first)? = inlines.first, first.hasPrefix("(") else { return nil }
            let rest = first.dropFirst()
            if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(String(rest)) }
            results[entry.request - range.lowerBound] = inlines
        }
        return results
    }
}

/// The text of the document's link reference definitions, for the inline batch: cmark
/// does not hand out its reference map, but every definition sits at the start of a
/// paragraph, so the paragraphs that start with `[` and the lines no block covers (a
/// paragraph that was only definitions) hold them all, in document order.
struct ReferenceDefinitionCollector {
    let lines: SourceLines
    let scanner: ContainerPrefixScanner
    let lineOffset: Int

    func collect(_ blocks: [MarkdownBlock]) -> [UInt8] {
        var output: [UInt8] = []
        var chain: [ContainerStep] = []
        collect(blocks, range: 0..<lines.count, chain: &chain, into: &output)
        return output
    }

    private func collect(_ blocks: [MarkdownBlock], range: Range<Int>, chain: inout [ContainerStep],
                         into output: inout [UInt8]) {
        var next = range.lowerBound
        var chunk: [UInt8] = []
        func flushChunk() {
            guard !chunk.isEmpty else { return }
            output.append(contentsOf: chunk)
            output.append(contentsOf: [0x0A, 0x0A])
            chunk.removeAll()
        }
        func addGap(upTo end: Int) {
            guard next < end else { return }
            for line in next..<end {
                let stripped = scanner.strip(chain[...], line: line)
                let nonspace = stripped.cursor.firstNonspace(lines.bytes)
                if nonspace.isBlank {
                    flushChunk()
                } else {
                    chunk.append(contentsOf: lines.bytes[nonspace.offset..<lines.ends[line]])
                    chunk.append(0x0A)
                }
            }
            flushChunk()
        }
        for block in flattenedLists(blocks) {
            let first = block.position.startLine - lineOffset - 1
            // libcmark ends a setext heading a line late, so blocks may overlap by a line.
            let last = min(block.position.endLine - lineOffset - 1, range.upperBound - 1)
            guard first >= range.lowerBound, first <= last else { continue }
            addGap(upTo: first)
            next = max(next, last + 1)
            switch block.kind {
            case .blockQuote(let children):
                chain.append(ContainerStep(kind: .blockQuote, startLine: first, startColumn: block.position.startColumn))
                collect(children, range: first..<(last + 1), chain: &chain, into: &output)
                chain.removeLast()
            case .item(let children):
                let firstChild = children.first.map { $0.position.startLine - lineOffset - 1 }
                chain.append(ContainerStep(kind: .item(firstChildLine: firstChild), startLine: first,
                                           startColumn: block.position.startColumn))
                collect(children, range: first..<(last + 1), chain: &chain, into: &output)
                chain.removeLast()
            case .paragraph, .heading:
                guard lines.bytes[lines.starts[first] + block.position.startColumn - 1] == UInt8(ascii: "[") else { continue }
                chunk.append(contentsOf: lines.bytes[(lines.starts[first] + block.position.startColumn - 1)..<lines.ends[first]])
                chunk.append(0x0A)
                if last > first {
                    for line in (first + 1)...last {
                        let stripped = scanner.strip(chain[...], line: line)
                        let nonspace = stripped.cursor.firstNonspace(lines.bytes)
                        chunk.append(contentsOf: lines.bytes[nonspace.offset..<lines.ends[line]])
                        chunk.append(0x0A)
                    }
                }
                flushChunk()
            default:
                continue
            }
        }
        addGap(upTo: range.upperBound)
    }

    /// A list's items in place of the list: a list adds no prefix of its own.
    private func flattenedLists(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        blocks.flatMap { block -> [MarkdownBlock] in
            if case .list(_, let items) = block.kind { return items }
            return [block]
        }
    }
}
