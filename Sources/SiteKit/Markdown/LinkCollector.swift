import Foundation
import Markdown

/// A link or image destination as written in a post, with where it was written.
struct WrittenLink: Sendable, Hashable {
    var url: String
    var location: SourceLocation
}

/// Lists the link and image destinations of a Markdown document, each placed at the
/// line and column where its URL is written.
///
/// cmark keeps no positions for inline nodes, so the URL is looked for in the source
/// lines of the block that holds it (repeats of one URL take successive occurrences);
/// a URL written differently from its parsed form (entities, backslash escapes, a
/// reference definition elsewhere) falls back to the start of its block.
struct LinkCollector {
    let lines: [Substring]
    /// The file line of `lines[0]`.
    let firstLine: Int

    init(body: String, firstLine: Int) {
        lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        self.firstLine = firstLine
    }

    func links(in document: MarkdownDocument) -> [WrittenLink] {
        var result: [WrittenLink] = []
        collect(document.blocks, into: &result)
        return result
    }

    private func collect(_ blocks: [MarkdownBlock], into result: inout [WrittenLink]) {
        for block in blocks {
            switch block.kind {
            case .blockQuote(let children), .item(let children), .customBlock(_, _, let children):
                collect(children, into: &result)
            case .list(_, let items):
                collect(items, into: &result)
            case .paragraph(let inlines), .heading(_, let inlines):
                var urls: [String] = []
                Self.destinations(in: inlines, into: &urls)
                var searchFrom: [String: (line: Int, column: Int)] = [:]
                for url in urls {
                    let location = locate(url, in: block.position, after: searchFrom[url])
                    searchFrom[url] = (location.line, location.column)
                    result.append(WrittenLink(url: url, location: location))
                }
            case .codeBlock, .htmlBlock, .thematicBreak:
                continue
            }
        }
    }

    private static func destinations(in inlines: [MarkdownInline], into urls: inout [String]) {
        for inline in inlines {
            switch inline {
            case .link(let url, _, let children), .image(let url, _, let children):
                urls.append(url)
                destinations(in: children, into: &urls)
            case .emphasis(let children), .strong(let children), .custom(_, _, let children):
                destinations(in: children, into: &urls)
            case .text, .softBreak, .lineBreak, .code, .html:
                continue
            }
        }
    }

    /// The first place `url` is written in the block's lines after `previous`.
    private func locate(_ url: String, in position: SourcePosition, after previous: (line: Int, column: Int)?) -> SourceLocation {
        let fallback = SourceLocation(line: position.startLine, column: position.startColumn)
        guard !url.isEmpty else { return fallback }
        let startLine = previous?.line ?? position.startLine
        guard startLine <= position.endLine else { return fallback }
        for fileLine in startLine...position.endLine {
            let index = fileLine - firstLine
            guard lines.indices.contains(index) else { break }
            var text = lines[index]
            var skipped = 0
            if let previous, fileLine == previous.line {
                skipped = previous.column
                text = Substring(text.unicodeScalars.dropFirst(skipped))
            }
            if let range = text.range(of: url) {
                let column = skipped + text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound) + 1
                return SourceLocation(line: fileLine, column: column)
            }
        }
        return fallback
    }
}
