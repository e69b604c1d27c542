import Foundation
import Markdown
import Support

/// A link or image destination as written in a post, with where it was written.
struct WrittenLink: Sendable, Hashable {
    var url: String
    var location: SourceLocation
    /// Written in raw HTML (`<img src>`, `<a href>`): published as written, never rewritten.
    var inRawHTML = false
}

/// Lists the link and image destinations of a Markdown document, each placed at the
/// line and column where its URL is written.
///
/// cmark keeps no positions for inline nodes, so the URL is looked for in the source
/// lines of the block that holds it, each after the one before it (destinations are taken
/// in the order they are written: an image inside a link's text before the link's own);
/// a URL written differently from its parsed form (entities, backslash escapes, a
/// reference definition elsewhere) falls back to the start of its block.
///
/// The search goes forward through a block once, so thousands of links on one long line
/// cost the line once; a block's searches that find nothing (each reads the rest of the
/// block) may read it ``failedSearchReadings`` times over in all, then its other URLs take
/// the fallback.
struct LinkCollector {
    let body: String
    /// The file line of the body's first line.
    let firstLine: Int
    /// Whether raw HTML is published (`allow_raw_html`): then its links are collected too.
    var rawHTML = false

    init(body: String, firstLine: Int, rawHTML: Bool = false) {
        self.body = body
        self.firstLine = firstLine
        self.rawHTML = rawHTML
    }

    /// How many times over a block's failed searches may read it, beyond a first 64 KB: far
    /// more than a paragraph of reference links needs, a bound for one built to be slow.
    static let failedSearchReadings = 16

    func links(in document: MarkdownDocument) -> [WrittenLink] {
        var found: [(urls: [FoundURL], position: SourcePosition)] = []
        var arguments: [WrittenLink] = []
        Self.collect(document.blocks, rawHTML: rawHTML, into: &found, arguments: &arguments)
        guard !found.isEmpty else { return arguments }
        return located(found) + arguments
    }

    /// A destination found in a block: its URL, its place in reading order, and whether raw HTML holds it.
    struct FoundURL {
        var url: String
        var order: Int
        var inRawHTML = false
    }

    private func located(_ found: [(urls: [FoundURL], position: SourcePosition)]) -> [WrittenLink] {
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
            var columns = ScalarColumns()
            var result: [WrittenLink] = []
            for (urls, position) in found {
                var block = BlockSearch(position: position, firstLine: firstLine, lineStarts: lineStarts, text: text)
                var placed = [WrittenLink?](repeating: nil, count: urls.count)
                for found in urls {
                    placed[found.order] = WrittenLink(url: found.url, location: block.locate(found.url, columns: &columns), inRawHTML: found.inRawHTML)
                }
                result += placed.compactMap { $0 }
            }
            return result
        }
    }

    /// One block's search: where the last URL was found, and what failed searches may still read.
    private struct BlockSearch {
        let fallback: SourceLocation
        let lineStarts: [Int]
        let text: UnsafeBufferPointer<UInt8>
        let firstLine: Int
        /// The block's bytes, from its first line's start to its last line's end.
        let end: Int
        var cursor: Int
        /// The line index (0-based, of the body) that holds `cursor`.
        var line: Int
        var budget: Int

        init(position: SourcePosition, firstLine: Int, lineStarts: [Int], text: UnsafeBufferPointer<UInt8>) {
            fallback = SourceLocation(line: position.startLine, column: position.startColumn)
            self.lineStarts = lineStarts
            self.text = text
            self.firstLine = firstLine
            let first = position.startLine - firstLine
            let last = position.endLine - firstLine
            let valid = first >= 0 && first < lineStarts.count && last >= first
            line = valid ? first : lineStarts.count
            cursor = valid ? lineStarts[first] : text.count
            end = valid ? (last + 1 < lineStarts.count ? lineStarts[last + 1] - 1 : text.count) : cursor
            budget = LinkCollector.failedSearchReadings * max(0, end - cursor) + 65_536
        }

        /// The place of the first `url` after the last one found.
        mutating func locate(_ url: String, columns: inout ScalarColumns) -> SourceLocation {
            guard !url.isEmpty, cursor < end else { return fallback }
            var url = url
            let offset = url.withUTF8 { needle -> Int? in
                guard budget >= end - cursor else { return nil }
                let window = UnsafeBufferPointer(rebasing: text[..<end])
                let offset = UTF8Bytes.firstOffset(of: needle, in: window, from: cursor)
                if offset == nil { budget -= end - cursor }
                return offset
            }
            guard let offset else { return fallback }
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
            // The next URL is looked for after this one's first byte: a repeat of it comes next.
            cursor = offset + 1
            return SourceLocation(line: line + firstLine, column: columns.column(of: offset, lineStart: lineStarts[line], in: text))
        }
    }

    /// The destinations of each paragraph and heading that has links, with its position:
    /// in the order they are written, each with its place in reading order (a link before
    /// the images in its text).
    /// `arguments`: the URLs directives take as arguments (`@Image(source:)`), each at the
    /// place of its value, which the scanner knows.
    private static func collect(_ blocks: [MarkdownBlock], rawHTML: Bool, into found: inout [(urls: [FoundURL], position: SourcePosition)],
                                arguments: inout [WrittenLink]) {
        for block in blocks {
            switch block.kind {
            case .blockQuote(let children), .item(let children), .customBlock(_, _, let children),
                 .taskItem(_, let children), .callout(_, let children):
                collect(children, rawHTML: rawHTML, into: &found, arguments: &arguments)
            case .footnoteDefinition(let definition):
                collect(definition.blocks, rawHTML: rawHTML, into: &found, arguments: &arguments)
            case .directive(let directive):
                guard directive.name != "Comment" else { continue }
                for argument in directive.arguments where argument.type == .url {
                    arguments.append(WrittenLink(url: argument.value, location: SourceLocation(line: argument.valueLine, column: argument.valueColumn)))
                }
                collect(directive.children, rawHTML: rawHTML, into: &found, arguments: &arguments)
            case .table:
                var urls: [FoundURL] = []
                var order = 0
                for cell in block.inlineSequences { destinations(in: cell, rawHTML: rawHTML, into: &urls, order: &order) }
                if !urls.isEmpty { found.append((urls, block.position)) }
            case .list(_, let items):
                collect(items, rawHTML: rawHTML, into: &found, arguments: &arguments)
            case .attributed(_, let children):
                collect(children, rawHTML: rawHTML, into: &found, arguments: &arguments)
            case .paragraph(let inlines), .heading(_, let inlines), .definitionTerm(let inlines):
                var urls: [FoundURL] = []
                var order = 0
                destinations(in: inlines, rawHTML: rawHTML, into: &urls, order: &order)
                if !urls.isEmpty { found.append((urls, block.position)) }
            case .htmlBlock(let html):
                guard rawHTML, html.utf8.contains(UInt8(ascii: "=")) else { continue }
                let urls = RawHTMLLinks.urls(in: html).enumerated().map { FoundURL(url: $0.element, order: $0.offset, inRawHTML: true) }
                if !urls.isEmpty { found.append((urls, block.position)) }
            case .codeBlock, .thematicBreak:
                continue
            }
        }
    }

    private static func destinations(in inlines: [MarkdownInline], rawHTML: Bool, into urls: inout [FoundURL], order: inout Int) {
        for inline in inlines {
            switch inline {
            case .link(let url, _, let children), .image(let url, _, let children):
                let own = order
                order += 1
                destinations(in: children, rawHTML: rawHTML, into: &urls, order: &order)
                urls.append(FoundURL(url: url, order: own))
            case .emphasis(let children), .strong(let children), .custom(_, _, let children), .strikethrough(let children),
                 .attributed(_, let children):
                destinations(in: children, rawHTML: rawHTML, into: &urls, order: &order)
            case .html(let html):
                guard rawHTML else { continue }
                for url in RawHTMLLinks.urls(in: html) {
                    urls.append(FoundURL(url: url, order: order, inRawHTML: true))
                    order += 1
                }
            case .text, .softBreak, .lineBreak, .code, .footnoteReference:
                continue
            }
        }
    }
}

/// A link of a body with where it leads, for the link checker.
struct ResolvedLink: Sendable, Hashable {
    var written: WrittenLink
    var target: LinkTarget
}
