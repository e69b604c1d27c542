/// Renders a ``MarkdownDocument`` to HTML.
///
/// With no hooks set the output is byte-for-byte what libcmark 0.30.2's
/// `cmark_render_html` produces for the same document and options (without
/// `CMARK_OPT_SOURCEPOS`, `HARDBREAKS` or `NOBREAKS`). Hooks change only the
/// piece they name, so callers never re-implement the rest of the renderer.
///
/// The renderer is an immutable value; one instance can be shared by any
/// number of concurrent renders.
package struct HTMLRenderer: Sendable {
    /// Replaces a code block's whole `<pre><code>…</code></pre>` output.
    /// Receives the full info string (empty for indented code) and the
    /// unescaped literal. Return `nil` for the default rendering. The returned
    /// HTML is inserted verbatim, on a line of its own.
    package typealias CodeBlockHook = @Sendable (_ info: String, _ literal: String) -> String?

    /// Supplies an `id` attribute for a heading from its level and plain text
    /// (see ``plainText(of:)-([MarkdownInline])``). Return `nil` or `""` for no
    /// id. The renderer HTML-escapes the id and, within one render, makes
    /// repeats unique by appending `-1`, `-2`, … so the hook can stay a pure
    /// function such as ``HTMLRenderer/slug(_:)``.
    package typealias HeadingIDHook = @Sendable (_ level: Int, _ plainText: String) -> String?

    /// Rewrites the URL of every link and image before anything else looks
    /// at it. The safe-mode check for dangerous schemes and href escaping are
    /// applied to the rewritten URL, so a hook cannot smuggle `javascript:`
    /// past safe mode.
    package typealias LinkURLHook = @Sendable (_ url: String) -> String

    /// Markup appended inside a heading that has an id, after its text: an
    /// anchor link such as `<a class="heading-anchor" href="#id">#</a>`.
    /// Receives the final (unique, unescaped) id and the heading's plain text;
    /// the returned HTML is inserted verbatim.
    package typealias HeadingAnchorHook = @Sendable (_ id: String, _ plainText: String) -> String

    var codeBlock: CodeBlockHook?
    var headingID: HeadingIDHook?
    var linkURL: LinkURLHook?
    var headingAnchor: HeadingAnchorHook?
    /// Ids the page around the document already uses (a theme's `id="content"`): a
    /// heading that would get one of them gets `-1` (or the next free suffix) instead.
    var reservedHeadingIDs: Set<String>
    /// Put before the ids of footnotes and their references, so that several documents
    /// can share a page: with `"post-a-"` a footnote is `id="post-a-fn-1"` and its
    /// reference `id="post-a-fnref-1"` (and every `href` follows). Empty, the default,
    /// gives cmark-gfm's `fn-` and `fnref-` ids. Escaped like a URL, as the label is.
    var footnoteIDPrefix: String
    /// The accessible name of a task item's checkbox (`aria-label`), which has no `<label>`:
    /// `"Done"` reads "Done, checkbox, not checked". Nil, the default, gives cmark-gfm's
    /// markup, which axe-core reports as a form field without a label.
    var taskCheckboxLabel: String?
    /// HTML put first in the footnotes' `<section>` (a heading that names them, which
    /// cmark-gfm's markup lacks). Nil, the default, gives cmark-gfm's markup.
    var footnotesHeading: String?

    package init(
        codeBlock: CodeBlockHook? = nil,
        headingID: HeadingIDHook? = nil,
        linkURL: LinkURLHook? = nil,
        headingAnchor: HeadingAnchorHook? = nil,
        reservedHeadingIDs: Set<String> = [],
        footnoteIDPrefix: String = "",
        taskCheckboxLabel: String? = nil,
        footnotesHeading: String? = nil
    ) {
        self.codeBlock = codeBlock
        self.headingID = headingID
        self.linkURL = linkURL
        self.headingAnchor = headingAnchor
        self.reservedHeadingIDs = reservedHeadingIDs
        self.footnoteIDPrefix = footnoteIDPrefix
        self.taskCheckboxLabel = taskCheckboxLabel
        self.footnotesHeading = footnotesHeading
    }

    /// A heading that received an id, as a table of contents lists it.
    package struct Heading: Sendable, Hashable {
        package var level: Int
        /// Unique within the render, unescaped.
        package var id: String
        /// The heading's plain text (``plainText(of:)-([MarkdownInline])``).
        package var text: String
        /// The heading's inline content rendered as HTML (emphasis and code
        /// kept), without the anchor.
        var html: String
    }

    /// The HTML of a document and, in document order, the headings given ids.
    package struct Rendering: Sendable {
        package var html: String
        package var headings: [Heading]
    }

    /// Renders with the options the document was parsed with.
    func render(_ document: MarkdownDocument) -> String {
        renderCollectingHeadings(document).html
    }

    /// Renders like ``render(_:)-(MarkdownDocument)`` and also returns the
    /// headings that received ids, with the ids the HTML uses.
    package func renderCollectingHeadings(_ document: MarkdownDocument) -> Rendering {
        // Markdown rarely grows by more than half when rendered (code-heavy
        // posts come closest); sizing for that avoids regrowth on the hot
        // path at the price of a few transient kilobytes.
        let estimate = document.sourceUTF8Count + document.sourceUTF8Count / 2 + 1024
        var state = RenderState(renderer: self, options: document.options, capacity: estimate)
        state.renderBlocks(document.blocks, inTightList: false)
        state.renderFootnoteSection()
        return Rendering(html: state.output.string, headings: state.headings)
    }

    /// Renders a fragment, e.g. a transformed subset of a document's blocks.
    func render(_ blocks: [MarkdownBlock], options: MarkdownOptions) -> String {
        var state = RenderState(renderer: self, options: options, capacity: 1024)
        state.renderBlocks(blocks, inTightList: false)
        state.renderFootnoteSection()
        return state.output.string
    }

    /// Renders inline content alone, e.g. a heading's text for a table of
    /// contents or a title.
    package func render(_ inlines: [MarkdownInline], options: MarkdownOptions) -> String {
        var state = RenderState(renderer: self, options: options, capacity: 256)
        state.renderInlines(inlines)
        return state.output.string
    }
}

extension MarkdownDocument {
    /// Shorthand for `renderer.render(self)`.
    func html(using renderer: HTMLRenderer = HTMLRenderer()) -> String {
        renderer.render(self)
    }
}

/// Mutable state of one render call; mirrors the structure of cmark's
/// `S_render_node` case by case so the output stays comparable to html.c.
struct RenderState: ~Copyable {
    let renderer: HTMLRenderer
    let allowRawHTML: Bool
    /// cmark-gfm's tagfilter: only with raw HTML allowed, as cmark-gfm filters only then.
    let filtersTags: Bool
    var output: HTMLOutput
    /// Heading ids already emitted in this render; only used with a hook.
    var usedHeadingIDs: Set<String> = []
    /// Per id asked for more than once, the suffix to try next: every smaller one is taken.
    var nextHeadingSuffix: [String: Int] = [:]
    /// Headings given ids, in document order.
    var headings: [HTMLRenderer.Heading] = []
    /// Numbered footnote definitions met so far; they are written at the end.
    var footnotes: [MarkdownFootnoteDefinition] = []

    init(renderer: HTMLRenderer, options: MarkdownOptions, capacity: Int) {
        self.renderer = renderer
        self.allowRawHTML = options.allowRawHTML
        self.filtersTags = options.allowRawHTML && options.extensions.contains(.tagfilter)
        self.output = HTMLOutput(reservingCapacity: capacity)
        self.usedHeadingIDs = renderer.reservedHeadingIDs
    }

    /// `inTightList` is true only for the children of an item of a tight
    /// list: cmark drops `<p>` for a paragraph whose grandparent is a tight
    /// list, and nothing deeper.
    mutating func renderBlocks(_ blocks: [MarkdownBlock], inTightList: Bool) {
        for block in blocks {
            renderBlock(block, inTightList: inTightList)
        }
    }

    mutating func renderBlock(_ block: MarkdownBlock, inTightList: Bool) {
        switch block.kind {
        case .blockQuote(let children):
            output.ensureNewline()
            output.append("<blockquote>\n")
            renderBlocks(children, inTightList: false)
            output.ensureNewline()
            output.append("</blockquote>\n")

        case .list(let attributes, let items):
            output.ensureNewline()
            if attributes.kind == .bullet {
                output.append("<ul>\n")
            } else if attributes.start == 1 {
                output.append("<ol>\n")
            } else {
                output.append("<ol start=\"")
                output.append(decimal: attributes.start)
                output.append("\">\n")
            }
            renderBlocks(items, inTightList: attributes.isTight)
            output.append(attributes.kind == .bullet ? "</ul>\n" : "</ol>\n")

        case .item(let children):
            output.ensureNewline()
            output.append("<li>")
            renderBlocks(children, inTightList: inTightList)
            output.append("</li>\n")

        case .heading(let level, let inlines):
            output.ensureNewline()
            output.append("<h")
            output.append(decimal: level)
            var uniqueID: String?
            var text = ""
            if let hook = renderer.headingID {
                text = plainText(of: inlines)
                if let id = hook(level, text), !id.isEmpty {
                    let unique = uniqueHeadingID(id)
                    uniqueID = unique
                    output.append(" id=\"")
                    output.appendEscapedHTML(unique)
                    output.append(byte: UInt8(ascii: "\""))
                }
            }
            output.append(byte: UInt8(ascii: ">"))
            let contentStart = output.byteCount
            renderInlines(inlines)
            if let uniqueID {
                headings.append(HTMLRenderer.Heading(level: level, id: uniqueID, text: text,
                                                     html: output.string(from: contentStart)))
                if let anchor = renderer.headingAnchor { output.append(anchor(uniqueID, text)) }
            }
            output.append("</h")
            output.append(decimal: level)
            output.append(">\n")

        case .codeBlock(let info, let literal):
            output.ensureNewline()
            if let hook = renderer.codeBlock, let replacement = hook(info, literal) {
                output.append(replacement)
                output.ensureNewline()
                return
            }
            HTMLRenderer.appendCodeBlock(info: info, literal: literal, to: &output)

        case .htmlBlock(let literal):
            output.ensureNewline()
            if filtersTags {
                appendFilteringTags(literal)
            } else if allowRawHTML {
                output.append(literal)
            } else {
                output.append("<!-- raw HTML omitted -->")
            }
            output.ensureNewline()

        case .directive(let directive):
            renderBlocks(directive.children, inTightList: false)

        case .attributed(let attributes, let children):
            output.ensureNewline()
            let mark = output.byteCount
            renderBlocks(children, inTightList: inTightList)
            output.insertAttributes(attributes, intoFirstTagFrom: mark)

        case .definitionTerm(let inlines):
            output.ensureNewline()
            output.append("<dt>")
            renderInlines(inlines)
            output.append("</dt>")
            output.ensureNewline()

        case .customBlock(let onEnter, let onExit, let children):
            output.ensureNewline()
            output.append(onEnter)
            output.ensureNewline()
            renderBlocks(children, inTightList: false)
            output.ensureNewline()
            output.append(onExit)
            output.ensureNewline()

        case .paragraph(let inlines):
            if inTightList {
                renderInlines(inlines)
            } else {
                output.ensureNewline()
                output.append("<p>")
                renderInlines(inlines)
                output.append("</p>\n")
            }

        case .thematicBreak:
            output.ensureNewline()
            output.append("<hr />\n")

        case .table(let table):
            renderTable(table)

        case .taskItem(let checked, let children):
            output.ensureNewline()
            output.append(checked ? "<li><input type=\"checkbox\" checked=\"\" disabled=\"\"" : "<li><input type=\"checkbox\" disabled=\"\"")
            if let label = renderer.taskCheckboxLabel {
                output.append(" aria-label=\"")
                output.appendEscapedHTML(label)
                output.append("\"")
            }
            output.append(" /> ")
            renderBlocks(children, inTightList: inTightList)
            output.append("</li>\n")

        case .footnoteDefinition(let definition):
            if definition.number != nil {
                footnotes.append(definition)
            } else {
                // An unused definition is not written, but one it holds may be used.
                forEachBlock(in: definition.blocks) { block in
                    if case .footnoteDefinition(let nested) = block.kind, nested.number != nil { footnotes.append(nested) }
                }
            }

        case .callout(let kind, let children):
            renderCallout(kind, children)
        }
    }

    mutating func renderInlines(_ inlines: [MarkdownInline]) {
        for inline in inlines {
            renderInline(inline)
        }
    }

    mutating func renderInline(_ inline: MarkdownInline) {
        switch inline {
        case .text(let literal):
            output.appendEscapedHTML(literal)
        case .softBreak:
            output.append(byte: UInt8(ascii: "\n"))
        case .lineBreak:
            output.append("<br />\n")
        case .code(let literal):
            output.append("<code>")
            output.appendEscapedHTML(literal)
            output.append("</code>")
        case .html(let literal):
            if filtersTags && TagFilter.isFiltered(literal.utf8) {
                output.append("&lt;")
                output.append(String(literal.dropFirst()))
            } else if allowRawHTML {
                output.append(literal)
            } else {
                output.append("<!-- raw HTML omitted -->")
            }
        case .custom(let onEnter, let onExit, let children):
            output.append(onEnter)
            renderInlines(children)
            output.append(onExit)
        case .emphasis(let children):
            output.append("<em>")
            renderInlines(children)
            output.append("</em>")
        case .strong(let children):
            output.append("<strong>")
            renderInlines(children)
            output.append("</strong>")
        case .link(let url, let title, let children):
            output.append("<a href=\"")
            appendURL(url)
            if !title.isEmpty {
                output.append("\" title=\"")
                output.appendEscapedHTML(title)
            }
            output.append("\">")
            renderInlines(children)
            output.append("</a>")
        case .image(let url, let title, let children):
            output.append("<img src=\"")
            appendURL(url)
            output.append("\" alt=\"")
            appendAltText(children)
            if !title.isEmpty {
                output.append("\" title=\"")
                output.appendEscapedHTML(title)
            }
            output.append("\" />")
        case .strikethrough(let children):
            output.append("<del>")
            renderInlines(children)
            output.append("</del>")
        case .footnoteReference(let reference):
            renderFootnoteReference(reference)
        case .attributed(let attributes, let children):
            let mark = output.byteCount
            renderInlines(children)
            output.insertAttributes(attributes, intoFirstTagFrom: mark)
        }
    }

    /// Link and image destinations: rewrite hook first, then cmark's safe-mode
    /// rule (dangerous URLs become an empty attribute), then href escaping.
    mutating func appendURL(_ url: String) {
        let url = renderer.linkURL?(url) ?? url
        if allowRawHTML || !isDangerousURL(url) {
            output.appendEscapedHref(url)
        }
    }

    /// cmark's "plain" mode for image alt text, escaped as it is written so no
    /// intermediate string is built. Raw inline HTML is escaped here even in
    /// unsafe mode, as cmark does.
    private mutating func appendAltText(_ inlines: [MarkdownInline]) {
        for inline in inlines {
            switch inline {
            case .text(let literal), .code(let literal), .html(let literal):
                output.appendEscapedHTML(literal)
            case .softBreak, .lineBreak:
                output.append(byte: UInt8(ascii: " "))
            case .custom(_, _, let children), .emphasis(let children), .strong(let children),
                 .link(_, _, let children), .image(_, _, let children), .strikethrough(let children), .attributed(_, let children):
                appendAltText(children)
            case .footnoteReference:
                // cmark-gfm's plain mode writes nothing for a reference.
                continue
            }
        }
    }

    /// `id`, or GitHub's `id-1`, `id-2`, … with the smallest suffix not taken (a heading
    /// titled `Same 1` takes `same-1` too). The search for each id resumes where its last one
    /// stopped, since ids are only ever added: n equal headings cost n steps, not n².
    private mutating func uniqueHeadingID(_ id: String) -> String {
        guard usedHeadingIDs.contains(id) else {
            usedHeadingIDs.insert(id)
            return id
        }
        var suffix = nextHeadingSuffix[id, default: 1]
        while usedHeadingIDs.contains("\(id)-\(suffix)") {
            suffix += 1
        }
        nextHeadingSuffix[id] = suffix + 1
        let unique = "\(id)-\(suffix)"
        usedHeadingIDs.insert(unique)
        return unique
    }
}
