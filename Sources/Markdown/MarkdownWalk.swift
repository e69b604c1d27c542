extension MarkdownBlock {
    /// The blocks directly inside this one: a quote's, list's, item's, task item's,
    /// footnote definition's, callout's or custom block's children. Empty for leaves,
    /// and for tables, whose cells hold inlines (see ``inlineSequences``).
    package var childBlocks: [MarkdownBlock] {
        switch kind {
        case .blockQuote(let children), .item(let children), .list(_, items: let children),
             .customBlock(_, _, let children), .taskItem(_, let children), .callout(_, let children):
            children
        case .footnoteDefinition(let definition):
            definition.blocks
        case .directive(let directive):
            directive.children
        case .attributed(_, let children):
            children
        case .definitionTerm:
            []
        case .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak, .table:
            []
        }
    }

    /// This block with `children` in place of ``childBlocks``; a leaf is returned as it is.
    package func replacingChildBlocks(_ children: [MarkdownBlock]) -> MarkdownBlock {
        var block = self
        switch kind {
        case .blockQuote: block.kind = .blockQuote(children)
        case .item: block.kind = .item(children)
        case .list(let attributes, _): block.kind = .list(attributes, items: children)
        case .customBlock(let onEnter, let onExit, _):
            block.kind = .customBlock(onEnter: onEnter, onExit: onExit, children: children)
        case .taskItem(let checked, _): block.kind = .taskItem(checked: checked, children)
        case .callout(let calloutKind, _): block.kind = .callout(calloutKind, children)
        case .footnoteDefinition(var definition):
            definition.blocks = children
            block.kind = .footnoteDefinition(definition)
        case .directive(var directive):
            directive.children = children
            block.kind = .directive(directive)
        case .attributed(let attributes, _):
            block.kind = .attributed(attributes, children)
        case .definitionTerm:
            break
        case .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak, .table:
            break
        }
        return block
    }

    /// The inline sequences this block holds: a paragraph's or heading's content, a
    /// table's cells row by row (header first). Empty for other blocks.
    package var inlineSequences: [[MarkdownInline]] {
        switch kind {
        case .paragraph(let inlines), .heading(_, let inlines), .definitionTerm(let inlines):
            [inlines]
        case .table(let table):
            ([table.header] + table.rows).flatMap(\.cells)
        default:
            []
        }
    }
}

extension MarkdownInline {
    /// The inlines directly inside this one (emphasis, strong, strikethrough, link and
    /// image text, custom inlines); empty for the rest.
    var children: [MarkdownInline] {
        switch self {
        case .emphasis(let children), .strong(let children), .strikethrough(let children),
             .link(_, _, let children), .image(_, _, let children), .custom(_, _, let children), .attributed(_, let children):
            children
        case .text, .softBreak, .lineBreak, .code, .html, .footnoteReference:
            []
        }
    }
}

/// Calls `body` with every block of `blocks` and every block inside them, in document
/// order (a block before its children). Walks with an explicit stack, so depth costs no
/// call stack: code blocks in list items, footnotes and callouts are all reached.
package func forEachBlock(in blocks: [MarkdownBlock], _ body: (MarkdownBlock) throws -> Void) rethrows {
    var stack: [(blocks: [MarkdownBlock], next: Int)] = [(blocks, 0)]
    while let top = stack.last {
        guard top.next < top.blocks.count else {
            stack.removeLast()
            continue
        }
        let block = top.blocks[top.next]
        stack[stack.count - 1].next += 1
        try body(block)
        let children = block.childBlocks
        if !children.isEmpty { stack.append((children, 0)) }
    }
}

extension MarkdownDocument {
    /// The footnote definitions that are rendered (those with a number), in number order,
    /// wherever they were written (nested in quotes or lists too).
    package var footnoteDefinitions: [MarkdownFootnoteDefinition] {
        var definitions: [MarkdownFootnoteDefinition] = []
        forEachBlock(in: blocks) { block in
            if case .footnoteDefinition(let definition) = block.kind, definition.number != nil {
                definitions.append(definition)
            }
        }
        return definitions.sorted { ($0.number ?? 0) < ($1.number ?? 0) }
    }
}

extension Array {
    /// The array with each element that `transform` replaces replaced; `nil`, without
    /// copying anything, when it replaces none (most trees have nothing to change).
    func replacingElements<E: Error>(_ transform: (Element) throws(E) -> Element?) throws(E) -> [Element]? {
        var result: [Element]?
        for (index, element) in enumerated() {
            if let replacement = try transform(element) {
                if result == nil { result = Array(self[..<index]) }
                result?.append(replacement)
            } else {
                result?.append(element)
            }
        }
        return result
    }
}
