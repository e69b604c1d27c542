@testable import Markdown
import Testing

/// The tree the extensions build: node kinds, source positions, footnote numbers.
@Suite("GFM tree")
struct GFMTreeTests {
    static let all = MarkdownOptions(extensions: Set(MarkdownExtension.allCases))

    static func parse(_ markdown: String, lineOffset: Int = 0,
                      options: MarkdownOptions = all) throws -> MarkdownDocument {
        try MarkdownDocument.parse(markdown, options: options, lineOffset: lineOffset)
    }

    @Test("A table has alignments, short and cut rows, cells parsed as inlines, and its lines")
    func tableShape() throws {
        let document = try Self.parse("Intro\n\n| a | *b* |\n|:--|--:|\n| 1 | 2 | 3 |\n| `x` |\n", lineOffset: 10)
        guard case .table(let table) = document.blocks.last?.kind else {
            Issue.record("expected a table, got \(document.blocks)")
            return
        }
        #expect(table.alignments == [.left, .right])
        #expect(table.header == MarkdownTable.Row(cells: [[.text("a")], [.emphasis([.text("b")])]], line: 13))
        #expect(table.rows == [
            MarkdownTable.Row(cells: [[.text("1")], [.text("2")]], line: 15),
            // The short row keeps the cell written; the one it lacks is empty when rendered.
            MarkdownTable.Row(cells: [[.code("x")]], line: 16),
        ])
        #expect(document.blocks.last?.position == SourcePosition(startLine: 13, startColumn: 1, endLine: 16, endColumn: 7))
        #expect(document.html().hasSuffix("<tr>\n<td align=\"left\"><code>x</code></td>\n<td align=\"right\"></td>\n</tr>\n</tbody>\n</table>\n"))
    }

    @Test("Cells use the document's link reference definitions, wherever they are")
    func referenceLinksInCells() throws {
        let html = try Self.parse("| [Swift][s] | [x] |\n| - | - |\n\n[s]: https://swift.org \"Swift\"\n").html()
        #expect(html.contains("<th><a href=\"https://swift.org\" title=\"Swift\">Swift</a></th>\n<th>[x]</th>"))
    }

    @Test("A line that starts a block ends the table, and the rest is parsed as blocks")
    func tableEndsAtBlockStart() throws {
        let document = try Self.parse("| a |\n| - |\n| b |\n2. two\n3. three\n")
        #expect(document.blocks.count == 2)
        guard case .table(let table) = document.blocks.first?.kind,
              case .list(let attributes, let items) = document.blocks.last?.kind else {
            Issue.record("expected a table and a list, got \(document.blocks)")
            return
        }
        #expect(table.rows.count == 1)
        #expect(attributes.start == 2 && items.count == 2)
        #expect(document.blocks.last?.position.startLine == 4)
    }

    /// cmark-gfm's `MAX_AUTOCOMPLETED_CELLS` (0x80000): with 1,025 columns each one-cell row
    /// lacks 1,024 cells; after 512 rows the table lacks exactly 0x80000, which still admits the
    /// 513th, and the 514th line starts a paragraph, whose last line a delimiter row makes the
    /// next table's header, as cmark-gfm's `try_opening_table_row` and `try_opening_table_header` do.
    @Test("A table stops taking rows once they lack more than 0x80000 cells")
    func autocompletedCellBudget() throws {
        let columns = 1025, admitted = 513
        let head = "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n"
        for quoted in [false, true] {
            var markdown = head + String(repeating: "x\n", count: admitted + 2) + ":-\nz\n"
            if quoted { markdown = markdown.split(separator: "\n").map { "> " + $0 + "\n" }.joined() }
            let document = try Self.parse(markdown)
            var blocks = document.blocks
            if quoted, case .blockQuote(let children)? = blocks.first?.kind { blocks = children }
            // The refused line and the next are a paragraph; the delimiter row under it makes
            // its last line a header, and the line before stays a paragraph.
            guard blocks.count == 3, case .table(let first) = blocks[0].kind, case .paragraph = blocks[1].kind,
                  case .table(let second) = blocks[2].kind else {
                Issue.record("expected a table, a paragraph and a table, got \(blocks.map(\.kind).map { "\($0)".prefix(40) })")
                continue
            }
            #expect(first.rows.count == admitted)
            #expect(first.rows.allSatisfy { $0.cells == [[.text("x")]] }, "short rows keep only the cells written")
            #expect(blocks[1].position.startLine == admitted + 3)
            #expect(blocks[2].position.startLine == admitted + 4)
            #expect(second.header.cells == [[.text("x")]] && second.alignments == [.left] && second.rows.map(\.cells) == [[[.text("z")]]])
            let html = document.html()
            #expect(html.components(separatedBy: "<td></td>").count - 1 == admitted * (columns - 1))
            #expect(html.contains("</table>\n<p>x</p>\n<table>\n<thead>\n<tr>\n<th align=\"left\">x</th>"))
        }
    }

    @Test("Tables inside quotes and list items keep their containers")
    func nestedTables() throws {
        let document = try Self.parse("> | q |\n> | - |\n\n- item\n\n  | l |\n  | - |\n  | r |\n")
        guard case .blockQuote(let quoted) = document.blocks.first?.kind, case .table = quoted.first?.kind,
              case .list(_, let items) = document.blocks.last?.kind, case .item(let content) = items.first?.kind,
              case .table(let table) = content.last?.kind else {
            Issue.record("expected tables in a quote and an item, got \(document.blocks)")
            return
        }
        #expect(table.rows.map(\.line) == [8])
    }

    @Test("Footnotes: definitions where written, numbered by first reference, references counted")
    func footnoteNumbers() throws {
        let document = try Self.parse("a[^x] b[^X] c[^y] d[^missing]\n\n[^y]: why\n[^x]: ex\n[^u]: unused\n")
        guard case .paragraph(let inlines) = document.blocks.first?.kind else {
            Issue.record("expected a paragraph")
            return
        }
        let references = inlines.compactMap { inline -> MarkdownFootnoteReference? in
            if case .footnoteReference(let reference) = inline { return reference }
            return nil
        }
        #expect(references == [
            MarkdownFootnoteReference(label: "x", number: 1, occurrence: 1),
            MarkdownFootnoteReference(label: "x", number: 1, occurrence: 2),
            MarkdownFootnoteReference(label: "y", number: 2, occurrence: 1),
        ])
        #expect(inlines.last == .text(" d[^missing]"))
        let definitions = document.blocks.dropFirst().compactMap { block -> MarkdownFootnoteDefinition? in
            if case .footnoteDefinition(let definition) = block.kind { return definition }
            return nil
        }
        #expect(definitions.map(\.label) == ["y", "x", "u"])
        #expect(definitions.map(\.number) == [2, 1, nil])
        #expect(definitions.map(\.referenceCount) == [1, 2, 0])
        #expect(document.footnoteDefinitions.map(\.label) == ["x", "y"])
    }

    @Test("Code in a footnote stays a code block, at its place in the file")
    func codeInFootnote() throws {
        let markdown = "Text[^n].\n\n[^n]: Note with code:\n\n    ```swift\n    let x = 1\n    ```\n"
        let document = try Self.parse(markdown, lineOffset: 5)
        var code: [MarkdownBlock] = []
        forEachBlock(in: document.blocks) { block in
            if case .codeBlock = block.kind { code.append(block) }
        }
        #expect(code.count == 1)
        #expect(code.first?.kind == .codeBlock(info: "swift", literal: "let x = 1\n"))
        #expect(code.first?.position == SourcePosition(startLine: 10, startColumn: 5, endLine: 12, endColumn: 7))
        guard case .footnoteDefinition(let definition) = document.blocks.last?.kind else {
            Issue.record("expected the definition last")
            return
        }
        #expect(document.blocks.last?.position.startLine == 8)
        #expect(document.blocks.last?.position.startColumn == 1)
        #expect(definition.blocks.first?.position == SourcePosition(startLine: 8, startColumn: 7, endLine: 8, endColumn: 21))
    }

    @Test("Task items and callouts are their own kinds")
    func tasksAndCallouts() throws {
        let document = try Self.parse("- [ ] todo\n- [x] done\n- plain\n\n> [!WARNING]\n> Careful.\n\n> Tip: Try it.\n\n> Quote.\n")
        guard case .list(_, let items) = document.blocks.first?.kind else {
            Issue.record("expected a list")
            return
        }
        #expect(items.map(\.kind) == [
            .taskItem(checked: false, [MarkdownBlock(.paragraph([.text("todo")]), position: items[0].childBlocks[0].position)]),
            .taskItem(checked: true, [MarkdownBlock(.paragraph([.text("done")]), position: items[1].childBlocks[0].position)]),
            .item([MarkdownBlock(.paragraph([.text("plain")]), position: items[2].childBlocks[0].position)]),
        ])
        #expect(items[0].childBlocks[0].position.startColumn == 7)
        let kinds = document.blocks.dropFirst().map { block -> String in
            switch block.kind {
            case .callout(let kind, let children): "\(kind.rawValue): \(plainText(of: children))"
            case .blockQuote(let children): "quote: \(plainText(of: children))"
            default: "other"
            }
        }
        #expect(kinds == ["warning: Careful.", "tip: Try it.", "quote: Quote."])
    }

    @Test("Strikethrough and extended autolinks are inline nodes")
    func inlineNodes() throws {
        let document = try Self.parse("~~gone~~ and www.example.com/a, or me@example.com.\n")
        #expect(document.blocks.first?.kind == .paragraph([
            .strikethrough([.text("gone")]), .text(" and "),
            .link(url: "http://www.example.com/a", title: "", children: [.text("www.example.com/a")]),
            .text(", or "), .link(url: "mailto:me@example.com", title: "", children: [.text("me@example.com")]), .text("."),
        ]))
    }

    @Test("Each extension can be chosen alone")
    func extensionsAlone() throws {
        let markdown = "| a |\n| - |\n\n~~s~~ www.x.com [^1]\n\n[^1]: n\n\n- [ ] t\n\n> [!NOTE]\n> n\n"
        func html(_ extensions: Set<MarkdownExtension>) throws -> String {
            try MarkdownDocument.parse(markdown, options: MarkdownOptions(extensions: extensions)).html()
        }
        #expect(try html([]) == cmarkReferenceHTML(markdown, options: MarkdownOptions()))
        #expect(try html([.table]).contains("<table>") && !html([.table]).contains("<del>"))
        #expect(try html([.strikethrough]).contains("<del>s</del>") && !html([.strikethrough]).contains("<table>"))
        #expect(try html([.autolink]).contains("<a href=\"http://www.x.com\">"))
        #expect(try html([.footnotes]).contains("data-footnote-ref") && !html([.footnotes]).contains("<del>"))
        #expect(try html([.tasklist]).contains("<input type=\"checkbox\" disabled=\"\" /> t"))
        #expect(try html([.callouts]).contains("<aside class=\"callout callout-note\""))
        #expect(try html([.footnotes, .table]).contains("[^1]") == false)
    }

    @Test("Deeply nested strikethrough is a nesting error, not a crash")
    func deepStrikethrough() {
        let markdown = String(repeating: "~a ", count: 400) + String(repeating: "a~ ", count: 400) + "\n"
        #expect(throws: MarkdownNestingError.self) { _ = try Self.parse(markdown) }
    }

    @Test("Plain text covers tables, footnotes, callouts and strikethrough, not labels or numbers")
    func plainTextOfExtensions() throws {
        let document = try Self.parse("| a | *b* |\n| - | - |\n| c | d |\n\nSee[^1] ~~old~~ new.\n\n[^1]: The note.\n[^2]: Unused.\n\n> [!NOTE]\n> Noted.\n")
        #expect(plainText(of: document.blocks) == "a\tb\nc\td\nSee old new.\nThe note.\nNoted.")
    }

    @Test("The block walk reaches code in list items, task items, footnotes, callouts and quotes")
    func walkReachesCode() throws {
        let markdown = "- ```\n  a\n  ```\n- [ ] task\n\n      b\n\n> [!TIP]\n> ```\n> c\n> ```\n\nx[^1]\n\n[^1]: d\n\n        e\n"
        var literals: [String] = []
        forEachBlock(in: try Self.parse(markdown).blocks) { block in
            if case .codeBlock(_, let literal) = block.kind { literals.append(literal) }
        }
        #expect(literals == ["a\n", "b\n", "c\n", "e\n"])
    }
}
