import Foundation
import Markdown
import Support

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
    let body: String
    /// The file line of the body's first line.
    let firstLine: Int

    init(body: String, firstLine: Int) {
        self.body = body
        self.firstLine = firstLine
    }

    func links(in document: MarkdownDocument) -> [WrittenLink] {
        var found: [(urls: [String], position: SourcePosition)] = []
        Self.collect(document.blocks, into: &found)
        guard !found.isEmpty else { return [] }
        var body = self.body
        return body.withUTF8 { text in
            // Where each line starts, found once; a line is then a slice of the body, never a
            // copy (copying every line of every body was a tenth of a build).
            var lineStarts = [0]
            var offset = 0
            while let base = text.baseAddress, offset < text.count,
                  let newline = memchr(base + offset, Int32(UInt8(ascii: "\n")), text.count - offset) {
                offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(newline)) + 1
                lineStarts.append(offset)
            }
            var result: [WrittenLink] = []
            for (urls, position) in found {
                var searchFrom: [String: (line: Int, column: Int)] = [:]
                for url in urls {
                    let location = locate(url, in: position, text: text, lineStarts: lineStarts, after: searchFrom[url])
                    searchFrom[url] = (location.line, location.column)
                    result.append(WrittenLink(url: url, location: location))
                }
            }
            return result
        }
    }

    /// The destinations of each paragraph and heading that has links, with its position.
    private static func collect(_ blocks: [MarkdownBlock], into found: inout [(urls: [String], position: SourcePosition)]) {
        for block in blocks {
            switch block.kind {
            case .blockQuote(let children), .item(let children), .customBlock(_, _, let children),
                 .taskItem(_, let children), .callout(_, let children):
                collect(children, into: &found)
            case .footnoteDefinition(let definition):
                collect(definition.blocks, into: &found)
            case .table:
                var urls: [String] = []
                for cell in block.inlineSequences { destinations(in: cell, into: &urls) }
                if !urls.isEmpty { found.append((urls, block.position)) }
            case .list(_, let items):
                collect(items, into: &found)
            case .paragraph(let inlines), .heading(_, let inlines):
                var urls: [String] = []
                destinations(in: inlines, into: &urls)
                if !urls.isEmpty { found.append((urls, block.position)) }
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
            case .emphasis(let children), .strong(let children), .custom(_, _, let children), .strikethrough(let children):
                destinations(in: children, into: &urls)
            case .text, .softBreak, .lineBreak, .code, .html, .footnoteReference:
                continue
            }
        }
    }

    /// The first place `url` is written in the block's lines after `previous`.
    private func locate(_ url: String, in position: SourcePosition, text: UnsafeBufferPointer<UInt8>, lineStarts: [Int],
                        after previous: (line: Int, column: Int)?) -> SourceLocation {
        let fallback = SourceLocation(line: position.startLine, column: position.startColumn)
        guard !url.isEmpty else { return fallback }
        let startLine = previous?.line ?? position.startLine
        guard startLine <= position.endLine else { return fallback }
        var url = url
        return url.withUTF8 { needle in
            for fileLine in startLine...position.endLine {
                let index = fileLine - firstLine
                guard lineStarts.indices.contains(index) else { break }
                let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : text.count
                let line = UnsafeBufferPointer(rebasing: text[lineStarts[index]..<end])
                // On the line of the previous occurrence, search after its first character.
                let start = previous.map { fileLine == $0.line ? UTF8Bytes.offset(afterScalars: $0.column, in: line) : 0 } ?? 0
                if let offset = UTF8Bytes.firstOffset(of: needle, in: line, from: start) {
                    return SourceLocation(line: fileLine, column: UTF8Bytes.scalarCount(line, upTo: offset) + 1)
                }
            }
            return fallback
        }
    }
}

/// A link of a body with where it leads, for the link checker.
struct ResolvedLink: Sendable, Hashable {
    var written: WrittenLink
    var target: LinkTarget
}
