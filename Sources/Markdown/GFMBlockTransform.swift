/// Turns the final libcmark tree into the GFM tree: table placeholders and table
/// paragraphs into tables, rewritten footnote items into definitions, task items,
/// callouts. Returns `nil` for a sequence that does not change, so documents without
/// extension syntax keep their arrays.
struct BlockTransformer {
    /// The last parse's text; `nil` when no block extension looked at it (then there are
    /// no task markers for ``taskItem(_:children:line:)`` to find either).
    let lines: SourceLines?
    let lineOffset: Int
    let extensions: Set<MarkdownExtension>
    let footnoteLines: [Int: [FootnoteDefinitionLine]]
    /// Task items whose line was rewritten without the marker.
    let taskLines: [Int: TaskLineFinder.Found]
    /// Tables by the first line they (or the paragraph before them) take.
    let tables: [Int: MarkdownTableBuild]
    let placeholderLines: Set<Int>

    /// A table ready to insert, with the paragraph cmark-gfm splits off before it.
    struct MarkdownTableBuild {
        var paragraphBefore: MarkdownBlock?
        var table: MarkdownBlock
    }

    func transform(_ blocks: [MarkdownBlock]) -> [MarkdownBlock]? {
        var result: [MarkdownBlock]?
        for (position, block) in blocks.enumerated() {
            if let replacement = transform(block) {
                if result == nil { result = Array(blocks[..<position]) }
                result?.append(contentsOf: replacement)
            } else {
                result?.append(block)
            }
        }
        return result
    }

    /// The blocks that replace `block`, or `nil` to keep it.
    private func transform(_ block: MarkdownBlock) -> [MarkdownBlock]? {
        switch block.kind {
        case .htmlBlock where !placeholderLines.isEmpty && placeholderLines.contains(index(block.position.startLine)):
            guard let build = tables[index(block.position.startLine)] else { return [] }
            return (build.paragraphBefore.map { [$0] } ?? []) + [build.table]
        case .paragraph where !tables.isEmpty:
            guard let build = tables[index(block.position.startLine)] else { return nil }
            return (build.paragraphBefore.map { [$0] } ?? []) + [build.table]
        case .blockQuote(let children):
            let transformed = transform(children)
            if extensions.contains(.callouts), let (kind, content) = Callout.match(transformed ?? children) {
                return [MarkdownBlock(.callout(kind, content), position: block.position)]
            }
            return transformed.map { [block.replacingChildBlocks($0)] }
        case .list(let attributes, let items):
            return transformList(block, attributes: attributes, items: items)
        default:
            return nil
        }
    }

    /// Footnote items leave their list (the list goes when nothing else is left); other
    /// items may become task items. Builds new arrays only from the first change on.
    private func transformList(_ list: MarkdownBlock, attributes: ListAttributes, items: [MarkdownBlock]) -> [MarkdownBlock]? {
        var output: [MarkdownBlock] = []
        var remaining: [MarkdownBlock]?
        func flushList() {
            guard let items = remaining, !items.isEmpty else { return }
            output.append(MarkdownBlock(.list(attributes, items: items), position: list.position))
            remaining = []
        }
        for (position, item) in items.enumerated() {
            guard let replacement = transformItem(item) else {
                remaining?.append(item)
                continue
            }
            if remaining == nil { remaining = Array(items[..<position]) }
            if case .footnoteDefinition = replacement.kind {
                flushList()
                output.append(replacement)
            } else {
                remaining?.append(replacement)
            }
        }
        guard remaining != nil else { return nil }
        flushList()
        return output
    }

    /// A footnote definition, a task item or the item with its content transformed;
    /// `nil` when the item stays as it is.
    private func transformItem(_ item: MarkdownBlock) -> MarkdownBlock? {
        guard case .item(let children) = item.kind else { return nil }
        // Without block-level work (no `lines`) only callouts can be inside.
        guard lines != nil else { return transform(children).map { item.replacingChildBlocks($0) } }
        let line = index(item.position.startLine)
        if let definition = footnoteLines[line]?.first(where: { $0.markerColumn == item.position.startColumn }) {
            return footnoteDefinition(item, children: children, definition: definition, line: line)
        }
        let transformed = transform(children)
        let content = transformed ?? children
        if let task = taskLines[line] {
            let sourceLine = line + lineOffset + 1
            var shifted = task.columnShift == 0 ? content
                : content.map { shiftingColumns($0, onLine: sourceLine, by: task.columnShift) }
            if task.hasPlaceholder, let first = shifted.first, case .htmlBlock = first.kind,
               first.position.startLine == sourceLine {
                shifted.removeFirst()
            }
            return MarkdownBlock(.taskItem(checked: task.checked, shifted), position: item.position)
        }
        if extensions.contains(.tasklist), let (checked, taskContent) = taskItem(item, children: content, line: line) {
            return MarkdownBlock(.taskItem(checked: checked, taskContent), position: item.position)
        }
        return transformed.map { item.replacingChildBlocks($0) }
    }

    private func footnoteDefinition(_ item: MarkdownBlock, children: [MarkdownBlock],
                                    definition: FootnoteDefinitionLine, line: Int) -> MarkdownBlock {
        var blocks = transform(children) ?? children
        if !definition.hasContent, let first = blocks.first, case .htmlBlock = first.kind, index(first.position.startLine) == line {
            blocks.removeFirst()
        }
        let sourceLine = line + lineOffset + 1
        blocks = blocks.map { shiftingColumns($0, onLine: sourceLine, by: definition.columnShift) }
        var position = item.position
        position.startColumn = definition.originalColumn
        if position.endLine == sourceLine { position.endColumn += definition.columnShift }
        return MarkdownBlock(.footnoteDefinition(MarkdownFootnoteDefinition(
            label: definition.label, number: nil, referenceCount: 0, blocks: blocks)), position: position)
    }

    /// Moves the columns of blocks on the rewritten line back to where the source has them.
    private func shiftingColumns(_ block: MarkdownBlock, onLine line: Int, by shift: Int) -> MarkdownBlock {
        guard block.position.startLine <= line else { return block }
        var shifted = block.childBlocks.isEmpty
            ? block
            : block.replacingChildBlocks(block.childBlocks.map { shiftingColumns($0, onLine: line, by: shift) })
        if shifted.position.startLine == line { shifted.position.startColumn += shift }
        if shifted.position.endLine == line { shifted.position.endColumn += shift }
        return shifted
    }

    /// cmark-gfm's task item: the raw line (from its very first column) is a list marker,
    /// spaces, `[ ]`, `[x]` or `[X]` and a space or tab, and the item's paragraph starts at
    /// that bracket. Checked when `[x]` or `[X]` is anywhere on the line, as cmark-gfm tests.
    private func taskItem(_ item: MarkdownBlock, children: [MarkdownBlock], line: Int) -> (Bool, [MarkdownBlock])? {
        guard let lines, let paragraph = children.first, paragraph.position.startLine == item.position.startLine,
              line < lines.count else { return nil }
        let inlines: [MarkdownInline]
        switch paragraph.kind {
        case .paragraph(let content), .heading(_, let content): inlines = content
        default: return nil
        }
        let bytes = lines.bytes
        let start = lines.starts[line], end = lines.ends[line]
        guard let bracket = BlockScanner.taskListMarker(bytes, start, end),
              bracket == start + paragraph.position.startColumn - 1,
              let rest = TaskMarker.strip(inlines) else { return nil }
        var checked = false
        var position = start
        while position + 2 < end {
            if bytes[position] == UInt8(ascii: "["), bytes[position + 1] | 0x20 == UInt8(ascii: "x"),
               bytes[position + 2] == UInt8(ascii: "]") {
                checked = true
                break
            }
            position += 1
        }
        var content = Array(children.dropFirst())
        if case .heading(let level, _) = paragraph.kind {
            content.insert(MarkdownBlock(.heading(level: level, rest), position: paragraph.position), at: 0)
        } else if !rest.isEmpty {
            content.insert(MarkdownBlock(.paragraph(rest), position: paragraph.position), at: 0)
        }
        return (checked, content)
    }

    private func index(_ line: Int) -> Int { line - lineOffset - 1 }
}

/// GitHub alerts (`> [!NOTE]` alone on the quote's first line) and DocC asides
/// (`> Note: text`), both case-insensitive.
enum Callout {
    private static let github: [String: MarkdownCalloutKind] = [
        "[!note]": .note, "[!tip]": .tip, "[!important]": .important, "[!warning]": .warning, "[!caution]": .caution,
    ]
    private static let docc: [(prefix: String, kind: MarkdownCalloutKind)] = [
        ("note:", .note), ("important:", .important), ("warning:", .warning), ("tip:", .tip), ("experiment:", .experiment),
    ]

    /// The kind and the quote's blocks without the marker, when the quote is a callout.
    static func match(_ blocks: [MarkdownBlock]) -> (MarkdownCalloutKind, [MarkdownBlock])? {
        guard let first = blocks.first, case .paragraph(var inlines) = first.kind,
              case .text(let text)? = inlines.first,
              let lead = text.utf8.first, lead == UInt8(ascii: "[") || "nNiIwWtTeE".utf8.contains(lead) else { return nil }
        let kind: MarkdownCalloutKind
        let lowered = text.lowercased()
        if let alert = github[lowered], inlines.count == 1 || [.softBreak, .lineBreak].contains(inlines[1]) {
            kind = alert
            inlines.removeFirst(min(2, inlines.count))
        } else if let aside = docc.first(where: { lowered.hasPrefix($0.prefix) }) {
            kind = aside.kind
            let after = text.utf8.dropFirst(aside.prefix.utf8.count).drop { $0 == 0x20 || $0 == 0x09 }
            if after.isEmpty {
                inlines.removeFirst()
                if case .softBreak? = inlines.first { inlines.removeFirst() }
            } else {
                inlines[0] = .text(String(decoding: after, as: UTF8.self))
            }
        } else {
            return nil
        }
        var content = Array(blocks.dropFirst())
        if !inlines.isEmpty { content.insert(MarkdownBlock(.paragraph(inlines), position: first.position), at: 0) }
        return (kind, content)
    }
}
