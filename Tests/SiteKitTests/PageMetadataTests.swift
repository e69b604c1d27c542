import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import TestSupport

/// What a page says about itself: description, canonical URL, OpenGraph and Twitter
/// tags, reading time and word count, the summary's fallbacks, and the table of contents.
@Suite("Page metadata and contents")
struct PageMetadataTests {
    static let words = Array(repeating: "word", count: 450).joined(separator: " ")

    static let posts = [
        "Content/posts/with-summary.md": FixtureSite.post("title: With summary\ndate: 2017-04-19\nsummary: \"The <b>front</b> matter's.\"\ntags: [swift, ios]",
                                                          body: "First paragraph.\n"),
        "Content/posts/with-more.md": FixtureSite.post("title: With more\ndate: 2017-04-20\nupdated: 2017-05-02",
                                                       body: "# Intro\n\nBefore *the* [marker](/).\n\nStill before.\n\n<!--more-->\n\nAfter.\n"),
        "Content/posts/plain.md": FixtureSite.post("title: Plain\ndate: 2017-04-21",
                                                   body: "```swift\nlet a = 1\n```\n\nThe `first` **paragraph** & more.\n\nSecond.\n\n" + words + "\n"),
    ]

    @Test func summariesFallBackToTheTextBeforeMoreThenTheFirstParagraph() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        let description = { (slug: String) in
            site.read("posts/\(slug)/index.html")?.firstMatch(of: #/<meta name="description" content="([^"]*)">/#).map { String($0.1) }
        }
        #expect(description("with-summary") == "The &lt;b&gt;front&lt;/b&gt; matter's.")
        #expect(description("with-more") == "Intro Before the marker. Still before.")
        #expect(description("plain") == "The first paragraph &amp; more.")
        let home = try #require(site.read("index.html"))
        #expect(home.contains("Intro Before the marker. Still before."))
        #expect(!home.contains("After."))
    }

    @Test func postsCarryOpenGraphTwitterCanonicalAndArticleTags() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/with-summary/index.html"))
        for tag in [
            "<link rel=\"canonical\" href=\"https://example.com/posts/with-summary/\">",
            "<meta property=\"og:title\" content=\"With summary\">",
            "<meta property=\"og:type\" content=\"article\">",
            "<meta property=\"og:url\" content=\"https://example.com/posts/with-summary/\">",
            "<meta property=\"og:site_name\" content=\"Fixture Blog\">",
            "<meta property=\"og:description\" content=\"The &lt;b&gt;front&lt;/b&gt; matter's.\">",
            "<meta property=\"article:published_time\" content=\"2017-04-19T00:00:00Z\">",
            "<meta property=\"article:tag\" content=\"swift\">",
            "<meta property=\"article:tag\" content=\"ios\">",
            // No image of its own: its social card.
            "<meta name=\"twitter:card\" content=\"summary_large_image\">",
            "<meta property=\"og:image\" content=\"https://example.com/posts/with-summary/social-card.png\">",
            "<meta name=\"twitter:title\" content=\"With summary\">",
            "<html lang=\"en\">",
        ] {
            #expect(page.contains(tag), "\(tag)")
        }
        #expect(site.read("posts/with-more/index.html")?.contains("<meta property=\"article:modified_time\" content=\"2017-05-02T00:00:00Z\">") == true)
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<meta property=\"og:type\" content=\"website\">"))
        #expect(!home.contains("article:published_time"))
    }

    @Test func readingTimeAndWordCountCountTheWholeBody() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        // 450 words, 10 before them (code included): 460 words at 200 a minute is 3 minutes.
        #expect(site.read("posts/plain/index.html")?.contains("<span class=\"reading-time\">3 min read</span>") == true)
        #expect(site.read("posts/with-summary/index.html")?.contains("<span class=\"reading-time\">1 min read</span>") == true)
        #expect(WordCounter.count("let a = 1\n\tThe  first, paragraph\n") == 7)
        #expect(WordCounter.count(try MarkdownDocument.parse("# Two words\n\nwor**ld** [a link](/x)\nnext\n\n    code here\n")) == 8)
        #expect(PostSummary.readingTime(0) == 1 && PostSummary.readingTime(200) == 1 && PostSummary.readingTime(201) == 2)
    }

    @Test func longerPostsGetATableOfContentsOfTheirH2AndH3Headings() throws {
        let site = FixtureSite([
            "Content/posts/long.md": FixtureSite.post("title: Long\ndate: 2017-04-19", body: """
                ### Before any h2

                ## Content

                ### Detail *one*

                ### Detail two

                #### Too deep

                ## Closing

                See [the detail](#detail-one).
                """),
            "Content/posts/short.md": FixtureSite.post("title: Short\ndate: 2017-04-20", body: "## One\n\n## Two\n"),
        ])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/long/index.html"))
        #expect(page.contains("""
            <nav class="toc" aria-labelledby="toc-title">
            <h2 id="toc-title" class="toc-title">Contents</h2>
            <ol>
            <li><a href="#before-any-h2">Before any h2</a></li>
            <li><a href="#content-1">Content</a>
            <ol>
            <li><a href="#detail-one">Detail one</a></li>
            <li><a href="#detail-two">Detail two</a></li>
            </ol>
            </li>
            <li><a href="#closing">Closing</a></li>
            </ol>
            </nav>
            """))
        #expect(page.contains("<h2 id=\"content-1\">Content<a class=\"heading-anchor\" href=\"#content-1\" aria-label=\"Link to this section\">#</a></h2>"))
        #expect(page.contains("<h4 id=\"too-deep\">"))
        #expect(page.components(separatedBy: " id=\"content\"").count == 2, "the theme's id stays unique")
        #expect(site.read("posts/short/index.html")?.contains("class=\"toc\"") == false)
    }
}
