/// Which generator a site was made for.
package enum SourceGenerator: String, Sendable, CaseIterable {
    case jekyll, hugo

    var displayName: String { self == .jekyll ? "Jekyll" : "Hugo" }
}

/// Each kind of change the import makes, counted in the report.
enum Conversion: String, Sendable, CaseIterable, Comparable {
    case highlightToFence = "highlight-to-fence"
    case highlightShortcodeToFence = "highlight-shortcode-to-fence"
    case highlightOptionKept = "highlight-option-kept"
    case highlightOptionDropped = "highlight-option-dropped"
    case postURLToLink = "post-url-to-link"
    case linkTagToLink = "link-tag-to-link"
    case refToLink = "ref-to-link"
    case baseURLPrefixRemoved = "baseurl-prefix-removed"
    case siteURLPrefixRemoved = "url-prefix-removed"
    case siteVariableReplaced = "site-variable-replaced"
    case urlFilterReplaced = "url-filter-replaced"
    case rawUnwrapped = "raw-unwrapped"
    case escapedShortcodeUnwrapped = "escaped-shortcode-unwrapped"
    case figureIncludeToImage = "figure-include-to-image"
    case figureShortcodeToImage = "figure-shortcode-to-image"
    case includeToComponent = "include-to-component"
    case assetToImage = "asset-to-image"
    case calloutTagToCallout = "callout-tag-to-callout"
    case videoShortcodeToDirective = "video-shortcode-to-directive"
    case gistShortcodeToDirective = "gist-shortcode-to-directive"
    case postShortcodeToLink = "post-shortcode-to-link"
    case paramShortcodeReplaced = "param-shortcode-replaced"
    case kramdownKept = "kramdown-kept"
    case slugAdded = "slug-added"
    case titleAdded = "title-added"
    case draftAdded = "draft-added"
    case dateConverted = "date-converted"
    case dateAdded = "date-added"
    case categoriesAdded = "categories-added"
    case redirectAdded = "redirect-added"
    case extensionRenamed = "extension-renamed"
    case frontMatterToYAML = "front-matter-to-yaml"
    case duplicateKeyDropped = "duplicate-key-dropped"
    case defaultsApplied = "defaults-applied"

    var summary: String {
        switch self {
        case .highlightToFence: "{% highlight %} → fenced code block"
        case .highlightShortcodeToFence: "{{< highlight >}} → fenced code block"
        case .highlightOptionKept: "linenos, linenostart, hl_lines, mark_lines → the fence's words (line numbers, highlighted lines)"
        case .highlightOptionDropped: "other highlight options dropped (style, anchorlinenos, …: only the look)"
        case .postURLToLink: "{% post_url %} → .md link"
        case .linkTagToLink: "{% link %} → .md link or site path"
        case .refToLink: "{{< ref >}} / {{< relref >}} → .md link"
        case .baseURLPrefixRemoved: "{{ site.baseurl }} link prefix removed"
        case .siteURLPrefixRemoved: "{{ site.url }} link prefix removed"
        case .siteVariableReplaced: "{{ site.url }} / {{ site.baseurl }} outside a link → its value"
        case .urlFilterReplaced: "{{ '…' | relative_url }} / absolute_url → the path"
        case .rawUnwrapped: "{% raw %}…{% endraw %} unwrapped"
        case .escapedShortcodeUnwrapped: "{{</* … */>}} → the shortcode as text"
        case .figureIncludeToImage: "{% include figure.html %} → image and caption"
        case .figureShortcodeToImage: "{{< figure >}} → image and caption"
        case .includeToComponent: "{% include x.html a=\"…\" %} → @X(a: \"…\"), the include a component (Content/components/)"
        case .assetToImage: "{% asset name.png %} (jekyll-assets) → an image of /assets/name.png"
        case .calloutTagToCallout: "{% note %}…{% endnote %} (info, tip, warning, error, …) → a callout (> [!NOTE])"
        case .videoShortcodeToDirective: "{{< youtube >}} / {{< vimeo >}} → @YouTube / @Vimeo"
        case .gistShortcodeToDirective: "{{< gist user id >}} → @Gist"
        case .postShortcodeToLink: "{{< x >}} / {{< tweet >}} → a link to the post"
        case .paramShortcodeReplaced: "{{< param name >}} → the param's value"
        case .kramdownKept: "kramdown attribute lists and extensions ({: .note}, {:toc}, {::comment}) kept: the kramdown extension reads them"
        case .slugAdded: "slug: added, so the post keeps its URL"
        case .titleAdded: "title: added from the file name"
        case .draftAdded: "draft: true added (a draft of _drafts/)"
        case .dateConverted: "date converted to a form sitegen reads (the old one kept in a comment)"
        case .dateAdded: "date: added from publishDate"
        case .categoriesAdded: "categories: added from the folder (<category>/_posts/)"
        case .redirectAdded: "redirect_from/aliases: the old URL added (it redirects)"
        case .extensionRenamed: "renamed to .md (from .markdown, …)"
        case .frontMatterToYAML: "TOML (+++) or JSON front matter written as YAML, the same keys and values"
        case .duplicateKeyDropped: "a key given twice: the earlier one removed, the last value kept (as Jekyll and Hugo read it)"
        case .defaultsApplied: "a value of _config.yml's defaults: written into the file (sitegen has no defaults)"
        }
    }

    static func < (lhs: Conversion, rhs: Conversion) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// A place in the imported site (or, for what was not imported, in the source site).
struct ImportPlace: Sendable, Hashable, Comparable {
    var file: String
    var line: Int?
    var column: Int?
    /// The construct as written, shortened.
    var text: String?
    /// Why it was left or not imported, when the kind alone does not say.
    var note: String?

    /// `file:line:col`, or as much of it as is known.
    var position: String {
        guard let line else { return file }
        return "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    static func < (lhs: ImportPlace, rhs: ImportPlace) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0) < (rhs.file, rhs.line ?? 0, rhs.column ?? 0)
    }
}

/// What an import did, for the author: counts, every conversion, every construct left in the
/// posts (the build warns about them too), everything not imported, the settings written.
package struct ImportReport: Sendable {
    var generator: SourceGenerator
    var source: String
    var destination: String
    var posts = 0
    var drafts = 0
    var pages = 0
    var files = 0
    var converted: [Conversion: [ImportPlace]] = [:]
    /// Kind (`Liquid tag {% include youtube.html %}`) → where.
    var left: [String: [ImportPlace]] = [:]
    var notImported: [ImportPlace] = []
    /// The keys written to `Content/site.yml`, in order.
    var settings: [String] = []
    /// Every URL the old site served for a document, which the imported site must answer.
    var oldURLs: [OldURL] = []
    /// Each imported post and page: its source path → its path in the new site.
    var imported: [String: String] = [:]
    /// Whether the imported site answers each of `oldURLs` (nil: not checked).
    var oldURLCheck: OldURLCheck.Result?

    init(generator: SourceGenerator, source: String, destination: String) {
        self.generator = generator
        self.source = source
        self.destination = destination
    }

    mutating func merge(_ other: DocumentReport) {
        for (kind, places) in other.converted { converted[kind, default: []] += places }
        for (kind, places) in other.left { left[kind, default: []] += places }
        notImported += other.notImported
    }

    var leftCount: Int { left.values.reduce(0) { $0 + $1.count } }
}

/// What converting one file found, merged into the `ImportReport`.
struct DocumentReport: Sendable {
    var converted: [Conversion: [ImportPlace]] = [:]
    var left: [String: [ImportPlace]] = [:]
    var notImported: [ImportPlace] = []

    mutating func record(_ conversion: Conversion, _ place: ImportPlace) {
        converted[conversion, default: []].append(place)
    }

    mutating func leave(_ kind: String, _ place: ImportPlace) {
        left[kind, default: []].append(place)
    }

    mutating func merge(_ other: DocumentReport) {
        for (kind, places) in other.converted { converted[kind, default: []] += places }
        for (kind, places) in other.left { left[kind, default: []] += places }
        notImported += other.notImported
    }
}
