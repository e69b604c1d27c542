import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document nested deeper than the renderer supports (`> > > …` thousands deep).
package struct MarkdownNestingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No person writes 256 levels; the recursive renderer has stack to spare for them
    /// even in a debug build on a worker thread.
    static let defaultLimit = 256

    /// The line (with `lineOffset` applied) of the innermost block at the limit.
    package var line: Int
    var limit: Int

    package var description: String {
        "Markdown nested more than \(limit) levels deep (lists, quotes or emphasis inside each other); sitegen renders at most \(limit)"
    }
}

extension MarkdownDocument {
    /// Parses CommonMark text with libcmark and converts the result into a
    /// Swift value tree; the cmark tree is freed before returning.
    ///
    /// - Parameters:
    ///   - text: The Markdown body.
    ///   - options: Parse options; also remembered for rendering. With
    ///     ``MarkdownOptions/extensions`` empty this is libcmark's CommonMark exactly.
    ///   - lineOffset: Added to every line number, for bodies that start
    ///     after front matter: if the body's first line is line 6 of the
    ///     file, pass 5.
    /// - Throws: `MarkdownNestingError` for containers nested deeper than
    ///   `maximumNesting` (blocks and inlines together): rendering recurses, and
    ///   a pathological document must fail with a message, not overflow a stack.
    package static func parse(
        _ text: String,
        options: MarkdownOptions = MarkdownOptions(),
        lineOffset: Int = 0,
        maximumNesting: Int = MarkdownNestingError.defaultLimit
    ) throws(MarkdownNestingError) -> MarkdownDocument {
        if let document = try parseLineExtensions(text, options: options, lineOffset: lineOffset, maximumNesting: maximumNesting) {
            return document
        }
        // The tag filter works when rendering; alone it needs no GFM parse.
        if !options.extensions.subtracting([.tagfilter]).isEmpty {
            let blocks = try GFMParser(options: options, lineOffset: lineOffset, maximumNesting: maximumNesting).parse(text)
            var document = MarkdownDocument(blocks: blocks, options: options)
            document.sourceUTF8Count = text.utf8.count
            return document
        }
        var text = text
        let parsed = text.withUTF8 { utf8 in
            Result { () throws(MarkdownNestingError) -> [MarkdownBlock] in
                try CmarkDocumentParser.parse(utf8, options: options, lineOffset: lineOffset, maximumNesting: maximumNesting)
            }
        }
        var document = MarkdownDocument(blocks: try parsed.get(), options: options)
        document.sourceUTF8Count = text.utf8.count
        return document
    }
}

extension MarkdownDocument {
    /// Directives and kramdown's idioms, which work on lines before libcmark parses
    /// (``DirectiveScanner``, ``KramdownScanner``) and on blocks after; nil, at the cost of
    /// a `memchr` scan or two, when the text holds neither.
    fileprivate static func parseLineExtensions(_ text: String, options: MarkdownOptions, lineOffset: Int,
                                                maximumNesting: Int) throws(MarkdownNestingError) -> MarkdownDocument? {
        let kramdown = options.extensions.contains(.kramdown)
        guard !options.directives.isEmpty || kramdown else { return nil }
        var text = text
        let (mayHoldDirective, mayHoldKramdown) = text.withUTF8 { bytes in
            (DirectiveScanner.mayHoldDirective(bytes, catalog: options.directives), kramdown && KramdownScanner.mayHoldKramdown(bytes))
        }
        guard mayHoldDirective || mayHoldKramdown else { return nil }
        var bytes = Array(text.utf8)
        let directives = mayHoldDirective ? DirectiveScanner(catalog: options.directives, lineOffset: lineOffset).scan(bytes) : nil
        if let directives { bytes = directives.text }
        let idioms = mayHoldKramdown ? KramdownScanner(lineOffset: lineOffset, allowRawHTML: options.allowRawHTML).scan(bytes) : nil
        if let idioms { bytes = idioms.text }
        var plain = options
        plain.directives = MarkdownDirectiveCatalog()
        plain.extensions.remove(.kramdown)
        var document = try parse(String(decoding: bytes, as: UTF8.self), options: plain, lineOffset: lineOffset, maximumNesting: maximumNesting)
        if let idioms {
            document.blocks = KramdownTransform(scan: idioms, lineOffset: lineOffset, allowRawHTML: options.allowRawHTML).transform(document.blocks)
            document.kramdownWarnings = idioms.warnings
        }
        if let directives {
            var problems = directives.problems
            document.blocks = DirectiveFolder(scan: directives, catalog: options.directives, lineOffset: lineOffset)
                .fold(document.blocks, problems: &problems)
            document.directiveProblems = problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        document.options = options
        document.sourceUTF8Count = text.utf8.count
        return document
    }
}

/// libcmark's parse of UTF-8 bytes into the Swift tree, shared by the document's passes
/// and the inline batch.
enum CmarkDocumentParser {
    static func parse(_ bytes: [UInt8], options: MarkdownOptions, lineOffset: Int, maximumNesting: Int,
                      watch: TextTriggerWatch? = nil, callouts: Bool = false) throws(MarkdownNestingError) -> [MarkdownBlock] {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(MarkdownNestingError) -> [MarkdownBlock] in
                try parse(buffer, options: options, lineOffset: lineOffset, maximumNesting: maximumNesting,
                          watch: watch, callouts: callouts)
            }
        }
        return try parsed.get()
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, options: MarkdownOptions, lineOffset: Int, maximumNesting: Int,
                      watch: TextTriggerWatch? = nil, callouts: Bool = false) throws(MarkdownNestingError) -> [MarkdownBlock] {
        var cmarkOptions = CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8
        if options.smartPunctuation { cmarkOptions |= CMARK_OPT_SMART }
        let root = bytes.withMemoryRebound(to: CChar.self) { chars -> OpaquePointer? in
            // An empty buffer may have no base address; cmark needs a valid pointer even
            // for zero bytes.
            guard let base = chars.baseAddress else { return cmark_parse_document("", 0, cmarkOptions) }
            return cmark_parse_document(base, chars.count, cmarkOptions)
        }
        // cmark only returns NULL when allocation fails (it aborts first in practice); an
        // empty document is the least surprising answer.
        guard let root else { return [] }
        defer { cmark_node_free(root) }
        return try CmarkTreeConverter(lineOffset: lineOffset, maximumNesting: maximumNesting, watch: watch,
                                      callouts: callouts).convert(root)
    }
}

/// Turns a cmark tree into ``MarkdownBlock``/``MarkdownInline`` values.
///
/// Walks with cmark's iterator and an explicit stack instead of recursion, so
/// conversion adds no depth limit of its own. (Rendering and releasing the
/// Swift tree do recurse; they are fine to 10,000 levels of nesting on an
/// 8 MB thread stack, far beyond anything a human writes.)
struct CmarkTreeConverter {
    let lineOffset: Int
    let maximumNesting: Int
    /// Set when the inline extensions want to know whether any text holds their triggers.
    var watch: TextTriggerWatch?
    /// Block quotes that start with `[!NOTE]` or `Note:` become callouts as they are
    /// converted, which spares a walk over the whole tree for them.
    var callouts = false

    /// A container node whose children are still being collected.
    private struct PendingContainer {
        let node: OpaquePointer
        var blocks: [MarkdownBlock] = []
        var inlines: [MarkdownInline] = []

        /// Sizes the child array exactly up front: counting siblings is a
        /// few pointer hops in C, while growing arrays by doubling costs a
        /// malloc and copy per step, the bulk of conversion time otherwise.
        init(node: OpaquePointer) {
            self.node = node
            var childCount = 0
            var child = cmark_node_first_child(node)
            while let current = child {
                childCount += 1
                child = cmark_node_next(current)
            }
            guard childCount > 0 else { return }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CUSTOM_INLINE,
                 CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                inlines.reserveCapacity(childCount)
            default:
                blocks.reserveCapacity(childCount)
            }
        }
    }

    func convert(_ root: OpaquePointer) throws(MarkdownNestingError) -> [MarkdownBlock] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }

        var stack: [PendingContainer] = []
        var result: [MarkdownBlock] = []
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
            // Children are appended straight into the parent's arrays rather
            // than returned wrapped in an enum: the wrapper's copies showed
            // up as a tenth of conversion time.
            if event == CMARK_EVENT_ENTER {
                // The iterator reports leaves with an enter event only; the
                // root (a document) is the one node entered with no parent.
                if stack.isEmpty || !appendLeaf(node, to: &stack[stack.count - 1]) {
                    // The document node itself is not a level of nesting.
                    guard stack.count <= maximumNesting else {
                        throw MarkdownNestingError(line: nearestLine(stack) , limit: maximumNesting)
                    }
                    stack.append(PendingContainer(node: node))
                }
            } else if event == CMARK_EVENT_EXIT {
                let finished = stack.removeLast()
                if stack.isEmpty {
                    result = finished.blocks
                } else {
                    appendContainer(finished, to: &stack[stack.count - 1])
                }
            }
        }
        return result
    }

    /// Returns false when `node` is a container, to be collected instead.
    private func appendLeaf(_ node: OpaquePointer, to parent: inout PendingContainer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK:
            parent.blocks.append(MarkdownBlock(
                .codeBlock(info: string(cmark_node_get_fence_info(node)), literal: literal(node)),
                position: position(node)))
        case CMARK_NODE_HTML_BLOCK:
            parent.blocks.append(MarkdownBlock(.htmlBlock(literal(node)), position: position(node)))
        case CMARK_NODE_THEMATIC_BREAK:
            parent.blocks.append(MarkdownBlock(.thematicBreak, position: position(node)))
        case CMARK_NODE_TEXT:
            if let watch, !watch.seen, let literal = cmark_node_get_literal(node) { watch.check(literal) }
            parent.inlines.append(.text(literal(node)))
        case CMARK_NODE_SOFTBREAK:
            parent.inlines.append(.softBreak)
        case CMARK_NODE_LINEBREAK:
            parent.inlines.append(.lineBreak)
        case CMARK_NODE_CODE:
            parent.inlines.append(.code(literal(node)))
        case CMARK_NODE_HTML_INLINE:
            parent.inlines.append(.html(literal(node)))
        default:
            return false
        }
        return true
    }

    private func appendContainer(_ container: PendingContainer, to parent: inout PendingContainer) {
        let node = container.node
        func appendBlock(_ kind: MarkdownBlock.Kind) {
            parent.blocks.append(MarkdownBlock(kind, position: position(node)))
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            if callouts, let (kind, content) = Callout.match(container.blocks) {
                appendBlock(.callout(kind, content))
            } else {
                appendBlock(.blockQuote(container.blocks))
            }
        case CMARK_NODE_LIST:
            appendBlock(.list(listAttributes(node), items: container.blocks))
        case CMARK_NODE_ITEM:
            appendBlock(.item(container.blocks))
        case CMARK_NODE_CUSTOM_BLOCK:
            appendBlock(.customBlock(
                onEnter: string(cmark_node_get_on_enter(node)),
                onExit: string(cmark_node_get_on_exit(node)),
                children: container.blocks))
        case CMARK_NODE_PARAGRAPH:
            appendBlock(.paragraph(container.inlines))
        case CMARK_NODE_HEADING:
            appendBlock(.heading(level: Int(cmark_node_get_heading_level(node)), container.inlines))
        case CMARK_NODE_CUSTOM_INLINE:
            parent.inlines.append(.custom(
                onEnter: string(cmark_node_get_on_enter(node)),
                onExit: string(cmark_node_get_on_exit(node)),
                children: container.inlines))
        case CMARK_NODE_EMPH:
            parent.inlines.append(.emphasis(container.inlines))
        case CMARK_NODE_STRONG:
            parent.inlines.append(.strong(container.inlines))
        case CMARK_NODE_LINK:
            parent.inlines.append(.link(
                url: string(cmark_node_get_url(node)),
                title: string(cmark_node_get_title(node)),
                children: container.inlines))
        case CMARK_NODE_IMAGE:
            parent.inlines.append(.image(
                url: string(cmark_node_get_url(node)),
                title: string(cmark_node_get_title(node)),
                children: container.inlines))
        default:
            // Unknown container types (none exist in cmark 0.30) are dropped
            // rather than guessed at.
            break
        }
    }

    /// Inline nodes carry no line in cmark 0.30: the innermost block that has one.
    private func nearestLine(_ stack: [PendingContainer]) -> Int {
        for container in stack.reversed() {
            let line = Int(cmark_node_get_start_line(container.node))
            if line > 0 { return line + lineOffset }
        }
        return 1 + lineOffset
    }

    private func listAttributes(_ node: OpaquePointer) -> ListAttributes {
        let kind: ListAttributes.Kind = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? .ordered : .bullet
        let delimiter: ListAttributes.Delimiter
        switch cmark_node_get_list_delim(node) {
        case CMARK_PERIOD_DELIM: delimiter = .period
        case CMARK_PAREN_DELIM: delimiter = .paren
        default: delimiter = .none
        }
        return ListAttributes(
            kind: kind,
            start: Int(cmark_node_get_list_start(node)),
            isTight: cmark_node_get_list_tight(node) != 0,
            delimiter: delimiter)
    }

    private func position(_ node: OpaquePointer) -> SourcePosition {
        SourcePosition(
            startLine: Int(cmark_node_get_start_line(node)) + lineOffset,
            startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)) + lineOffset,
            endColumn: Int(cmark_node_get_end_column(node)))
    }

    private func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

/// Whether any text node of a parse holds one of some byte sequences (`://`, `~`, …): when
/// none does, the inline extensions have nothing to do and skip walking the tree.
final class TextTriggerWatch {
    private let needles: [[CChar]]
    /// The needles' first bytes, for one `strpbrk` per text (or `strchr` when they share one):
    /// text nodes are many and short, and most hold none of these bytes.
    private let firstBytes: [CChar]
    private let singleFirstByte: Int32
    private(set) var seen = false

    init(_ needles: [String]) {
        self.needles = needles.map { Array($0.utf8CString) }
        let first = Set(needles.compactMap(\.utf8.first))
        firstBytes = first.map { CChar(bitPattern: $0) } + [0]
        singleFirstByte = first.count == 1 ? first.first.map { Int32($0) } ?? 0 : 0
    }

    func check(_ text: UnsafePointer<CChar>) {
        var position = text
        while true {
            let found = singleFirstByte != 0 ? strchr(position, singleFirstByte)
                : firstBytes.withUnsafeBufferPointer { bytes in bytes.baseAddress.flatMap { strpbrk(position, $0) } }
            guard let hit = found else { return }
            for needle in needles where strncmp(hit, needle, needle.count - 1) == 0 {
                seen = true
                return
            }
            position = UnsafePointer(hit) + 1
        }
    }
}
