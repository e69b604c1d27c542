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

    /// The blocks, and an error for each info string that does not parse: any block's, as
    /// the build reports it (``FenceProblems``), and a Swift block's snippet words.
    func blocks(of post: Post) -> (blocks: [SnippetBlock], diagnostics: [Diagnostic]) {
        let document: MarkdownDocument
        do {
            document = try PostBodyParser(settings: markdown).document(for: post.body, file: post.sourcePath, firstLine: post.bodyFirstLine)
        } catch {
            return ([], [error])
        }
        let fences = FenceProblems.fences(in: document.blocks, body: post.body, file: post.sourcePath, firstLine: post.bodyFirstLine)
        var blocks: [SnippetBlock] = []
        var diagnostics: [Diagnostic] = []
        let lines = post.body.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (block, read)) in fences.enumerated() {
            guard case .codeBlock(let info, let literal) = block.kind else { continue }
            let fence: FenceInfo
            switch read {
            case .failure(let problem): diagnostics.append(problem); continue
            case .success(let found): fence = found
            }
            guard fence.language == "swift" else { continue }
            do {
                let attributes = try SnippetAttributes.parse(fence)
                let next = fences.indices.contains(index + 1) ? fences[index + 1] : nil
                let output: String? = next.flatMap {
                    guard case .codeBlock(let nextInfo, let nextLiteral) = $0.block.kind, FenceInfo.language(of: nextInfo) == "output" else { return nil }
                    return nextLiteral
                }
                blocks.append(SnippetBlock(file: post.sourcePath, fenceLine: block.position.startLine,
                                           indentation: block.position.startColumn - 1, info: info, code: literal,
                                           attributes: attributes, expectedOutput: output))
            } catch {
                let infoStart = FenceProblems.infoColumn(block: block, info: info, lines: lines, firstLine: post.bodyFirstLine)
                diagnostics.append(.error(post.sourcePath, SourceLocation(line: block.position.startLine, column: infoStart + error.offset + 1),
                                          error.message))
            }
        }
        return (blocks, diagnostics)
    }

    /// The info string's language is `swift`.
    static func isSwift(_ info: String) -> Bool { FenceInfo.language(of: info) == "swift" }
}
