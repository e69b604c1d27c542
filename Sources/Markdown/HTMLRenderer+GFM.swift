/// The extensions' HTML, byte for byte what cmark-gfm 0.29's `html_render` functions and
/// `S_put_footnote_backref` write (callouts excepted: GFM has none).
extension RenderState {
    mutating func renderTable(_ table: MarkdownTable) {
        output.ensureNewline()
        output.append("<table>")
        output.ensureNewline()
        output.append("<thead>")
        output.ensureNewline()
        renderRow(table.header, alignments: table.alignments, cell: "th")
        output.ensureNewline()
        output.append("</thead>")
        if !table.rows.isEmpty {
            output.ensureNewline()
            output.append("<tbody>")
            output.ensureNewline()
            for (index, row) in table.rows.enumerated() {
                if index > 0 { output.ensureNewline() }
                renderRow(row, alignments: table.alignments, cell: "td")
            }
            output.ensureNewline()
            output.append("</tbody>")
        }
        output.ensureNewline()
        output.append("</table>")
        output.ensureNewline()
    }

    /// One cell per column: the row's own, then an empty one for each it lacks.
    private mutating func renderRow(_ row: MarkdownTable.Row, alignments: [MarkdownTable.Alignment], cell: StaticString) {
        output.append("<tr>")
        for column in alignments.indices {
            output.ensureNewline()
            output.append("<")
            output.append(cell)
            switch alignments[column] {
            case .left: output.append(" align=\"left\"")
            case .center: output.append(" align=\"center\"")
            case .right: output.append(" align=\"right\"")
            case .none: break
            }
            output.append(">")
            if column < row.cells.count { renderInlines(row.cells[column]) }
            output.append("</")
            output.append(cell)
            output.append(">")
        }
        output.ensureNewline()
        output.append("</tr>")
    }

    /// See ``MarkdownCalloutKind`` for the markup.
    mutating func renderCallout(_ kind: MarkdownCalloutKind, _ children: [MarkdownBlock]) {
        output.ensureNewline()
        output.append("<aside class=\"callout callout-")
        output.append(kind.rawValue)
        output.append("\" role=\"note\">\n<p class=\"callout-label\">")
        output.append(kind.label)
        output.append("</p>\n")
        renderBlocks(children, inTightList: false)
        output.ensureNewline()
        output.append("</aside>\n")
    }

    mutating func renderFootnoteReference(_ reference: MarkdownFootnoteReference) {
        output.append("<sup class=\"footnote-ref\"><a href=\"#")
        appendFootnoteID("fn-", reference.label)
        output.append("\" id=\"")
        appendFootnoteID("fnref-", reference.label)
        if reference.occurrence > 1 {
            output.append("-")
            output.append(decimal: reference.occurrence)
        }
        output.append("\" data-footnote-ref>")
        output.append(decimal: reference.number)
        output.append("</a></sup>")
    }

    /// The numbered definitions met while rendering (and those nested in them), in number
    /// order, as an ordered list after everything else.
    mutating func renderFootnoteSection() {
        guard !footnotes.isEmpty else { return }
        var all = footnotes
        for definition in footnotes {
            forEachBlock(in: definition.blocks) { block in
                if case .footnoteDefinition(let nested) = block.kind, nested.number != nil { all.append(nested) }
            }
        }
        all.sort { ($0.number ?? 0) < ($1.number ?? 0) }
        output.append("<section class=\"footnotes\" data-footnotes>\n")
        if let heading = renderer.footnotesHeading { output.append(heading + "\n") }
        output.append("<ol>\n")
        for definition in all {
            output.append("<li id=\"")
            appendFootnoteID("fn-", definition.label)
            output.append("\">\n")
            var blocks = definition.blocks
            if let last = blocks.last, case .paragraph(let inlines) = last.kind {
                blocks.removeLast()
                renderBlocks(blocks, inTightList: false)
                output.ensureNewline()
                output.append("<p>")
                renderInlines(inlines)
                output.append(" ")
                appendBackReferences(definition)
                output.append("</p>\n")
            } else {
                renderBlocks(blocks, inTightList: false)
                appendBackReferences(definition)
                output.append("\n")
            }
            output.append("</li>\n")
        }
        output.append("</ol>\n</section>\n")
        footnotes = []
    }

    private mutating func appendBackReferences(_ definition: MarkdownFootnoteDefinition) {
        output.append("<a href=\"#")
        appendFootnoteID("fnref-", definition.label)
        output.append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
        guard definition.referenceCount > 1 else { return }
        for occurrence in 2...definition.referenceCount {
            output.append(" <a href=\"#")
            appendFootnoteID("fnref-", definition.label)
            output.append("-")
            output.append(decimal: occurrence)
            output.append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">")
            output.append(decimal: occurrence)
            output.append("</sup></a>")
        }
    }

    private mutating func appendFootnoteID(_ kind: StaticString, _ label: String) {
        if !renderer.footnoteIDPrefix.isEmpty { output.appendEscapedHref(renderer.footnoteIDPrefix) }
        output.append(kind)
        output.appendEscapedHref(label)
    }

    /// A raw HTML block with every `<` that opens a filtered tag written as `&lt;`.
    mutating func appendFilteringTags(_ literal: String) {
        let bytes = Array(literal.utf8)
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "<") && TagFilter.isFiltered(bytes[index...]) {
            output.append(String(decoding: bytes[start..<index], as: UTF8.self))
            output.append("&lt;")
            start = index + 1
        }
        output.append(String(decoding: bytes[start...], as: UTF8.self))
    }
}

/// cmark-gfm's tagfilter (extensions/tagfilter.c).
enum TagFilter {
    private static let names: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes",
                                           "script", "plaintext"].map { Array($0.utf8) }

    /// True when `tag` starts with `<name` or `</name` of a filtered element, followed by
    /// whitespace, `>` or `/>`.
    static func isFiltered<Bytes: Collection>(_ tag: Bytes) -> Bool where Bytes.Element == UInt8 {
        let bytes = Array(tag.prefix(14))
        guard tag.count >= 3, bytes.first == UInt8(ascii: "<") else { return false }
        let nameStart = bytes.count > 1 && bytes[1] == UInt8(ascii: "/") ? 2 : 1
        let size = tag.count
        for name in names {
            var index = nameStart
            var matches = true
            for expected in name {
                guard index < size else { break }
                guard index < bytes.count, bytes[index] | 0x20 == expected else {
                    matches = false
                    break
                }
                index += 1
            }
            guard matches, index < size, index < bytes.count else { continue }
            let next = bytes[index]
            if ASCII.isSpace(next) || next == UInt8(ascii: ">") { return true }
            if next == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { return true }
        }
        return false
    }
}
