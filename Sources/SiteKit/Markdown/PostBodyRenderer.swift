import Foundation
import Highlight
import Markdown
import Support

/// A post's or page's body, rendered, with what the rest of the build needs to know of it.
///
/// Its fields live in one shared, copy-on-write storage: a preview's rebuild copies every
/// body of the site several times (from the cache, into the lists of bodies) and copying
/// seven fields (each a retain) was most of looking ten thousand bodies up.
struct RenderedBody: Sendable {
    private final class Storage: @unchecked Sendable {
        var html: String
        var headings: [HTMLRenderer.Heading]
        var links: [ResolvedLink]
        var wordCount: Int
        var excerpt: String
        var checkedSwift: String?
        var warnings: [Diagnostic]
        var usesScript: Bool
        var unhighlighted: [UnhighlightedBlock]
        var firstImage: SocialImage?
        /// The html without the types' popovers, made once (a post is in several feeds); nil
        /// when the body has no types.
        var feedHTML: String?

        init(html: String, headings: [HTMLRenderer.Heading], links: [ResolvedLink], wordCount: Int, excerpt: String,
             checkedSwift: String?, warnings: [Diagnostic], usesScript: Bool, unhighlighted: [UnhighlightedBlock], firstImage: SocialImage?,
             feedHTML: String?) {
            (self.html, self.headings, self.links, self.wordCount) = (html, headings, links, wordCount)
            (self.excerpt, self.checkedSwift, self.warnings) = (excerpt, checkedSwift, warnings)
            (self.usesScript, self.unhighlighted, self.firstImage, self.feedHTML) = (usesScript, unhighlighted, firstImage, feedHTML)
        }

        func copy() -> Storage {
            Storage(html: html, headings: headings, links: links, wordCount: wordCount, excerpt: excerpt, checkedSwift: checkedSwift,
                    warnings: warnings, usesScript: usesScript, unhighlighted: unhighlighted, firstImage: firstImage, feedHTML: feedHTML)
        }
    }

    private var storage: Storage

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    init(html: String, headings: [HTMLRenderer.Heading], links: [ResolvedLink], wordCount: Int, excerpt: String,
         checkedSwift: String? = nil, warnings: [Diagnostic] = [], usesScript: Bool = false,
         unhighlighted: [UnhighlightedBlock] = [], firstImage: SocialImage? = nil, hasTypes: Bool = false) {
        storage = Storage(html: html, headings: headings, links: links, wordCount: wordCount, excerpt: excerpt,
                          checkedSwift: checkedSwift, warnings: warnings, usesScript: usesScript, unhighlighted: unhighlighted,
                          firstImage: firstImage, feedHTML: hasTypes ? CodeTypesHTML.feedHTML(html) : nil)
    }

    var html: String {
        get { storage.html }
        set {
            let storage = unique()
            storage.feedHTML = storage.feedHTML == nil ? nil : CodeTypesHTML.feedHTML(newValue)
            storage.html = newValue
        }
    }
    /// Every heading with its id, in order (the table of contents takes levels 2 and 3).
    var headings: [HTMLRenderer.Heading] {
        get { storage.headings }
        set { unique().headings = newValue }
    }
    /// Every link and image destination, resolved, for the link checker.
    var links: [ResolvedLink] {
        get { storage.links }
        set { unique().links = newValue }
    }
    var wordCount: Int { storage.wordCount }
    /// Plain text: what comes before `<!--more-->`, else the first paragraph ("" if none).
    var excerpt: String { storage.excerpt }
    /// The Swift version of the last check-snippets run, when it passed every Swift block.
    var checkedSwift: String? { storage.checkedSwift }
    /// Template syntax of another generator left in the body (`template_syntax: warn`).
    var warnings: [Diagnostic] { storage.warnings }
    /// Whether the page needs the theme's directive script (tabs, video placeholders).
    var usesScript: Bool { storage.usesScript }
    /// Its code blocks in languages sitegen does not highlight, for the site's one warning.
    var unhighlighted: [UnhighlightedBlock] { storage.unhighlighted }
    /// Its first raster image of the site, which a post without `image:` is shared with.
    var firstImage: SocialImage? { storage.firstImage }
    /// The body as feeds carry it: without the types' popovers (``CodeTypesHTML/feedHTML(_:)``),
    /// made once and only for a body that has them.
    var feedHTML: String { storage.feedHTML ?? storage.html }
}

/// Parses a post's or page's Markdown body with the site's settings. Positions in the
/// tree are file lines, since the body's first line is passed along.
package struct PostBodyParser: Sendable {
    var settings: SiteConfig.MarkdownSettings

    package init(settings: SiteConfig.MarkdownSettings) {
        self.settings = settings
    }

    var options: MarkdownOptions { settings.options }

    package func document(for body: String, file: String, firstLine: Int) throws(Diagnostic) -> MarkdownDocument {
        let document: MarkdownDocument
        do {
            document = try MarkdownDocument.parse(body, options: options, lineOffset: firstLine - 1)
        } catch {
            throw .error(file, SourceLocation(line: error.line, column: 1), error.description)
        }
        guard !document.directiveProblems.isEmpty else { return document }
        let diagnostics = document.directiveProblems.map { problem in
            var message = problem.message
            if let word = problem.misspelt, let near = DidYouMean.suggestion(for: word, among: problem.candidates) {
                message += "; did you mean '\(near)'?"
            }
            return Diagnostic.error(file, SourceLocation(line: problem.line, column: problem.column), message)
        }
        // One error per body, the first, with the others as its notes: all are shown at once.
        throw .error(file, diagnostics[0].location, diagnostics[0].message,
                     notes: diagnostics.dropFirst().map { .note($0.file, $0.location, $0.message) })
    }
}

/// A post's or page's Markdown body as HTML: headings with ids and anchors, links
/// rewritten to the site's URLs, code blocks through ``codeBlock``.
struct PostBodyRenderer: Sendable {
    let parser: PostBodyParser
    let links: LinkResolver
    /// Each body's footnote ids start with its own prefix (``FootnoteIDPrefixes``).
    let footnotes: FootnoteIDPrefixes
    /// The site's formulas, rendered in one batch before any body (``MathRenderer``).
    var math = MathRendering()
    /// What the last check-snippets run recorded, shown under `fails=` and `run` blocks.
    var verified = VerifiedSnippets()
    /// Liquid, shortcodes and kramdown attribute lists left in a body: a warning, an error or nothing.
    var templateSyntax = SiteConfig.TemplateSyntaxPolicy.warn
    /// The files the site publishes, for `@Image`'s check of its source.
    var assets = SiteAssets()
    /// The images' sizes and smaller copies, put on every `<img>` of a body.
    var images = ImageMarkup()
    /// The site's components, for the directives that call them.
    let components: ComponentTemplates
    /// The inline formulas of the bodies the math scan parsed (``formulas(in:known:)``), by
    /// file, with the text they were found in: such a body's render parses only its text
    /// with the formulas as tokens, not the text itself again.
    var inlineMath: [String: InlineMathOfBody] = [:]

    struct InlineMathOfBody: Sendable {
        var body: String
        var firstLine: Int
        var spans: [InlineMath.Span]
    }

    /// Ids the default theme gives elements of a page; headings never take them.
    static let themeIDs: Set<String> = ["content"]
    /// A comment on a line of its own ends a post's excerpt, as in Hugo and Jekyll.
    static let moreMarker = "<!--more-->"

    /// `footnotes`: the prefixes of `links`' pages, when already made (a preview's last rebuild's).
    init(parser: PostBodyParser, links: LinkResolver, footnotes: FootnoteIDPrefixes? = nil) {
        self.parser = parser
        self.links = links
        self.footnotes = footnotes ?? FootnoteIDPrefixes(urlPaths: links.sourceURLPaths.values)
        components = ComponentTemplates(parser.settings.components)
    }

    /// The body of the post or page in `file`, published at `urlPath`.
    func render(_ body: String, file: String, firstLine: Int, urlPath: String) throws(Diagnostic) -> RenderedBody {
        var document: MarkdownDocument
        var inlineMath: [InlineMath.Span] = []
        if let known = self.inlineMath[file], known.firstLine == firstLine, known.body == body {
            // The scan parsed this text without an error, and found these formulas in it.
            inlineMath = known.spans
            document = try parser.document(for: inlineMath.isEmpty ? body : InlineMath.tokenized(body, inlineMath), file: file, firstLine: firstLine)
        } else if InlineMath.mayContain(body, dollars: parser.settings.mathDollars) {
            document = try parser.document(for: body, file: file, firstLine: firstLine)
            let bytes = Array(body.utf8)
            inlineMath = InlineMath.spans(in: bytes, regions: MarkdownCodeRegions(body: bytes, document: document, firstLine: firstLine),
                                          dollars: parser.settings.mathDollars)
            if !inlineMath.isEmpty { document = try parser.document(for: InlineMath.tokenized(body, inlineMath), file: file, firstLine: firstLine) }
        } else {
            document = try parser.document(for: body, file: file, firstLine: firstLine)
        }
        if Self.mayContainMath(body, dollars: parser.settings.mathDollars) {
            document = MathCollector(file: file, body: body, firstLine: firstLine).replacingFormulas(in: document, with: math)
        }
        let written = LinkCollector(body: body, firstLine: firstLine, rawHTML: parser.settings.allowRawHTML).links(in: document)
        let resolved = written.map { link in
            ResolvedLink(written: link, target: links.target(of: link.url, in: file, pageURLPath: urlPath, asWritten: link.inRawHTML))
        }
        var hrefs: [String: String] = [:]
        for link in resolved where !link.written.inRawHTML { hrefs[link.written.url] = links.href(for: link.written.url, target: link.target) }
        if let problem = FenceProblems.problems(in: document, body: body, file: file, firstLine: firstLine).first { throw problem }
        let snippets = UTF8Bytes.contains(body, "swift") ? verified.annotations(of: document, file: file) : SnippetAnnotations()
        let codeBlocks = CodeBlockRenderer(settings: parser.settings.code)
        let footnotePrefix = footnotes.prefix(for: urlPath)
        var reservedIDs = Self.themeIDs
        if parser.settings.extensions.contains(.footnotes), UTF8Bytes.contains(body, "[^") {
            reservedIDs.formUnion(FootnoteIDPrefixes.ids(in: document, prefix: footnotePrefix))
        }
        var usesScript = false
        if DirectiveLowering.holdsDirective(document.blocks) {
            let lowering = DirectiveLowering(file: file, idPrefix: footnotePrefix, hrefs: hrefs,
                                             targets: Dictionary(resolved.map { ($0.written.url, $0.target) }, uniquingKeysWith: { first, _ in first }),
                                             assets: assets, components: components)
            let lowered = lowering.lower(document.blocks)
            if let first = lowered.problems.first {
                throw .error(file, first.location, first.message,
                             notes: lowered.problems.dropFirst().map { .note($0.file, $0.location, $0.message) })
            }
            document.blocks = lowered.blocks
            usesScript = lowered.usesScript
        }
        let renderer = HTMLRenderer(
            codeBlock: snippets.isEmpty ? codeBlocks.hook : snippets.codeBlock(with: codeBlocks),
            headingID: { _, text in HTMLRenderer.slug(text) },
            linkURL: { [hrefs] in hrefs[$0] ?? $0 },
            headingAnchor: { id, _ in
                "<a class=\"heading-anchor\" href=\"#\(HTMLText.escaped(id))\" aria-label=\"Link to this section\">#</a>"
            },
            reservedHeadingIDs: reservedIDs,
            footnoteIDPrefix: footnotePrefix,
            taskCheckboxLabel: "Done",
            // Screen readers list headings: the footnotes get one; the theme hides it from sight.
            footnotesHeading: "<h2 class=\"visually-hidden\" id=\"\(HTMLText.escaped(FootnoteIDPrefixes.headingID(prefix: footnotePrefix)))\">Footnotes</h2>")
        let leftover = try templateSyntaxProblem(body, file: file, firstLine: firstLine, document: document)
        // Inline math's tokens become the formulas' HTML on the page, their TeX in words and excerpts.
        var textDocument = document
        if !inlineMath.isEmpty {
            let source = { (number: Int) in inlineMath[number].tex }
            textDocument = InlineMath.replacingTokens(in: document, with: { .text(source($0)) }, source: source)
            document = InlineMath.replacingTokens(in: document, with: { [math] number in
                let key = MathFormula.Key(tex: inlineMath[number].tex, isDisplay: false)
                return .custom(onEnter: math.html(tex: key.tex, display: false) ?? MathRenderer.sourceHTML(key), onExit: "", children: [])
            }, source: source)
        }
        let rendering = renderer.renderCollectingHeadings(document)
        let (html, firstImage) = try images.complete(rendering.html, file: file, links: resolved.map { link in
            (link.written.inRawHTML ? link.written.url : hrefs[link.written.url] ?? link.written.url, link)
        })
        return RenderedBody(
            html: html, headings: rendering.headings, links: resolved,
            wordCount: WordCounter.count(textDocument),
            excerpt: Self.excerpt(of: textDocument), checkedSwift: snippets.checkedWith,
            warnings: (leftover.map { [$0] } ?? []) + document.kramdownWarnings.map {
                .warning(file, SourceLocation(line: $0.line, column: $0.column), $0.message)
            },
            usesScript: usesScript,
            unhighlighted: UnhighlightedLanguages.blocks(in: document, file: file), firstImage: firstImage,
            hasTypes: !snippets.types.isEmpty)
    }

    /// A cheap test that lets the bodies without formulas (nearly all) skip the search for them.
    static func mayContainMath(_ body: String, dollars: Bool) -> Bool {
        UTF8Bytes.contains(body, "$$") || UTF8Bytes.contains(body, "math") || InlineMath.mayContain(body, dollars: dollars)
    }

    /// Every formula of the posts and pages, for one ``MathRenderer`` batch. Only bodies that
    /// may hold one are parsed for it.
    /// `known`: a preview server's formulas of each body as its last rebuild found them,
    /// taken as they are for an unchanged body (scanning every body for math on every save
    /// was a twentieth of a rebuild).
    /// The bodies it parsed come back with their inline formulas, for ``inlineMath``.
    func formulas(in bodies: [(body: String, file: String, firstLine: Int)], known: MathScans? = nil)
        -> (formulas: [MathFormula], inlineMath: [String: InlineMathOfBody]) {
        // Known scans are taken in one lock: a lock per body, against the other cores', showed.
        var all = known?.formulas(of: bodies) ?? Array(repeating: nil, count: bodies.count)
        let missing = bodies.indices.filter { all[$0] == nil }
        let scanned = missing.parallelMap { number -> (formulas: [MathFormula], inline: [InlineMath.Span]?) in
            let body = bodies[number]
            let dollars = parser.settings.mathDollars
            guard Self.mayContainMath(body.body, dollars: dollars),
                  let document = try? parser.document(for: body.body, file: body.file, firstLine: body.firstLine) else {
                return ([], nil)
            }
            let inline = InlineMath.mayContain(body.body, dollars: dollars)
                ? InlineMath.spans(in: body.body, firstLine: body.firstLine, document: document, dollars: dollars) : []
            return (MathCollector(file: body.file, body: body.body, firstLine: body.firstLine).formulas(in: document)
                    + InlineMath.formulas(of: inline, file: body.file, firstLine: body.firstLine), inline)
        }
        known?.store(zip(missing, scanned).map { ($0, bodies[$0], $1.formulas) })
        var inlineMath: [String: InlineMathOfBody] = [:]
        for (number, found) in zip(missing, scanned) {
            all[number] = found.formulas
            if let spans = found.inline {
                let body = bodies[number]
                inlineMath[body.file] = InlineMathOfBody(body: body.body, firstLine: body.firstLine, spans: spans)
            }
        }
        return (all.flatMap { $0 ?? [] }, inlineMath)
    }

    /// The code block hook with the default `code:` settings (``CodeBlockRenderer``).
    static let codeBlock: HTMLRenderer.CodeBlockHook = CodeBlockRenderer().hook

    /// Plain text on one line: a table's rows and cells run on with spaces; footnotes, shown
    /// at the end of the post, are left out (their references are, by ``plainText(of:)``).
    static func excerpt(of document: MarkdownDocument) -> String {
        let blocks = document.blocks
        if let more = blocks.firstIndex(where: { block in
            if case .htmlBlock(let html) = block.kind { return html.trimmingCharacters(in: .whitespacesAndNewlines) == moreMarker }
            return false
        }) {
            return plainText(of: withoutFootnotes(Array(blocks[..<more]))).split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
        }
        for block in blocks {
            if case .paragraph(let inlines) = block.kind { return plainText(of: inlines) }
        }
        return ""
    }

    /// `blocks` without their footnote definitions, nested ones too (the parser caps the depth).
    private static func withoutFootnotes(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        blocks.compactMap { block in
            if case .footnoteDefinition = block.kind { return nil }
            let children = block.childBlocks
            return children.isEmpty ? block : block.replacingChildBlocks(withoutFootnotes(children))
        }
    }

    /// One warning for a file with template syntax of Jekyll or Hugo left in it (outside
    /// code), at the first construct; an error with `template_syntax: error`.
    private func templateSyntaxProblem(_ body: String, file: String, firstLine: Int, document: MarkdownDocument) throws(Diagnostic) -> Diagnostic? {
        guard templateSyntax != .ignore else { return nil }
        var found = TemplateSyntaxScanner.scan(body, firstLine: firstLine, document: document)
        if parser.settings.extensions.contains(.kramdown) {
            // The kramdown extension renders these itself.
            found.removeAll { $0.kind.isKramdown }
        }
        guard let first = found.first else { return nil }
        let message = "\(TemplateSyntaxScanner.summary(found)) left as text, which readers see; "
            + "convert them (sitegen import does), escape one as \\{, or set template_syntax: ignore"
        guard templateSyntax == .warn else { throw .error(file, first.location, message) }
        return .warning(file, first.location, message)
    }
}

/// The formulas of each body as a build found them, by file and text.
final class MathScans: @unchecked Sendable {
    private let lock = NSLock()
    private var scans = FileEntries<(file: String, body: String, firstLine: Int, formulas: [MathFormula])>()

    /// The formulas of each body scanned before as it is now; nil for the others.
    func formulas(of bodies: [(body: String, file: String, firstLine: Int)]) -> [[MathFormula]?] {
        lock.withLock {
            scans.lookUp(bodies.map(\.file)) { position, entry in
                entry.file == bodies[position].file && entry.firstLine == bodies[position].firstLine && entry.body == bodies[position].body
            }.map { $0?.formulas }
        }
    }

    /// Forgets every scan: the settings that decide what is math changed.
    func removeAll() {
        lock.withLock { scans = FileEntries() }
    }

    /// `scanned`: each with its position in the bodies of the last ``formulas(of:)``.
    func store(_ scanned: [(position: Int, body: (body: String, file: String, firstLine: Int), formulas: [MathFormula])]) {
        guard !scanned.isEmpty else { return }
        lock.withLock {
            for (position, body, formulas) in scanned { scans.store((body.file, body.body, body.firstLine, formulas), file: body.file, position: position) }
        }
    }
}
