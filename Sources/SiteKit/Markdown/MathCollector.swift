import Markdown

/// The formulas of one Markdown body, found in cmark's tree (so a ```` ```math ```` block in
/// a list or a quote counts, and one inside another code block does not), in document order.
///
/// It needs the body's text as well as the tree: in a `$$ … $$` paragraph cmark has already
/// taken TeX's backslashes as Markdown escapes (`\;` is text `;`), so the TeX is read from
/// the lines the paragraph was parsed from.
struct MathCollector: Sendable {
    var file: String
    private var lines: [Substring]
    private var firstLine: Int

    /// `body` and `firstLine` as given to ``PostBodyRenderer``, so block positions are file lines.
    init(file: String, body: String, firstLine: Int) {
        self.file = file
        self.lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        self.firstLine = firstLine
    }

    init(post: Post) {
        self.init(file: post.sourcePath, body: post.body, firstLine: post.bodyFirstLine)
    }

    func formulas(in document: MarkdownDocument) -> [MathFormula] {
        BlockWalk.leaves(of: document.blocks).compactMap(formula(of:))
    }

    /// The document with each formula's block replaced by its rendering (a custom block of
    /// verbatim HTML); blocks the rendering has no HTML for are kept.
    func replacingFormulas(in document: MarkdownDocument, with rendering: MathRendering) -> MarkdownDocument {
        var result = document
        result.blocks = BlockWalk.replacingLeaves(of: document.blocks) { block in
            guard let formula = formula(of: block), let html = rendering.html(for: formula) else { return nil }
            return MarkdownBlock(.customBlock(onEnter: html, onExit: "", children: []), position: block.position)
        }
        return result
    }

    func formula(of block: MarkdownBlock) -> MathFormula? {
        switch block.kind {
        case .codeBlock(let info, let literal) where MathFormula.isMathFence(info: info):
            return MathFormula(tex: MathFormula.tex(fromFence: literal), file: file, line: block.position.startLine)
        case .paragraph:
            return source(of: block.position).flatMap(MathFormula.tex(fromDisplayParagraph:)).map {
                MathFormula(tex: $0, file: file, line: block.position.startLine)
            }
        default:
            return nil
        }
    }

    /// A block's Markdown as written. Its later lines lose what its container put before
    /// them (a list item's indentation, a quote's `>`), up to the block's own column.
    private func source(of position: SourcePosition) -> String? {
        let first = position.startLine - firstLine, last = position.endLine - firstLine
        guard first >= 0, first <= last, last < lines.count else { return nil }
        let indentation = position.startColumn - 1
        return lines[first...last].enumerated().map { offset, line in
            let bytes = line.utf8
            let prefix = offset == 0 ? indentation : bytes.prefix(indentation).prefix { " \t>".utf8.contains($0) }.count
            return String(decoding: bytes.dropFirst(prefix), as: UTF8.self)
        }.joined(separator: "\n")
    }
}
