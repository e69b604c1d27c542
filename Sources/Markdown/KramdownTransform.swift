/// One `name="value"` of a kramdown attribute list, already checked against the
/// allow-list; the renderer escapes the value.
package struct MarkdownAttribute: Sendable, Hashable {
    package var name: String
    package var value: String
}

/// Applies what ``KramdownScanner`` found to the parsed blocks: attribute lists to the
/// block before them (and span lists to the image or link before them), nomarkdown
/// content as raw HTML or as code, and the bullet lists that stand for definition lists as
/// `<dl>`.
struct KramdownTransform {
    let scan: KramdownScanner.Scan
    let lineOffset: Int
    let allowRawHTML: Bool

    func transform(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        result.reserveCapacity(blocks.count)
        for block in blocks {
            let line = block.position.startLine - lineOffset - 1
            if case .htmlBlock(let html) = block.kind {
                if html.hasPrefix("<!--{:-->"), let attributes = scan.attributeLists[line] {
                    if scan.tableOfContents.contains(line), let previous = result.last, case .list = previous.kind {
                        // kramdown's `* TOC` marker: the theme's table of contents stands in for it.
                        result.removeLast()
                        continue
                    }
                    if let previous = result.popLast() {
                        let list = attributes.map { MarkdownAttribute(name: $0.name, value: $0.value) }
                        var position = previous.position
                        position.endLine = block.position.endLine
                        result.append(MarkdownBlock(.attributed(list, [previous]), position: position))
                    }
                    continue
                }
                if html.hasPrefix("<!--{::"), let raw = scan.rawBlocks[line] {
                    result.append(MarkdownBlock(allowRawHTML ? .htmlBlock(raw) : .codeBlock(info: "html", literal: raw), position: block.position))
                    continue
                }
            }
            if case .list(_, let items) = block.kind, scan.terms.contains(line) {
                result.append(definitionList(items, position: block.position))
                continue
            }
            result.append(spanAttributes(in: block))
        }
        return result
    }

    private func definitionList(_ items: [MarkdownBlock], position: SourcePosition) -> MarkdownBlock {
        let entries = items.map { item -> MarkdownBlock in
            let children = item.childBlocks
            if scan.terms.contains(item.position.startLine - lineOffset - 1) {
                let inlines = children.first.flatMap { child -> [MarkdownInline]? in
                    if case .paragraph(let inlines) = child.kind { return inlines }
                    return nil
                } ?? []
                return MarkdownBlock(.definitionTerm(inlines), position: item.position)
            }
            return MarkdownBlock(.customBlock(onEnter: "<dd>", onExit: "</dd>", children: children), position: item.position)
        }
        return MarkdownBlock(.customBlock(onEnter: "<dl>", onExit: "</dl>", children: entries), position: position)
    }

    /// `![a](b.png){:width="100%"}`: a text that starts with `{:…}` right after an image or
    /// link gives that image or link its attributes.
    private func spanAttributes(in block: MarkdownBlock) -> MarkdownBlock {
        guard case .paragraph(let inlines) = block.kind, inlines.count > 1 else { return block }
        var changed = false
        var result: [MarkdownInline] = []
        for inline in inlines {
            if case .text(let text) = inline, text.hasPrefix("{:"), !text.hasPrefix("{::"), let close = text.firstIndex(of: "}"),
               let previous = result.last {
                switch previous {
                case .image, .link:
                    var warnings: [MarkdownDirectiveProblem] = []
                    let list = KramdownScanner(lineOffset: lineOffset, allowRawHTML: allowRawHTML)
                        .attributes(String(text[text.index(text.startIndex, offsetBy: 2)..<close]), line: block.position.startLine - lineOffset - 1,
                                    column: block.position.startColumn, warnings: &warnings)
                    result[result.count - 1] = .attributed(list.map { MarkdownAttribute(name: $0.name, value: $0.value) }, [previous])
                    let rest = String(text[text.index(after: close)...])
                    if !rest.isEmpty { result.append(.text(rest)) }
                    changed = true
                    continue
                default:
                    break
                }
            }
            result.append(inline)
        }
        guard changed else { return block }
        return MarkdownBlock(.paragraph(result), position: block.position)
    }
}
