#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses with the GFM extensions on libcmark 0.30, which knows only CommonMark.
///
/// Block extensions work from source positions: libcmark parses, the parse's paragraphs
/// and lines are examined for footnote definitions and tables as cmark-gfm's block parser
/// would open them, and where the CommonMark structure differs the lines are rewritten
/// (a definition into a list item, a table into one-line HTML placeholders) and parsed
/// again, until nothing changes; usually one or two parses. Cell text is parsed as inline
/// Markdown by libcmark together with the document's link reference definitions. Inline
/// extensions then rewrite libcmark's inline trees (see ``InlineExtensionWalker``).
struct GFMParser {
    let options: MarkdownOptions
    let lineOffset: Int
    let maximumNesting: Int

    /// Each round rewrites at least one definition or table; a document that needed more
    /// would be built to defeat the parser, and keeps what was found so far.
    static let maximumRounds = 16

    func parse(_ text: String) throws(MarkdownNestingError) -> [MarkdownBlock] {
        let extensions = options.extensions
        var text = text
        let features = TextFeatures(text, extensions: extensions)
        let stops = InlineExtensionWalker.Stops(
            tildes: features.tilde, www: features.wwwStart, url: features.scheme, email: features.at,
            footnotes: features.footnoteReference)
        let watch = stops.any ? TextTriggerWatch(stops.triggers) : nil
        let useFootnotes = extensions.contains(.footnotes) && features.footnoteMarker
        let useTables = extensions.contains(.table) && features.mayHoldTable
        let useTaskLines = extensions.contains(.tasklist) && features.taskMarker
        guard useFootnotes || useTables || useTaskLines else {
            // Nothing to find at the block level: one parse, straight from the string.
            let parsed = text.withUTF8 { utf8 in
                Result { () throws(MarkdownNestingError) -> [MarkdownBlock] in
                    try CmarkDocumentParser.parse(utf8, options: options, lineOffset: lineOffset,
                                                  maximumNesting: maximumNesting, watch: watch, callouts: features.blockQuote)
                }
            }
            return try finish(try parsed.get(), lines: nil, footnoteLines: [:], taskLines: [:], tables: [:],
                              placeholderLines: [], stops: stops, watch: watch)
        }
        let original = SourceLines(Array(text.utf8))
        let markers = useFootnotes ? FootnoteMarkers(lines: original) : nil
        var rewrites = Rewrites()
        var lines = original
        var blocks: [MarkdownBlock] = []
        var inPlaceTables: [Int: PendingTable] = [:]
        for round in 0...Self.maximumRounds {
            // Callouts wait for the block transform here: the rounds read quotes as quotes.
            blocks = try CmarkDocumentParser.parse(lines.bytes, options: options, lineOffset: lineOffset,
                                                    maximumNesting: maximumNesting, watch: watch)
            inPlaceTables = [:]
            guard round < Self.maximumRounds else { break }
            let scanner = ContainerPrefixScanner(lines: lines)
            var changed = false
            if let markers {
                let finder = FootnoteDefinitionFinder(lines: lines, scanner: scanner, lineOffset: lineOffset, markers: markers)
                for found in finder.find(in: blocks, excluding: Set(rewrites.tasks.keys)) {
                    rewrites.lines[found.line] = found.replacement
                    rewrites.footnotes[found.line, default: []].append(found.definition)
                    changed = true
                }
            }
            if useTaskLines {
                let finder = TaskLineFinder(lines: lines, lineOffset: lineOffset, footnoteLines: rewrites.footnotes)
                for found in finder.find(in: blocks) where rewrites.tasks[found.line] == nil {
                    rewrites.lines[found.line] = found.replacement
                    rewrites.tasks[found.line] = found
                    changed = true
                }
            }
            // Tables only once the definitions and task items are settled: those change
            // which paragraphs there are.
            if !changed && useTables {
                let found = findTables(in: blocks, lines: lines, scanner: scanner, rewrites: &rewrites)
                inPlaceTables = found.inPlace
                changed = found.rewritten
            }
            guard changed else { break }
            lines = SourceLines(Self.rebuild(original, rewrites.lines))
        }
        return try finish(blocks, lines: lines, footnoteLines: rewrites.footnotes, taskLines: rewrites.tasks,
                          tables: rewrites.placeholderTables.merging(inPlaceTables) { first, _ in first },
                          placeholderLines: rewrites.placeholderLines, stops: stops, watch: watch)
    }

    /// What the rounds have rewritten, by line index.
    private struct Rewrites {
        var lines: [Int: [UInt8]] = [:]
        var footnotes: [Int: [FootnoteDefinitionLine]] = [:]
        var tasks: [Int: TaskLineFinder.Found] = [:]
        /// Tables whose lines became placeholders, by their first line.
        var placeholderTables: [Int: PendingTable] = [:]
        var placeholderLines = Set<Int>()
    }

    /// The tables in this parse: those that are a whole paragraph of it, to put in its
    /// place, and the others, whose lines become `<!---->` placeholders for the next round.
    private func findTables(in blocks: [MarkdownBlock], lines: SourceLines, scanner: ContainerPrefixScanner,
                            rewrites: inout Rewrites) -> (inPlace: [Int: PendingTable], rewritten: Bool) {
        let finder = TableFinder(lines: lines, scanner: scanner, lineOffset: lineOffset)
        var inPlace: [Int: PendingTable] = [:]
        var rewritten = false
        forEachParagraph(in: blocks) { block, chain in
            guard let found = finder.find(in: block, chain: chain[...]) else { return }
            if found.replacesParagraph {
                inPlace[found.lines.lowerBound] = found.table
                return
            }
            rewrites.placeholderTables[found.lines.lowerBound] = found.table
            for line in found.lines {
                // The first line keeps the markers that open its containers; later lines get
                // the prefixes that continue them (a lazy line would leave them).
                let prefix = line == found.lines.lowerBound
                    ? Array(lines.bytes[lines.starts[line]..<(lines.starts[line] + block.position.startColumn - 1)])
                    : scanner.continuationPrefix(chain[...])
                rewrites.lines[line] = prefix + Array("<!---->".utf8)
                rewrites.placeholderLines.insert(line)
            }
            rewritten = true
        }
        return (inPlace, rewritten)
    }

    /// `lines` is the last parse's text, `nil` when nothing was looked for at the block
    /// level (and callouts were made as libcmark's tree was converted). The inline extensions
    /// walk the tree only when a text holds something for them (`watch`), or there are cells.
    private func finish(_ blocks: [MarkdownBlock], lines: SourceLines?, footnoteLines: [Int: [FootnoteDefinitionLine]],
                        taskLines: [Int: TaskLineFinder.Found], tables: [Int: PendingTable], placeholderLines: Set<Int>,
                        stops: InlineExtensionWalker.Stops,
                        watch: TextTriggerWatch?) throws(MarkdownNestingError) -> [MarkdownBlock] {
        var blocks = blocks
        if lines != nil {
            let builds = try lines.map { lines throws(MarkdownNestingError) in try buildTables(tables, blocks: blocks, lines: lines) } ?? [:]
            let transformer = BlockTransformer(lines: lines, lineOffset: lineOffset, extensions: options.extensions,
                                               footnoteLines: footnoteLines, taskLines: taskLines, tables: builds,
                                               placeholderLines: placeholderLines)
            blocks = transformer.transform(blocks) ?? blocks
        }
        guard stops.any, watch?.seen == true || !tables.isEmpty else { return blocks }
        let definitions = footnoteLines.isEmpty
            ? (labels: [:], winners: []) : FootnoteNumbering.definitionLabels(in: blocks)
        var walker = InlineExtensionWalker(stops: stops, footnoteLabels: definitions.labels, maximumNesting: maximumNesting)
        blocks = try FootnoteNumbering.applyInlineExtensions(&walker, to: blocks, depth: 0) ?? blocks
        if !definitions.labels.isEmpty {
            blocks = FootnoteNumbering.number(blocks, winners: definitions.winners, walker: walker) ?? blocks
        }
        return blocks
    }

    /// Parses every table's cells in one libcmark call and makes the table blocks.
    private func buildTables(_ tables: [Int: PendingTable], blocks: [MarkdownBlock],
                             lines: SourceLines) throws(MarkdownNestingError) -> [Int: BlockTransformer.MarkdownTableBuild] {
        guard !tables.isEmpty else { return [:] }
        var batch = InlineBatch()
        var requests: [Int: (before: Int?, header: [Int], rows: [[Int]])] = [:]
        for (line, table) in tables.sorted(by: { $0.key < $1.key }) {
            let before = table.paragraphBefore.map { batch.add($0.text, line: $0.position.startLine) }
            let header = table.header.cells.map { batch.add($0, line: table.header.line) }
            let rows = table.rows.map { row in row.cells.map { batch.add($0, line: row.line) } }
            requests[line] = (before, header, rows)
        }
        let scanner = ContainerPrefixScanner(lines: lines)
        let references = ReferenceDefinitionCollector(lines: lines, scanner: scanner, lineOffset: lineOffset).collect(blocks)
        let deepest = tables.values.map(\.depth).max() ?? 0
        let inlines = try batch.parse(references: references, options: options,
                                      maximumNesting: max(1, maximumNesting - deepest - 2))
        var builds: [Int: BlockTransformer.MarkdownTableBuild] = [:]
        for (line, table) in tables {
            guard let request = requests[line] else { continue }
            let header = MarkdownTable.Row(cells: request.header.map { inlines[$0] }, line: table.header.line)
            let rows = zip(table.rows, request.rows).map { row, ids in MarkdownTable.Row(cells: ids.map { inlines[$0] }, line: row.line) }
            let block = MarkdownBlock(.table(MarkdownTable(alignments: table.alignments, header: header, rows: rows)),
                                      position: table.position)
            var before: MarkdownBlock?
            if let paragraph = table.paragraphBefore, let id = request.before {
                before = MarkdownBlock(.paragraph(inlines[id]), position: paragraph.position)
            }
            builds[line] = BlockTransformer.MarkdownTableBuild(paragraphBefore: before, table: block)
        }
        return builds
    }

    /// Calls `body` with every paragraph and heading and the containers around it.
    private func forEachParagraph(in blocks: [MarkdownBlock], _ body: (MarkdownBlock, [ContainerStep]) -> Void) {
        var chain: [ContainerStep] = []
        func visit(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block.kind {
                case .paragraph, .heading:
                    body(block, chain)
                case .blockQuote(let children):
                    chain.append(ContainerStep(kind: .blockQuote, startLine: index(block.position.startLine),
                                               startColumn: block.position.startColumn))
                    visit(children)
                    chain.removeLast()
                case .list(_, let items):
                    for item in items {
                        guard case .item(let children) = item.kind else { continue }
                        chain.append(ContainerStep(kind: .item(firstChildLine: children.first.map { index($0.position.startLine) }),
                                                   startLine: index(item.position.startLine), startColumn: item.position.startColumn))
                        visit(children)
                        chain.removeLast()
                    }
                default:
                    continue
                }
            }
        }
        visit(blocks)
    }

    private func index(_ line: Int) -> Int { line - lineOffset - 1 }

    /// The original text with the rewritten lines in place, line endings kept.
    private static func rebuild(_ lines: SourceLines, _ rewrites: [Int: [UInt8]]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(lines.bytes.count + rewrites.count * 8)
        for line in 0..<lines.count {
            if let replacement = rewrites[line] {
                output.append(contentsOf: replacement)
            } else {
                output.append(contentsOf: lines.bytes[lines.starts[line]..<lines.ends[line]])
            }
            output.append(contentsOf: lines.bytes[lines.ends[line]..<lines.nextStart(line)])
        }
        return output
    }
}

/// What a text could hold, found with `memchr` and `strstr` (the bytes searched for are
/// rare in prose, and a bytewise loop over every body was a visible cost): each extension
/// looks only where it could find something. Each test may say yes where nothing is.
struct TextFeatures {
    /// `[^label]:` at the start of a line (after quote markers, list markers, spaces).
    var footnoteMarker = false
    /// A line of only `|`, `:`, `-`, spaces, tabs and quote markers, with a `-` and a `|`
    /// or `:`: a possible delimiter row.
    var mayHoldTable = false
    /// `[ ]`, `[x]` or `[X]` after a list marker at the start of a line.
    var taskMarker = false
    /// `>` at the start of a line (after spaces, list markers or other `>`).
    var blockQuote = false
    /// `~`
    var tilde = false
    /// `www.` where an autolink can start: at the start, after whitespace, one of `*_~(`,
    /// or where a text starts after a block marker. Not `https://www.…` in a link.
    var wwwStart = false
    /// `://`
    var scheme = false
    /// `@` between characters of an e-mail address.
    var at = false
    /// `[^` anywhere: a reference, which without a definition is still one atom of text.
    var footnoteReference = false

    init(_ text: String, extensions: Set<MarkdownExtension>) {
        var text = text
        var features = TextFeatures()
        text.withUTF8 { features.scan($0, extensions: extensions) }
        if extensions.contains(.autolink) {
            // withCString is the string's own terminated storage: strstr runs without a copy.
            let count = text.utf8.count
            features.wwwStart = text.withCString { Self.hasWWWStart($0, count: count) }
        }
        self = features
    }

    /// `www.` where a text can start: after whitespace or `*_~(`, or right after a
    /// block's marker (`>www.`, `|www.`, `[^1]:www.`).
    private static func hasWWWStart(_ text: UnsafePointer<CChar>, count: Int) -> Bool {
        var position = text
        while let hit = strstr(position, "www.") {
            let offset = text.distance(to: hit)
            let before = offset > 0 ? UInt8(bitPattern: text[offset - 1]) : 0x20
            if ASCII.isSpace(before) || "*_~(|>:".utf8.contains(before) { return true }
            position = UnsafePointer(hit) + 1
        }
        // strstr stops at a NUL, which libcmark reads as U+FFFD; after one, assume yes.
        return strlen(text) < count
    }

    private init() {}

    /// One `memchr` pass per byte that starts what the extensions look for (`[`, `:`, `|`,
    /// `>`, `@`, `~`, `.`), checking the bytes around each hit; a pass stops once it has
    /// found all it can find.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, extensions: Set<MarkdownExtension>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        func byte(_ index: Int) -> UInt8 { index >= 0 && index < count ? base[index] : 0 }
        /// Calls `body` with each offset of `target` until it returns true.
        func forEach(_ target: UInt8, _ body: (Int) -> Bool) {
            var offset = 0
            while offset < count, let found = memchr(base + offset, Int32(target), count - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if body(index) { return }
                offset = index + 1
            }
        }
        // The line of the last hit, so that many hits on one long line (a header row of
        // 10,000 cells) look at the line once.
        var cachedLine = (start: 0, end: -1)
        func line(_ index: Int) -> (start: Int, end: Int) {
            if index >= cachedLine.start && index < cachedLine.end { return cachedLine }
            var start = index, end = index
            while start > 0, base[start - 1] != 0x0A, base[start - 1] != 0x0D { start -= 1 }
            while end < count, base[end] != 0x0A, base[end] != 0x0D { end += 1 }
            cachedLine = (start, end)
            return cachedLine
        }
        /// Where the prefix of spaces, tabs, `>` and list markers of each line ends, by line start.
        var prefixEnds: [Int: Int] = [:]
        func prefixEnd(_ index: Int) -> Int {
            let (start, end) = line(index)
            if let known = prefixEnds[start] { return known }
            var position = start
            while position < end {
                let current = base[position]
                if current == 0x20 || current == 0x09 || current == UInt8(ascii: ">") {
                    position += 1
                } else if let (_, length) = BlockScanner.listMarker(bytes, position, end) {
                    position += length
                } else {
                    break
                }
            }
            prefixEnds[start] = position
            return position
        }
        var checkedRows = Set<Int>()
        /// Whether `index`'s line is only `|:-`, spaces and `>`, with a `-` and a `|` or `:`.
        func delimiterRowLine(_ index: Int) -> Bool {
            let (start, end) = line(index)
            guard checkedRows.insert(start).inserted else { return false }
            var dash = false, pipeOrColon = false
            for position in start..<end {
                switch base[position] {
                case UInt8(ascii: "-"): dash = true
                case UInt8(ascii: "|"), UInt8(ascii: ":"): pipeOrColon = true
                case 0x20, 0x09, UInt8(ascii: ">"): continue
                default: return false
                }
            }
            return dash && pipeOrColon
        }
        let footnotes = extensions.contains(.footnotes), tables = extensions.contains(.table)
        let tasks = extensions.contains(.tasklist), autolinks = extensions.contains(.autolink)
        if footnotes || tasks {
            forEach(UInt8(ascii: "[")) { index in
                let next = byte(index + 1)
                if footnotes && next == UInt8(ascii: "^") {
                    footnoteReference = true
                    // A definition: `[^label]:` where a line starts.
                    var close = index + 2
                    while close < count, !" \t\n\r]".utf8.contains(base[close]) { close += 1 }
                    if byte(close) == UInt8(ascii: "]"), byte(close + 1) == UInt8(ascii: ":"), close > index + 2,
                       prefixEnd(index) == index {
                        footnoteMarker = true
                    }
                } else if tasks, next == 0x20 || next | 0x20 == UInt8(ascii: "x"), byte(index + 2) == UInt8(ascii: "]"),
                          prefixEnd(index) == index {
                    taskMarker = true
                }
                return (!footnotes || footnoteMarker) && (!tasks || taskMarker)
            }
        }
        if tables || autolinks {
            forEach(UInt8(ascii: ":")) { index in
                if autolinks && byte(index + 1) == UInt8(ascii: "/") && byte(index + 2) == UInt8(ascii: "/") {
                    scheme = true
                }
                if tables && !mayHoldTable && (byte(index - 1) == UInt8(ascii: "-") || byte(index + 1) == UInt8(ascii: "-")) {
                    mayHoldTable = delimiterRowLine(index)
                }
                return (!autolinks || scheme) && (!tables || mayHoldTable)
            }
        }
        if tables && !mayHoldTable {
            forEach(UInt8(ascii: "|")) { index in
                mayHoldTable = delimiterRowLine(index)
                return mayHoldTable
            }
        }
        if extensions.contains(.callouts) {
            // A footnote definition's first line can hold a quote after its `]:`.
            blockQuote = footnoteMarker
            if !blockQuote {
                forEach(UInt8(ascii: ">")) { index in
                    blockQuote = index < prefixEnd(index)
                    return blockQuote
                }
            }
        }
        if extensions.contains(.strikethrough) { tilde = memchr(base, Int32(UInt8(ascii: "~")), count) != nil }
        if autolinks {
            // An address has a letter, digit or one of `.+-_` before its `@` and a letter or
            // digit after it (`@MainActor` in code has neither).
            forEach(UInt8(ascii: "@")) { index in
                let before = byte(index - 1), after = byte(index + 1)
                at = (ASCII.isAlphanumeric(before) || ".+-_".utf8.contains(before)) && ASCII.isAlphanumeric(after)
                return at
            }
        }
    }
}
