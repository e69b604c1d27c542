/// Footnote numbers, given as cmark-gfm gives them: definitions are collected in the
/// order they end (the first of two with one label counts), and each is numbered at its
/// first reference in document order, references inside definitions included, where the
/// definitions were written.
enum FootnoteNumbering {
    /// Case-folded label → the label of the definition that counts, and the positions of
    /// those definitions.
    static func definitionLabels(in blocks: [MarkdownBlock]) -> (labels: [String: String], winners: Set<SourcePosition>) {
        var labels: [String: String] = [:]
        var winners = Set<SourcePosition>()
        func visit(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                visit(block.childBlocks)
                guard case .footnoteDefinition(let definition) = block.kind else { continue }
                let folded = FootnoteLabel.fold(definition.label)
                if labels[folded] == nil {
                    labels[folded] = definition.label
                    winners.insert(block.position)
                }
            }
        }
        visit(blocks)
        return (labels, winners)
    }

    /// Runs the inline extensions over every paragraph, heading and table cell in document
    /// order; `nil` when nothing changed.
    static func applyInlineExtensions(_ walker: inout InlineExtensionWalker, to blocks: [MarkdownBlock],
                                      depth: Int) throws(MarkdownNestingError) -> [MarkdownBlock]? {
        try blocks.replacingElements { block throws(MarkdownNestingError) -> MarkdownBlock? in
            switch block.kind {
            case .paragraph, .heading:
                return try applyInlineExtensions(&walker, toLeaf: block, depth: depth)
            case .table(var table):
                var changed = false
                for row in -1..<table.rows.count {
                    var cells = row < 0 ? table.header.cells : table.rows[row].cells
                    let line = row < 0 ? table.header.line : table.rows[row].line
                    for column in cells.indices {
                        if let processed = try walker.process(subject: cells[column], depth: depth + 3, line: line) {
                            cells[column] = processed
                            changed = true
                        }
                    }
                    if row < 0 { table.header.cells = cells } else { table.rows[row].cells = cells }
                }
                return changed ? MarkdownBlock(.table(table), position: block.position) : nil
            default:
                let children = block.childBlocks
                guard !children.isEmpty,
                      let processed = try applyInlineExtensions(&walker, to: children, depth: depth + 1) else { return nil }
                return block.replacingChildBlocks(processed)
            }
        }
    }

    private static func applyInlineExtensions(_ walker: inout InlineExtensionWalker, toLeaf block: MarkdownBlock,
                                              depth: Int) throws(MarkdownNestingError) -> MarkdownBlock? {
        switch block.kind {
        case .paragraph(let inlines):
            return try walker.process(subject: inlines, depth: depth + 1, line: block.position.startLine)
                .map { MarkdownBlock(.paragraph($0), position: block.position) }
        case .heading(let level, let inlines):
            return try walker.process(subject: inlines, depth: depth + 1, line: block.position.startLine)
                .map { MarkdownBlock(.heading(level: level, $0), position: block.position) }
        default:
            return nil
        }
    }

    /// The definitions with their numbers and reference counts filled in.
    static func number(_ blocks: [MarkdownBlock], winners: Set<SourcePosition>, walker: InlineExtensionWalker) -> [MarkdownBlock]? {
        blocks.replacingElements { block -> MarkdownBlock? in
            let children = block.childBlocks
            let numberedChildren = children.isEmpty ? nil : number(children, winners: winners, walker: walker)
            guard case .footnoteDefinition(var definition) = block.kind else {
                return numberedChildren.map { block.replacingChildBlocks($0) }
            }
            if let numberedChildren { definition.blocks = numberedChildren }
            if winners.contains(block.position), let number = walker.numbers[definition.label] {
                definition.number = number
                definition.referenceCount = walker.referenceCounts[definition.label] ?? 0
            }
            return MarkdownBlock(.footnoteDefinition(definition), position: block.position)
        }
    }
}
