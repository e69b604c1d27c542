import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// GitHub Flavored Markdown in a site: the `markdown: extensions:` setting, and every part
/// of the build that reads a body (headings, excerpts, word counts, links, feeds) with
/// tables, footnotes, task lists, strikethrough, autolinks and callouts in it.
@Suite("GFM in the site")
struct GFMSiteTests {
    static let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n"

    /// Every extension at once; its links all lead somewhere.
    static let post = FixtureSite.post("title: GFM\ndate: 2024-01-02", body: """
        Intro with a footnote[^1] and ~~old~~ new text, see www.example.com.

        ## APIs

        | API | Use | Link |
        |:----|:---:|-----:|
        | `map` | transform \\| keep | [other](other.md#details) |

        ## Tasks

        - [x] done
        - [ ] to do

        > [!WARNING]
        > Mind the *gap*.

        ## Notes

        [^1]: A note with [a link](other.md).

            More of the note.
        """)

    static let other = FixtureSite.post("title: Other\ndate: 2024-01-01", body: "Text.\n\n## Details\n\nMore.\n")

    /// The two posts built with `markdown` settings added to site.yml: the GFM post's page, and the home page.
    static func build(markdown: String = "") throws -> (page: String, home: String) {
        let site = FixtureSite(["Content/posts/gfm.md": Self.post, "Content/posts/other.md": Self.other], config: Self.config + markdown)
        defer { site.remove() }
        _ = try site.build()
        return (try #require(site.read("posts/gfm/index.html")), try #require(site.read("index.html")))
    }

    @Test func everyExtensionIsOnByDefault() throws {
        let (page, home) = try Self.build()
        #expect(page.contains("<th align=\"left\">API</th>\n<th align=\"center\">Use</th>\n<th align=\"right\">Link</th>"))
        #expect(page.contains("<td align=\"left\"><code>map</code></td>\n<td align=\"center\">transform | keep</td>\n"
                              + "<td align=\"right\"><a href=\"/posts/other/#details\">other</a></td>"), "links in cells are rewritten")
        #expect(page.contains("<del>old</del> new text, see <a href=\"http://www.example.com\">www.example.com</a>."))
        // A checkbox has a name (axe-core: "form elements must have labels"), and its state.
        #expect(page.contains("<li><input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Done\" /> done</li>\n"
                              + "<li><input type=\"checkbox\" disabled=\"\" aria-label=\"Done\" /> to do</li>"))
        #expect(page.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-label\">Warning</p>\n<p>Mind the <em>gap</em>.</p>\n</aside>"))
        #expect(page.contains("<sup class=\"footnote-ref\"><a href=\"#gfm-fn-1\" id=\"gfm-fnref-1\" data-footnote-ref>1</a></sup>"))
        #expect(page.contains("<li id=\"gfm-fn-1\">\n<p>A note with <a href=\"/posts/other/\">a link</a>.</p>\n<p>More of the note. "
                              + "<a href=\"#gfm-fnref-1\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a></p>"))
        // Headings keep their ids and anchors, and the contents list them.
        for (id, title) in [("apis", "APIs"), ("tasks", "Tasks"), ("notes", "Notes")] {
            #expect(page.contains("<h2 id=\"\(id)\">\(title)<a class=\"heading-anchor\" href=\"#\(id)\""))
            #expect(page.contains("<li><a href=\"#\(id)\">\(title)</a></li>"))
        }
        // The summary is the first paragraph's text: no reference number, no markup.
        #expect(home.contains("<p class=\"summary\">Intro with a footnote and old new text, see www.example.com.</p>"))
    }

    @Test func noExtensionsIsCommonMark() throws {
        let page = try Self.build(markdown: "markdown:\n  extensions: []\n").page
        // A task list's box, not the header's search box.
        for markup in ["<table>", "<del>", "<input type=\"checkbox\"", "<aside", "footnote-ref", "data-footnotes", "<a href=\"http://www.example.com\">"] {
            #expect(!page.contains(markup), "\(markup) without extensions")
        }
        #expect(page.contains("<p>Intro with a footnote[^1] and ~~old~~ new text, see www.example.com.</p>"))
        #expect(page.contains("<li>[x] done</li>"))
        #expect(page.contains("<blockquote>\n<p>[!WARNING]\nMind the <em>gap</em>.</p>\n</blockquote>"))
    }

    @Test func someExtensionsOnly() throws {
        let page = try Self.build(markdown: "markdown:\n  extensions: [table, strikethrough]\n").page
        #expect(page.contains("<table>") && page.contains("<del>old</del>"))
        #expect(!page.contains("<input type=\"checkbox\"") && !page.contains("<aside") && !page.contains("footnote-ref"))
    }

    @Test func theSettingIsReadFromSiteYml() throws {
        func decode(_ markdown: String) -> (SiteConfig?, [String]) {
            let (config, diagnostics) = SiteConfigDecoder.decode(SourceText(path: "Content/site.yml", text: Self.config + markdown))
            return (config, diagnostics.map(\.headline))
        }
        // Everything but kramdown, which only an imported Jekyll site (or one that names it) gets.
        let defaults = Set(MarkdownExtension.allCases).subtracting([.kramdown])
        #expect(decode("").0?.markdown.extensions == defaults)
        #expect(decode("markdown:\n  smart_punctuation: true\n").0?.markdown.extensions == defaults)
        #expect(decode("markdown:\n  extensions: [kramdown]\n").0?.markdown.extensions == [.kramdown])
        #expect(decode("markdown:\n  extensions: []\n").0?.markdown.extensions == [])
        #expect(decode("markdown:\n  extensions: [footnotes, callouts, footnotes]\n").0?.markdown.extensions == [.footnotes, .callouts])
        #expect(decode("markdown:\n  extensions:\n    - table\n    - tasklist\n").0?.markdown.extensions == [.table, .tasklist])
        let names = "the extensions are table, strikethrough, autolink, tasklist, tagfilter, footnotes, callouts, kramdown"
        let (unknown, errors) = decode("markdown:\n  extensions: [table, footnote, strikeout]\n")
        #expect(unknown == nil)
        #expect(errors == ["Content/site.yml:4:23: error: unknown Markdown extension 'footnote' (did you mean 'footnotes'?); \(names)",
                           "Content/site.yml:4:33: error: unknown Markdown extension 'strikeout'; \(names)"])
        #expect(decode("markdown:\n  extensions:\n    - tables\n").1 == [
            "Content/site.yml:5:7: error: unknown Markdown extension 'tables' (did you mean 'table'?); \(names)"])
        #expect(decode("markdown:\n  extensions: table\n").1 == [
            "Content/site.yml:4:15: error: 'extensions' must be a list of table, strikethrough, autolink, tasklist, tagfilter, footnotes, callouts, kramdown, or [] for plain CommonMark; not a string"])
        #expect(decode("markdown:\n  extensions: [~]\n").1 == ["Content/site.yml:4:16: error: unknown Markdown extension null; \(names)"])
    }

    /// Links in table cells, footnotes (their first and later paragraphs), task items and
    /// callouts are checked, each at the line and column where its URL is written.
    @Test func brokenLinksAreFoundWhereverTheyAre() {
        let site = FixtureSite(["Content/posts/gfm.md": FixtureSite.post("title: GFM\ndate: 2024-01-02", body: """
            Text[^note].

            | a | b |
            |---|---|
            | x | see [y](missing-one.md) and ![z](/missing.png) |

            - [ ] check [this](missing-two.md)

            > Note: read [that](#nowhere).

            [^note]: Look [here](missing-three.md).

                And [there](/missing/page/).
            """)], config: Self.config)
        defer { site.remove() }
        #expect(site.failingBuild().headlines == [
            "Content/posts/gfm.md:10:15: error: broken link 'missing-one.md': there is no post or page Content/posts/missing-one.md",
            "Content/posts/gfm.md:10:40: error: broken link '/missing.png': no page or file of the site is at /missing.png",
            "Content/posts/gfm.md:12:20: error: broken link 'missing-two.md': there is no post or page Content/posts/missing-two.md",
            "Content/posts/gfm.md:14:21: error: broken link '#nowhere': this page has no heading or element with id 'nowhere'",
            "Content/posts/gfm.md:16:22: error: broken link 'missing-three.md': there is no post or page Content/posts/missing-three.md",
            "Content/posts/gfm.md:18:17: error: broken link '/missing/page/': no page or file of the site is at /missing/page/",
        ])
    }

    /// Two posts whose footnotes are both `[^1]`, side by side in a feed: each keeps its own
    /// ids, and every footnote link leads to an id of its own post, in the feed and on the page.
    @Test func footnoteIDsAreUniqueInFeeds() throws {
        func post(_ title: String, _ date: String) -> String {
            FixtureSite.post("title: \(title)\ndate: \(date)", body: "\(title) says[^1] twice[^1].\n\n[^1]: The \(title) note.\n")
        }
        let site = FixtureSite(["Content/posts/first.md": post("First", "2024-01-01"), "Content/posts/second.md": post("Second", "2024-01-02")],
                               config: Self.config)
        defer { site.remove() }
        _ = try site.build()
        for feed in ["atom.xml", "rss.xml", "feed.json"] {
            let text = try #require(site.read(feed)).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\/", with: "/")
            let ids = Self.values(of: "id", in: text).filter { $0.contains("fn") }
            #expect(ids.sorted() == ["first-fn-1", "first-fnref-1", "first-fnref-1-2", "second-fn-1", "second-fnref-1", "second-fnref-1-2"], "\(feed)")
            #expect(Set(ids).count == ids.count, "\(feed): no id twice")
            let links = Self.values(of: "href", in: text).filter { $0.contains("#") && $0.contains("fn") }
            #expect(links.count == 8, "\(feed): two references and two back links per post")
            for link in links {
                // Made absolute to the post's page, where the same id is.
                let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
                let slug = try #require(parts.first.flatMap { $0.split(separator: "/").last }.map(String.init))
                #expect(parts[1].hasPrefix(slug + "-"), "\(feed): \(link) leads into another post")
                #expect(ids.contains(parts[1]), "\(feed): \(link) has no target in the feed")
                let page = try #require(site.read("posts/\(slug)/index.html"))
                #expect(Self.values(of: "id", in: page).contains(parts[1]), "\(link) has no target on the page")
            }
        }
    }

    @Test func footnotePrefixesAreUniqueWhenURLsEndAlike() {
        let prefixes = FootnoteIDPrefixes(urlPaths: ["/2021/hello/", "/2020/hello/", "/posts/hello-2/", "/about/", "/2020/x.html"])
        #expect(prefixes.prefix(for: "/2020/hello/") == "hello-")
        #expect(prefixes.prefix(for: "/2021/hello/") == "hello-3-", "hello-2 is another page's")
        #expect(prefixes.prefix(for: "/posts/hello-2/") == "hello-2-")
        #expect(prefixes.prefix(for: "/about/") == "about-")
        #expect(prefixes.prefix(for: "/2020/x.html") == "x-")
    }

    @Test func aHeadingNeverTakesAFootnotesID() throws {
        let site = FixtureSite(["Content/posts/p.md": FixtureSite.post("title: P\ndate: 2024-01-01", body: "## P fn 1\n\nText[^1].\n\n[^1]: Note.\n")],
                               config: Self.config)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/p/index.html"))
        #expect(page.contains("<h2 id=\"p-fn-1-1\">"))
        #expect(page.contains("<li id=\"p-fn-1\">"))
    }

    /// Summaries are plain text on one line: no cell separators, no footnote text.
    @Test func excerptsHoldNoMarkup() throws {
        func excerpt(_ markdown: String) throws -> String {
            PostBodyRenderer.excerpt(of: try MarkdownDocument.parse(markdown, options: SiteConfig.MarkdownSettings().options))
        }
        #expect(try excerpt("| a | b |\n|---|---|\n| c | d |\n\nFirst *para*[^n].\n\n[^n]: Note.\n") == "First para.")
        #expect(try excerpt("Before[^n]:\n\n| a | b |\n|---|---|\n| c | ~~d~~ |\n\n[^n]: The note.\n\n- [x] task\n\n<!--more-->\n\nAfter.\n")
                == "Before: a b c d task")
        #expect(try excerpt("> [!TIP]\n> Tip text.\n\nThe paragraph.\n") == "The paragraph.")
    }

    @Test func wordsAreCountedInCellsAndRenderedFootnotes() throws {
        let document = try MarkdownDocument.parse("""
            One two[^a].

            | three four | five |
            |---|---|
            | six | seven eight |

            - [ ] nine

            > Note: ten

            [^a]: eleven twelve

            [^unused]: not counted
            """, options: SiteConfig.MarkdownSettings().options)
        #expect(WordCounter.count(document) == 12)
    }

    /// The posts `scripts/screenshots` adds to the blog build without a warning, with every
    /// construct the theme styles, into HTML that tidy finds valid but for one thing:
    /// cmark-gfm's `align` attribute on table cells, which HTML5 calls obsolete and browsers
    /// still apply (kept for byte parity with cmark-gfm).
    @Test func theScreenshotFixtureBuildsIntoValidHTML() throws {
        let folder = SharedFolder.projectRoot.appendingPathComponent("scripts/screenshot-fixtures")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            files["Content/posts/\(name)"] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let site = FixtureSite(files, config: Self.config)
        defer { site.remove() }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("static"), to: site.root.appendingPathComponent("Content/static"))
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let page = try #require(site.read("posts/gfm-showcase/index.html"))
        for kind in MarkdownCalloutKind.allCases {
            #expect(page.contains("<aside class=\"callout callout-\(kind.rawValue)\""), "the fixture shows a \(kind) callout")
        }
        for markup in ["<table>", "<th align=\"right\">", "<del>", "<input type=\"checkbox\" checked=\"\"", "<section class=\"footnotes\""] {
            #expect(page.contains(markup), "the fixture shows \(markup)")
        }
        guard let tidy = ValidHTMLTests.tidy else { return }
        let result = ProcessRunner.run(tidy, ["-e", "-q", site.output.appendingPathComponent("posts/gfm-showcase/index.html").path],
                                       in: site.root)
        let problems = result.stderr.split(separator: "\n").filter { !$0.hasSuffix("attribute \"align\" not allowed for HTML5") }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(result.stderr.contains("<td> attribute \"align\" not allowed for HTML5"), "tidy ran")
    }

    /// The values of every `name="…"` attribute.
    static func values(of name: String, in text: String) -> [String] {
        text.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
