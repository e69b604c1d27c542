import Markdown
import Support
/// The site settings of `Content/site.yml`.
public struct SiteConfig: Sendable, Hashable {
    public var title: String
    public var author: String
    public var description: String
    /// Absolute, always ending in `/` (`https://example.com/blog/`).
    public var baseURL: String
    public var language: String
    public var theme: String
    /// Where `theme` was written in the settings file, for a theme that is not found.
    var themeLocation: SourceLocation?
    public var postsPerPage: Int
    /// Entries per feed, newest first; 0 for every post. Full-content feeds of thousands
    /// of posts run to megabytes, so the default is Hugo's and Zola's usual 20.
    public var feedLimit: Int = 20
    public var markdown: MarkdownSettings
    /// The Swift language mode of `check-snippets` (5 or 6); a post may set its own.
    package var snippetSwiftVersion: Int = 5
    var limits = OutputLimits()
    /// What builds leave in the output folder though they did not write it.
    var keep = KeptPaths()
    /// Whether `check-snippets` runs the programs of `run` blocks (`snippets: { run: false }`).
    package var snippetRun = true
    /// The site's own texts for the theme's words (`strings:`), by key; they replace the
    /// theme's and the built-in English ones.
    var strings: [String: String] = [:]
    /// The URL patterns of posts, tags, categories and series (`permalinks:`).
    var routes = SiteRoutes.standard
    /// The site's navigation as `menu:` lists it; empty: the theme's own (home, archive,
    /// tags, series, and the pages with a `nav_order`).
    var menu: [MenuItem] = []
    /// The author's profiles elsewhere (`social:`), which the theme links with `rel="me"`.
    var social: [MenuItem] = []
    /// Publish posts dated after the build's time (`future: true`), as Jekyll's `future` and
    /// Hugo's `buildFuture`; by default they wait for their date.
    var future = false
    /// Write the search index and the search page (`search:`, on by default; docs/search.md).
    var search = true
    /// Whether the search index stores English words by their stems: the site's `language`
    /// is English (`en`, `en-GB`).
    var searchStems: Bool {
        let lowered = language.lowercased()
        return lowered == "en" || lowered.hasPrefix("en-") || lowered.hasPrefix("en_")
    }
    /// What the build does about Liquid tags, Hugo shortcodes and kramdown attribute lists
    /// left in a post, which readers would see as text (`template_syntax:`).
    var templateSyntax = TemplateSyntaxPolicy.warn

    enum TemplateSyntaxPolicy: String, Sendable, Hashable, CaseIterable {
        case warn, error, ignore
    }

    /// The site's defaults for code blocks (`code: { line_numbers: true, wrap: true, copy: false, types: false }`);
    /// a fence's `linenos`, `nolinenos`, `wrap`, `nowrap`, `copy`, `nocopy`, `types`, `notypes` override them.
    package struct CodeBlockSettings: Sendable, Hashable {
        package var lineNumbers = false
        /// Long lines wrap instead of scrolling.
        package var wrap = false
        /// The theme's script adds a copy button.
        package var copy = true
        /// Checked Swift blocks show the types check-snippets recorded on hover and focus.
        package var types = true

        package init(lineNumbers: Bool = false, wrap: Bool = false, copy: Bool = true, types: Bool = true) {
            (self.lineNumbers, self.wrap, self.copy, self.types) = (lineNumbers, wrap, copy, types)
        }
    }

    /// Links the link checker leaves alone, and how it reports broken ones (`links:`).
    var links = LinkSettings()
    /// The smaller copies of the site's images and what is published of their metadata (`images:`).
    var images = ImageSettings()

    struct ImageSettings: Sendable, Hashable {
        /// The widths in pixels of the smaller copies; an image gets those below its own width.
        var widths = [480, 960, 1600]
        /// How wide the image shows on the page, for the browser to pick a copy (`<img sizes>`):
        /// the default theme's column is 42rem.
        var sizes = "(min-width: 44rem) 42rem, 100vw"
        /// A WebP copy beside each, offered first (`<picture>`).
        var webp = true
        /// JPEG and WebP quality of the copies, 1 to 100.
        var quality = 82
        /// Originals are published without their EXIF, XMP and text blocks (the pixels untouched).
        var stripMetadata = false

        init() {}
    }

    struct LinkSettings: Sendable, Hashable {
        /// Root-relative paths of a bigger site the blog is part of (`/download/`): links
        /// under them are not checked.
        var ignore: [String] = []
        /// A broken link to the site's own pages is an error (the default), or a warning.
        var brokenIsError = true

        init() {}
    }

    public struct MarkdownSettings: Sendable, Hashable {
        /// Curly quotes, en and em dashes, ellipses (cmark's smart punctuation).
        public var smartPunctuation: Bool
        /// Raw HTML in posts passes through; off by default (cmark's safe mode).
        public var allowRawHTML: Bool

        /// GitHub Flavored Markdown's extensions and callouts (`extensions:`); all of them
        /// unless the site names fewer, and none (`extensions: []`) is exact CommonMark.
        /// `kramdown` is on only where the site names it (an imported Jekyll site does).
        public var extensions: Set<MarkdownExtension>

        /// How code blocks are shown when their fence does not say (`code:`).
        package var code = CodeBlockSettings()
        /// `$…$` is inline math as well as `\(…\)` (`math: { dollars: true }`); off by
        /// default, since a `$` in prose is usually money.
        package var mathDollars = false

        public init(smartPunctuation: Bool = false, allowRawHTML: Bool = false,
                    extensions: Set<MarkdownExtension> = Set(MarkdownExtension.allCases).subtracting([.kramdown])) {
            self.smartPunctuation = smartPunctuation
            self.allowRawHTML = allowRawHTML
            self.extensions = extensions
        }

        /// The site's own directives (`Content/components/`, the theme's `components/`).
        package var components: [SiteComponent] = [] {
            didSet { directives = MarkdownDirectiveCatalog(BuiltInDirectives.specs + components.map(\.spec)) }
        }
        /// The built-in directives and the components, made once per change, not per body.
        private(set) var directives = BuiltInDirectives.catalog

        /// What the Markdown target parses with.
        var options: MarkdownOptions {
            MarkdownOptions(smartPunctuation: smartPunctuation, allowRawHTML: allowRawHTML, extensions: extensions,
                            directives: directives)
        }
    }

    public init(title: String = "Untitled site", author: String = "", description: String = "",
                baseURL: String = "http://localhost/", language: String = "en", theme: String = "default",
                postsPerPage: Int = 10, markdown: MarkdownSettings = MarkdownSettings()) {
        self.title = title
        self.author = author
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.theme = theme
        self.postsPerPage = postsPerPage
        self.markdown = markdown
    }
}
