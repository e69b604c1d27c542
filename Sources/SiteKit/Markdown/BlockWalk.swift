import Markdown

/// Walks the blocks that hold no other blocks (code blocks, paragraphs, headings, tables, …)
/// in the order they are written, inside every container: lists and their items, task items,
/// quotes, callouts, footnote definitions (where they are written, not where the footnotes
/// section shows them) and custom blocks. A fence in a list item or a footnote counts.
package enum BlockWalk {
    package static func leaves(of blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        var leaves: [MarkdownBlock] = []
        forEachBlock(in: blocks) { block in
            if isLeaf(block) { leaves.append(block) }
        }
        return leaves
    }

    /// `blocks` with each leaf for which `replacement` returns a block replaced by it. The
    /// depth of the recursion is the document's nesting, which the parser caps (256).
    static func replacingLeaves(of blocks: [MarkdownBlock], _ replacement: (MarkdownBlock) -> MarkdownBlock?) -> [MarkdownBlock] {
        blocks.map { block in
            isLeaf(block) ? replacement(block) ?? block : block.replacingChildBlocks(replacingLeaves(of: block.childBlocks, replacement))
        }
    }

    /// A block that cannot hold blocks. An empty container (`>` alone, an empty list item) is
    /// no leaf: there is nothing in it to find.
    private static func isLeaf(_ block: MarkdownBlock) -> Bool {
        switch block.kind {
        case .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak, .table, .definitionTerm:
            true
        case .blockQuote, .list, .item, .customBlock, .taskItem, .footnoteDefinition, .callout, .directive, .attributed:
            false
        }
    }
}
