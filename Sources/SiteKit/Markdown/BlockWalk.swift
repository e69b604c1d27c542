import Markdown

/// Walks the blocks that hold no other blocks (code blocks, paragraphs, headings, …) in
/// document order, inside lists, quotes and custom blocks too: a fence in a list item counts.
package enum BlockWalk {
    package static func leaves(of blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        blocks.flatMap { block in children(of: block).map { leaves(of: $0) } ?? [block] }
    }

    /// `blocks` with each leaf for which `replacement` returns a block replaced by it.
    static func replacingLeaves(of blocks: [MarkdownBlock], _ replacement: (MarkdownBlock) -> MarkdownBlock?) -> [MarkdownBlock] {
        blocks.map { block in
            var block = block
            switch block.kind {
            case .blockQuote(let children):
                block.kind = .blockQuote(replacingLeaves(of: children, replacement))
            case .list(let attributes, let items):
                block.kind = .list(attributes, items: replacingLeaves(of: items, replacement))
            case .item(let children):
                block.kind = .item(replacingLeaves(of: children, replacement))
            case .customBlock(let onEnter, let onExit, let children):
                block.kind = .customBlock(onEnter: onEnter, onExit: onExit, children: replacingLeaves(of: children, replacement))
            default:
                return replacement(block) ?? block
            }
            return block
        }
    }

    private static func children(of block: MarkdownBlock) -> [MarkdownBlock]? {
        switch block.kind {
        case .blockQuote(let children), .item(let children), .list(_, items: let children), .customBlock(_, _, let children):
            children
        default:
            nil
        }
    }
}
