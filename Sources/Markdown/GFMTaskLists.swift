/// Task item lines, rewritten without the marker: cmark-gfm takes `[ ]` off the line when
/// it opens the item, and what follows starts a paragraph of its own (which can be a
/// link reference definition, a table's header, or nothing at all, leaving an item that
/// starts blank and so ends at a blank line). libcmark would read `[ ] …` as one
/// paragraph, so the line becomes `- …` and the item is marked as a task afterwards.
/// Text that would start another block after a bare `- ` (`- [ ] # x` is a paragraph in
/// cmark-gfm) keeps its marker and is handled on libcmark's tree (see ``TaskMarker``).
struct TaskLineFinder {
    let lines: SourceLines
    let lineOffset: Int

    struct Found {
        let line: Int
        let replacement: [UInt8]
        let checked: Bool
        /// Added to the columns of blocks on the rewritten line.
        let columnShift: Int
        /// The empty first item of a list that interrupts a paragraph gets `<!---->` for
        /// content (a bare `-` there would underline the paragraph), dropped afterwards.
        let hasPlaceholder: Bool
    }

    /// Items that are rewritten footnote definitions are not tasks (their line starts
    /// with `[^`, which cmark-gfm's task scanner does not take).
    let footnoteLines: [Int: [FootnoteDefinitionLine]]

    func find(in blocks: [MarkdownBlock]) -> [Found] {
        var found: [Found] = []
        forEachBlock(in: blocks) { list in
            guard case .list(_, let items) = list.kind else { return }
            for (position, item) in items.enumerated() {
                let line = item.position.startLine - lineOffset - 1
                guard line >= 0, line < lines.count,
                      footnoteLines[line]?.contains(where: { $0.markerColumn == item.position.startColumn }) != true,
                      let task = rewrite(item, line: line, isFirst: position == 0) else { continue }
                found.append(task)
            }
        }
        return found
    }

    private func rewrite(_ item: MarkdownBlock, line: Int, isFirst: Bool) -> Found? {
        guard case .item(let children) = item.kind, let first = children.first,
              first.position.startLine == item.position.startLine else { return nil }
        switch first.kind {
        case .paragraph, .heading: break
        default: return nil
        }
        let start = lines.starts[line], end = lines.ends[line]
        let bytes = lines.bytes
        guard let bracket = BlockScanner.taskListMarker(bytes, start, end),
              bracket == start + first.position.startColumn - 1 else { return nil }
        var content = bracket + 3
        while content < end, bytes[content] == 0x20 || bytes[content] == 0x09 { content += 1 }
        var checked = false
        for index in start..<max(start, end - 2) where bytes[index] == UInt8(ascii: "[")
            && bytes[index + 1] | 0x20 == UInt8(ascii: "x") && bytes[index + 2] == UInt8(ascii: "]") {
            checked = true
            break
        }
        if content == end {
            var replacement = Array(bytes[start..<bracket])
            if isFirst && line > 0 && !isBlank(line - 1) {
                return Found(line: line, replacement: replacement + Array("<!---->".utf8), checked: checked,
                             columnShift: 0, hasPlaceholder: true)
            }
            while let last = replacement.last, last == 0x20 || last == 0x09 { replacement.removeLast() }
            return Found(line: line, replacement: replacement, checked: checked, columnShift: 0, hasPlaceholder: false)
        }
        guard !BlockScanner.startsBlockInsideTable(bytes, content, end) else { return nil }
        return Found(line: line, replacement: Array(bytes[start..<bracket]) + Array(bytes[content..<end]),
                     checked: checked, columnShift: content - bracket, hasPlaceholder: false)
    }

    private func isBlank(_ line: Int) -> Bool {
        lines.content(line).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
    }
}

/// Removing a task marker from the inlines libcmark made of the item's paragraph.
enum TaskMarker {
    /// The inlines after `[ ]`/`[x]` and the whitespace after it; `nil` when they do not
    /// start with the marker. `[x]` is a link when a definition `[x]: …` exists.
    static func strip(_ inlines: [MarkdownInline]) -> [MarkdownInline]? {
        var rest = inlines
        switch rest.first {
        case .text(let text)?:
            let utf8 = Array(text.utf8.prefix(3))
            guard utf8.count == 3, utf8[0] == UInt8(ascii: "["), utf8[2] == UInt8(ascii: "]"),
                  utf8[1] == 0x20 || utf8[1] | 0x20 == UInt8(ascii: "x") else { return nil }
            let after = text.utf8.dropFirst(3).drop { $0 == 0x20 || $0 == 0x09 }
            if after.isEmpty { rest.removeFirst() } else { rest[0] = .text(String(decoding: after, as: UTF8.self)) }
        case .link(_, _, let children)? where children == [.text("x")] || children == [.text("X")]:
            rest.removeFirst()
            if case .text(let text)? = rest.first {
                let after = text.utf8.drop { $0 == 0x20 || $0 == 0x09 }
                if after.isEmpty { rest.removeFirst() } else { rest[0] = .text(String(decoding: after, as: UTF8.self)) }
            }
        default:
            return nil
        }
        if case .softBreak? = rest.first { rest.removeFirst() }
        return rest
    }
}

