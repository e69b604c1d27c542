/// A Markdown extension beyond CommonMark, chosen per parse in
/// ``MarkdownOptions/extensions``. All but ``callouts`` are GitHub Flavored Markdown and
/// render byte for byte as cmark-gfm 0.29 does.
public enum MarkdownExtension: String, Sendable, Hashable, CaseIterable {
    /// Pipe tables with a `| --- | :-: |` delimiter row.
    case table
    /// `~one~` and `~~two~~` tildes around text: `<del>`.
    case strikethrough
    /// Links without angle brackets: `www.example.com`, `https://…`, `http://…`,
    /// `ftp://…` and e-mail addresses.
    case autolink
    /// `- [ ] todo` and `- [x] done` list items: a disabled checkbox.
    case tasklist
    /// With raw HTML allowed, `<title>`, `<textarea>`, `<style>`, `<xmp>`, `<iframe>`,
    /// `<noembed>`, `<noframes>`, `<script>` and `<plaintext>` are written as text
    /// (`&lt;script>`). Without raw HTML it changes nothing: all raw HTML is omitted.
    case tagfilter
    /// `[^label]` references and `[^label]: text` definitions, numbered in order of first
    /// reference and written as a `<section class="footnotes">` at the end.
    case footnotes
    /// Block quotes that start with GitHub's `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
    /// `[!WARNING]`, `[!CAUTION]` or the DocC asides `Note:`, `Tip:`, `Important:`,
    /// `Warning:`, `Experiment:` become a labelled `<aside>` (see ``MarkdownCalloutKind``).
    /// Not part of GFM.
    case callouts
    /// kramdown's idioms, for blogs from Jekyll: block attribute lists `{: .class #id}` after
    /// a block, span attribute lists after an image or link, `{::comment}` (dropped),
    /// `{::nomarkdown}` (raw HTML where allowed, else shown as code) and definition lists
    /// (`Term`, then `: definition`) as `<dl>`. Not part of GFM; off unless a site names it.
    case kramdown

    /// Every GitHub Flavored Markdown extension: what `cmark-gfm -e table -e strikethrough
    /// -e autolink -e tasklist -e tagfilter -e footnotes` applies.
    static let gfm: Set<MarkdownExtension> = [.table, .strikethrough, .autolink, .tasklist, .tagfilter, .footnotes]
}

/// A GFM table: a header row, a delimiter row that sets each column's alignment, and
/// body rows. A row has ``alignments``.count cells, as GFM specifies: long rows are cut,
/// and the cells a short row lacks are empty. Those are not stored (a row holds the cells
/// written, the header all of them): renderers give them their place.
package struct MarkdownTable: Sendable, Hashable {
    /// A column's alignment from the delimiter row: `:--`, `:-:`, `--:` or `---`.
    enum Alignment: Sendable, Hashable {
        case none
        case left
        case center
        case right
    }

    package struct Row: Sendable, Hashable {
        /// One inline sequence per column written, the first `cells.count` columns; the
        /// rest are empty. Cell text was parsed as inline Markdown with the document's link
        /// reference definitions.
        package var cells: [[MarkdownInline]]
        /// The row's line, with the parse's `lineOffset` applied.
        package var line: Int
    }

    var alignments: [Alignment]
    package var header: Row
    /// The body rows; empty when the table is only a header.
    package var rows: [Row]
}

/// A footnote definition, `[^label]: text` with optional indented continuation blocks.
package struct MarkdownFootnoteDefinition: Sendable, Hashable {
    /// The label as written between `[^` and `]`; the HTML ids are built from it
    /// (`fn-label`, `fnref-label`). References match it without regard to case.
    package var label: String
    /// The footnote's number, in order of first reference; `nil` when nothing refers to
    /// it (or an earlier definition has the same label), and then it is not rendered.
    package var number: Int?
    /// How many references point here; the footnote gets one back-link per reference.
    package var referenceCount: Int
    package var blocks: [MarkdownBlock]
}

/// A `[^label]` that names a footnote definition. References to labels without a
/// definition stay text, as in cmark-gfm.
package struct MarkdownFootnoteReference: Sendable, Hashable {
    /// The label of the definition referred to, as the definition writes it.
    var label: String
    /// The footnote's number, shown as the reference's text.
    var number: Int
    /// 1 for the first reference to this footnote, 2 for the second, …; later references
    /// get the id `fnref-label-2`, ….
    var occurrence: Int
}

/// The kind of a callout, from GitHub's `> [!NOTE]` alerts or DocC's `> Note:` asides.
///
/// The renderer writes a callout as
///
/// ```html
/// <aside class="callout callout-note" role="note">
/// <p class="callout-label">Note</p>
/// <p>The quote's content…</p>
/// </aside>
/// ```
///
/// `role="note"` keeps a page with many callouts from listing each as a complementary
/// landmark, and the visible label names the callout for everyone, so no `aria-label`
/// repeats it. The class is `callout-` followed by the raw value.
package enum MarkdownCalloutKind: String, Sendable, Hashable, CaseIterable {
    case note
    case tip
    case important
    case warning
    case caution
    /// DocC's `Experiment:` aside; GitHub has no such alert.
    case experiment

    /// The visible label: `Note`, `Tip`, `Important`, `Warning`, `Caution`, `Experiment`.
    var label: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        case .experiment: "Experiment"
        }
    }
}
