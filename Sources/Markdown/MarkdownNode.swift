/// Where a block came from in the original file.
///
/// Lines are 1-based and already shifted by the `lineOffset` given to
/// ``MarkdownDocument/parse(_:options:lineOffset:)``, so a body that follows
/// front matter reports line numbers of the whole file. Columns are 1-based
/// byte columns as cmark reports them and are never shifted: front matter
/// only ever moves whole lines.
package struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    package var startLine: Int
    package var startColumn: Int
    package var endLine: Int
    var endColumn: Int

    /// Same shape as cmark's `data-sourcepos` attribute.
    package var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }
}

/// Attributes of a bullet or ordered list.
package struct ListAttributes: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case bullet
        case ordered
    }

    /// The character after an ordered list number; `.none` for bullet lists.
    enum Delimiter: Sendable, Hashable {
        case none
        case period
        case paren
    }

    var kind: Kind
    /// Number of the first item; meaningful for ordered lists only.
    var start: Int
    /// Tight lists render their items' paragraphs without `<p>`.
    var isTight: Bool
    var delimiter: Delimiter

    init(kind: Kind, start: Int = 1, isTight: Bool, delimiter: Delimiter = .none) {
        self.kind = kind
        self.start = start
        self.isTight = isTight
        self.delimiter = delimiter
    }
}

/// A block-level node. Every block carries its source position so errors and
/// warnings can point at the right line of the post.
package struct MarkdownBlock: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case blockQuote([MarkdownBlock])
        /// Children are always `.item` blocks.
        case list(ListAttributes, items: [MarkdownBlock])
        case item([MarkdownBlock])
        /// `info` is the whole info string (empty for indented code);
        /// `literal` keeps its trailing newline, exactly as cmark stores it.
        case codeBlock(info: String, literal: String)
        case htmlBlock(String)
        /// Never produced by the parser; lets transforms wrap blocks in
        /// verbatim markup (cmark's `CMARK_NODE_CUSTOM_BLOCK`).
        case customBlock(onEnter: String, onExit: String, children: [MarkdownBlock])
        case paragraph([MarkdownInline])
        case heading(level: Int, [MarkdownInline])
        case thematicBreak
        /// A GFM table (``MarkdownExtension/table``).
        case table(MarkdownTable)
        /// A list item that starts with `[ ]` or `[x]` (``MarkdownExtension/tasklist``); it
        /// takes the place of ``item(_:)`` inside a ``list(_:items:)``.
        case taskItem(checked: Bool, [MarkdownBlock])
        /// A `[^label]:` definition where it was written (``MarkdownExtension/footnotes``).
        /// The renderer collects the referenced ones into the footnotes section at the end.
        case footnoteDefinition(MarkdownFootnoteDefinition)
        /// A block quote that starts with `[!NOTE]` or `Note:` (``MarkdownExtension/callouts``);
        /// the children are the quote's blocks without that marker.
        case callout(MarkdownCalloutKind, [MarkdownBlock])
        /// A block directive of the catalog (``MarkdownDirective``), its body folded into it.
        /// The site renders it; the plain renderer writes its body's blocks alone. Boxed:
        /// unboxed it would be the largest payload and make every block bigger.
        indirect case directive(MarkdownDirective)
        /// A block with a kramdown attribute list (``MarkdownExtension/kramdown``): the
        /// attributes go on the first tag the one child renders.
        case attributed([MarkdownAttribute], [MarkdownBlock])
        /// A term of a kramdown definition list, `<dt>` (the list is a custom block).
        case definitionTerm([MarkdownInline])
    }

    package var kind: Kind
    package var position: SourcePosition

    package init(_ kind: Kind, position: SourcePosition) {
        self.kind = kind
        self.position = position
    }
}

/// An inline node. cmark 0.30 does not track reliable positions for inlines,
/// so none are stored.
///
/// Deliberately not `indirect`: children already live in arrays, and an
/// indirect enum would heap-allocate a box for every text node and break.
package enum MarkdownInline: Sendable, Hashable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case html(String)
    /// Never produced by the parser; the inline counterpart of
    /// ``MarkdownBlock/Kind/customBlock(onEnter:onExit:children:)``.
    case custom(onEnter: String, onExit: String, children: [MarkdownInline])
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case link(url: String, title: String, children: [MarkdownInline])
    case image(url: String, title: String, children: [MarkdownInline])
    /// `~~text~~` or `~text~` (``MarkdownExtension/strikethrough``).
    case strikethrough([MarkdownInline])
    /// `[^label]` that names a footnote definition (``MarkdownExtension/footnotes``).
    case footnoteReference(MarkdownFootnoteReference)
    /// An image or link with a kramdown span attribute list (`![a](b.png){:width="50%"}`):
    /// the attributes go on the first tag the one child renders.
    case attributed([MarkdownAttribute], [MarkdownInline])
}

/// Options that affect parsing and rendering.
package struct MarkdownOptions: Sendable, Hashable {
    /// Curly quotes, en/em dashes and ellipses (cmark's `CMARK_OPT_SMART`).
    package var smartPunctuation: Bool
    /// Pass raw HTML and `javascript:`-style URLs through (cmark's
    /// `CMARK_OPT_UNSAFE`). Off by default, matching cmark: raw HTML becomes
    /// `<!-- raw HTML omitted -->` and dangerous URLs become empty.
    var allowRawHTML: Bool
    /// GitHub Flavored Markdown extensions (and callouts) to apply. Empty, the default,
    /// is exact CommonMark: the output is byte for byte libcmark's.
    var extensions: Set<MarkdownExtension>
    /// The block directives a parse knows (`@Image(…)`, a site's components). Empty, the
    /// default, parses none: every `@` is text.
    package var directives: MarkdownDirectiveCatalog

    package init(smartPunctuation: Bool = false, allowRawHTML: Bool = false,
                extensions: Set<MarkdownExtension> = [], directives: MarkdownDirectiveCatalog = MarkdownDirectiveCatalog()) {
        self.smartPunctuation = smartPunctuation
        self.allowRawHTML = allowRawHTML
        self.extensions = extensions
        self.directives = directives
    }
}

/// A parsed Markdown body: a plain Swift value, independent of libcmark once
/// built, so it can be cached, transformed and shared across tasks.
package struct MarkdownDocument: Sendable, Hashable {
    package var blocks: [MarkdownBlock]
    /// The options the document was parsed with; rendering honours
    /// `allowRawHTML` from here so parse and render cannot disagree.
    var options: MarkdownOptions
    /// Size of the parsed text, used only to pre-size the render buffer; not
    /// part of equality because it says nothing about the content.
    var sourceUTF8Count = 0
    /// What did not fit the directive catalog, in the order found (empty without directives).
    package var directiveProblems: [MarkdownDirectiveProblem] = []
    /// Warnings of the kramdown extension (attributes left out, nomarkdown shown as code).
    package var kramdownWarnings: [MarkdownDirectiveProblem] = []

    init(blocks: [MarkdownBlock], options: MarkdownOptions = MarkdownOptions()) {
        self.blocks = blocks
        self.options = options
    }

    package static func == (lhs: MarkdownDocument, rhs: MarkdownDocument) -> Bool {
        lhs.blocks == rhs.blocks && lhs.options == rhs.options
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(blocks)
        hasher.combine(options)
    }
}
