/// Plain text of inline content, by the rule cmark uses for image alt text:
/// text, code spans and raw inline HTML contribute their literal, line breaks
/// become a single space, and every other node contributes its children.
/// Nothing is escaped. Used for heading ids, summaries and alt text.
package func plainText(of inlines: [MarkdownInline]) -> String {
    var result = ""
    appendPlainText(of: inlines, to: &result)
    return result
}

/// Plain text of one inline node; see ``plainText(of:)-([MarkdownInline])``.
package func plainText(of inline: MarkdownInline) -> String {
    plainText(of: [inline])
}

/// Plain text of a block, for summaries and search indexes.
///
/// Paragraphs and headings contribute their inline plain text, code blocks
/// their literal without the final newline; raw HTML blocks and thematic
/// breaks contribute nothing because they are markup, not prose. A table gives a
/// line per row, its cells separated by a tab; a footnote definition its
/// content where it is written, when it is rendered (referenced); a callout its
/// content without the label. Separate blocks are joined with a single `\n`.
package func plainText(of block: MarkdownBlock) -> String {
    plainText(of: [block])
}

/// Plain text of a sequence of blocks, e.g. `plainText(of: document.blocks)`;
/// see ``plainText(of:)-(MarkdownBlock)``.
package func plainText(of blocks: [MarkdownBlock]) -> String {
    var pieces: [String] = []
    collectPlainText(of: blocks, into: &pieces)
    return pieces.joined(separator: "\n")
}

private func appendPlainText(of inlines: [MarkdownInline], to result: inout String) {
    for inline in inlines {
        switch inline {
        case .text(let literal), .code(let literal), .html(let literal):
            result += literal
        case .softBreak, .lineBreak:
            result += " "
        case .custom(_, _, let children), .emphasis(let children), .strong(let children),
             .link(_, _, let children), .image(_, _, let children), .strikethrough(let children), .attributed(_, let children):
            appendPlainText(of: children, to: &result)
        case .footnoteReference:
            // The number is a link mark, not prose.
            continue
        }
    }
}

private func collectPlainText(of blocks: [MarkdownBlock], into pieces: inout [String]) {
    for block in blocks {
        switch block.kind {
        case .blockQuote(let children), .list(_, let children), .item(let children),
             .customBlock(_, _, let children), .taskItem(_, let children), .callout(_, let children):
            collectPlainText(of: children, into: &pieces)
        case .directive(let directive):
            collectPlainText(of: directive.children, into: &pieces)
        case .attributed(_, let children):
            collectPlainText(of: children, into: &pieces)
        case .definitionTerm(let inlines):
            let text = plainText(of: inlines)
            if !text.isEmpty { pieces.append(text) }
        case .footnoteDefinition(let definition):
            if definition.number != nil { collectPlainText(of: definition.blocks, into: &pieces) }
        case .table(let table):
            for row in [table.header] + table.rows {
                // A tab between cells, the empty ones a short row lacks included.
                let missing = String(repeating: "\t", count: max(0, table.alignments.count - row.cells.count))
                let text = row.cells.map { plainText(of: $0) }.joined(separator: "\t") + missing
                if !text.isEmpty { pieces.append(text) }
            }
        case .paragraph(let inlines), .heading(_, let inlines):
            let text = plainText(of: inlines)
            if !text.isEmpty { pieces.append(text) }
        case .codeBlock(_, let literal):
            // dropLast works on Characters, so a final "\r\n" goes as a whole.
            var text = Substring(literal)
            if text.last?.isNewline == true { text = text.dropLast() }
            if !text.isEmpty { pieces.append(String(text)) }
        case .htmlBlock, .thematicBreak:
            break
        }
    }
}
