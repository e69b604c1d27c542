import Markdown
import Support

/// Inline math in prose: `\(…\)` always, and `$…$` where the site turns it on
/// (`markdown: { math: { dollars: true } }`). A formula is on one line, outside code
/// spans and code blocks. A `$` counts only as TeX writers use it: the opening one is
/// followed by a non-blank, the closing one follows a non-blank and is not followed by a
/// digit, so prices (`$5 and $6`) stay text; `$$` is display math, never inline.
///
/// cmark would take `\(` as an escaped `(` and `$a_1 * b$` as emphasis, so the formulas are
/// found in the body's text first and each is replaced by a token (private-use characters
/// around its number) that cmark passes through as text; the parsed document's tokens then
/// become the rendered formula, or the TeX as written where a token cannot be math (a
/// link's URL, raw HTML).
struct InlineMath: Sendable {
    /// One formula: its bytes in the body (delimiters included) and its TeX.
    struct Span: Sendable, Hashable {
        var range: Range<Int>
        var tex: String
        /// The body's line (0-based) it is on.
        var line: Int
    }

    static let open = "\u{E000}", close = "\u{E001}"

    /// A cheap test that lets bodies without inline math skip the search: a `\(` and a
    /// `\)` (Swift's interpolation `"\(x)"` has no `\)`), or a `$` where dollars are on.
    static func mayContain(_ body: String, dollars: Bool) -> Bool {
        (UTF8Bytes.contains(body, "\\(") && UTF8Bytes.contains(body, "\\)")) || (dollars && UTF8Bytes.contains(body, "$"))
    }

    /// The formulas of `body`, in order; `regions` says where its code is.
    static func spans(in body: [UInt8], regions: MarkdownCodeRegions, dollars: Bool) -> [Span] {
        var spans: [Span] = []
        var index = 0
        let count = body.count
        func backslashesBefore(_ position: Int) -> Int {
            var run = 0
            while position - run - 1 >= 0, body[position - run - 1] == UInt8(ascii: "\\") { run += 1 }
            return run
        }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while index < count {
            let byte = body[index]
            if byte == 0x0A || regions.isCode(index) { index += 1; continue }
            var found: Span?
            if byte == UInt8(ascii: "\\"), index + 1 < count, body[index + 1] == UInt8(ascii: "("), backslashesBefore(index) % 2 == 0 {
                // The closing `\)` on the same line, itself not escaped.
                var end = index + 2
                while end + 1 < count, body[end] != 0x0A {
                    if body[end] == UInt8(ascii: "\\"), body[end + 1] == UInt8(ascii: ")"), backslashesBefore(end) % 2 == 0 { break }
                    end += 1
                }
                if end + 1 < count, body[end] == UInt8(ascii: "\\"), body[end + 1] == UInt8(ascii: ")"), !regions.isCode(end) {
                    found = span(body, index..<(end + 2), tex: (index + 2)..<end, regions)
                }
            } else if dollars, byte == UInt8(ascii: "$"), backslashesBefore(index) % 2 == 0,
                      index + 1 < count, body[index + 1] != UInt8(ascii: "$"), !isBlank(body[index + 1]),
                      index == 0 || body[index - 1] != UInt8(ascii: "$") {
                var end = index + 1
                while end < count, body[end] != 0x0A {
                    if body[end] == UInt8(ascii: "$"), !isBlank(body[end - 1]), backslashesBefore(end) % 2 == 0 { break }
                    end += 1
                }
                let closes = end < count && body[end] == UInt8(ascii: "$") && end > index + 1
                let next = end + 1 < count ? body[end + 1] : 0
                if closes, !(next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")), next != UInt8(ascii: "$"), !regions.isCode(end) {
                    found = span(body, index..<(end + 1), tex: (index + 1)..<end, regions)
                }
            }
            if let found {
                spans.append(found)
                index = found.range.upperBound
            } else {
                index += 1
            }
        }
        return spans
    }

    private static func span(_ body: [UInt8], _ range: Range<Int>, tex: Range<Int>, _ regions: MarkdownCodeRegions) -> Span? {
        let text = String(decoding: body[tex], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : Span(range: range, tex: text, line: regions.line(of: range.lowerBound))
    }

    /// The formulas of a body, found in its text outside the code of its parsed `document`.
    static func spans(in body: String, firstLine: Int, document: MarkdownDocument, dollars: Bool) -> [Span] {
        let bytes = Array(body.utf8)
        return spans(in: bytes, regions: MarkdownCodeRegions(body: bytes, document: document, firstLine: firstLine), dollars: dollars)
    }

    /// The formulas of a body, for the site's one KaTeX batch.
    static func formulas(of spans: [Span], file: String, firstLine: Int) -> [MathFormula] {
        spans.map { MathFormula(tex: $0.tex, isDisplay: false, file: file, line: firstLine + $0.line) }
    }


    /// `body` with each span replaced by its token.
    static func tokenized(_ body: String, _ spans: [Span]) -> String {
        var bytes = Array(body.utf8)
        for (number, span) in spans.enumerated().reversed() {
            bytes.replaceSubrange(span.range, with: Array((open + String(number) + close).utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document with each token made `inline(number)` (its formula's HTML, or its TeX as
    /// text for word counts and excerpts), and the TeX (`source(number)`) where HTML cannot
    /// go (raw HTML, code, URLs, alt text).
    static func replacingTokens(in document: MarkdownDocument, with inline: (Int) -> MarkdownInline, source: (Int) -> String) -> MarkdownDocument {
        var result = document
        result.blocks = BlockWalk.replacingLeaves(of: document.blocks) { block in
            var block = block
            switch block.kind {
            case .paragraph(let inlines): block.kind = .paragraph(replacing(in: inlines, inline, source))
            case .heading(let level, let inlines): block.kind = .heading(level: level, replacing(in: inlines, inline, source))
            case .definitionTerm(let inlines): block.kind = .definitionTerm(replacing(in: inlines, inline, source))
            case .htmlBlock(let literal): block.kind = .htmlBlock(restored(literal, source))
            case .table(var table):
                table.header.cells = table.header.cells.map { replacing(in: $0, inline, source) }
                for row in table.rows.indices { table.rows[row].cells = table.rows[row].cells.map { replacing(in: $0, inline, source) } }
                block.kind = .table(table)
            default: return nil
            }
            return block
        }
        return result
    }

    private static func replacing(in inlines: [MarkdownInline], _ token: (Int) -> MarkdownInline, _ source: (Int) -> String) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for inline in inlines {
            switch inline {
            case .text(let text) where text.contains(open):
                var rest = Substring(text)
                while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close),
                      let number = Int(rest[start.upperBound..<end.lowerBound]) {
                    if start.lowerBound > rest.startIndex { result.append(.text(String(rest[..<start.lowerBound]))) }
                    result.append(token(number))
                    rest = rest[end.upperBound...]
                }
                if !rest.isEmpty { result.append(.text(String(rest))) }
            case .html(let literal): result.append(.html(restored(literal, source)))
            case .code(let literal): result.append(.code(restored(literal, source)))
            case .custom(let onEnter, let onExit, let children):
                result.append(.custom(onEnter: onEnter, onExit: onExit, children: replacing(in: children, token, source)))
            case .emphasis(let children): result.append(.emphasis(replacing(in: children, token, source)))
            case .strong(let children): result.append(.strong(replacing(in: children, token, source)))
            case .strikethrough(let children): result.append(.strikethrough(replacing(in: children, token, source)))
            case .link(let url, let title, let children):
                result.append(.link(url: restored(url, source), title: restored(title, source), children: replacing(in: children, token, source)))
            case .image(let url, let title, let children):
                // An image's description is its alt text: the TeX as written.
                result.append(.image(url: restored(url, source), title: restored(title, source), children: replacing(in: children, { .text(source($0)) }, source)))
            case .attributed(let attributes, let children):
                result.append(.attributed(attributes, replacing(in: children, token, source)))
            default: result.append(inline)
            }
        }
        return result
    }

    /// `text` with every token put back as the formula's source.
    static func restored(_ text: String, _ source: (Int) -> String) -> String {
        guard text.contains(open) else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close),
              let number = Int(rest[start.upperBound..<end.lowerBound]) {
            result += rest[..<start.lowerBound] + source(number)
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
