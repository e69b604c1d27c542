import Markdown
import SiteKit
import Support

/// Finds the Swift blocks of a post in cmark's syntax tree (so a fence inside a list or a
/// quote counts, and a fence inside another code block does not), in document order.
struct SnippetExtractor: Sendable {
    var markdown: SiteConfig.MarkdownSettings

    init(markdown: SiteConfig.MarkdownSettings) {
        self.markdown = markdown
    }

    /// The blocks, and an error for each info string that does not parse.
    func blocks(of post: Post) -> (blocks: [SnippetBlock], diagnostics: [Diagnostic]) {
        let document: MarkdownDocument
        do {
            document = try PostBodyParser(settings: markdown).document(for: post.body, file: post.sourcePath, firstLine: post.bodyFirstLine)
        } catch {
            return ([], [error])
        }
        let codeBlocks = BlockWalk.leaves(of: document.blocks).compactMap { block -> (info: String, literal: String, position: SourcePosition)? in
            guard case .codeBlock(let info, let literal) = block.kind else { return nil }
            return (info, literal, block.position)
        }
        var blocks: [SnippetBlock] = []
        var diagnostics: [Diagnostic] = []
        let lines = post.body.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, block) in codeBlocks.enumerated() where Self.isSwift(block.info) {
            let fenceText = lines.indices.contains(block.position.startLine - post.bodyFirstLine)
                ? String(lines[block.position.startLine - post.bodyFirstLine]) : ""
            do {
                let attributes = try SnippetAttributes.parse(block.info)
                let next = codeBlocks.indices.contains(index + 1) ? codeBlocks[index + 1] : nil
                let output = next.flatMap { InfoString.language($0.info) == "output" ? $0.literal : nil }
                blocks.append(SnippetBlock(file: post.sourcePath, fenceLine: block.position.startLine,
                                           indentation: block.position.startColumn - 1, info: block.info, code: block.literal,
                                           attributes: attributes, expectedOutput: output))
            } catch {
                let infoStart = fenceText.range(of: block.info).map { fenceText.unicodeScalars.distance(from: fenceText.startIndex, to: $0.lowerBound) } ?? 0
                diagnostics.append(.error(post.sourcePath, SourceLocation(line: block.position.startLine, column: infoStart + error.offset + 1),
                                          error.message))
            }
        }
        return (blocks, diagnostics)
    }

    /// The info string's first word is `swift`.
    static func isSwift(_ info: String) -> Bool { InfoString.language(info) == "swift" }
}
