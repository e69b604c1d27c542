import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Every post is shared with a picture: its `image:`, else its body's first, else a 1200×630
/// card drawn from the theme's SVG template through libvips. libvips' command-line tools
/// judge the card's size and that its text is drawn.
@Suite("Social cards and og:image")
struct SocialCardTests {
    static func site() -> FixtureSite {
        let site = FixtureSite([
            "Content/posts/plain.md": FixtureSite.post("title: \"Generics, from the ground up\"\ndate: 2024-03-02\nseries: Swift Generics",
                                                       body: "Text without a picture.\n"),
            "Content/posts/covered.md": FixtureSite.post("title: Covered\ndate: 2024-03-03\nseries: Swift Generics\nimage: { path: /images/cover.png, alt: \"A cover\" }"),
            "Content/posts/shown.md": FixtureSite.post("title: Shown\ndate: 2024-03-04", body: "Intro.\n\n![The harbour](/images/harbour.png)\n"),
        ])
        site.write("Content/static/images/cover.png", bytes: TestImages.png(width: 300, height: 200))
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 400, height: 250))
        return site
    }

    static func meta(_ page: String, _ property: String) -> String? {
        guard let start = page.range(of: "<meta property=\"\(property)\" content=\"") ?? page.range(of: "<meta name=\"\(property)\" content=\"") else { return nil }
        return page[start.upperBound...].prefix { $0 != "\"" }.description
    }

    @Test func eachPostIsSharedWithItsImageItsFirstPictureOrItsCard() throws {
        let site = Self.site()
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        let plain = try #require(site.read("posts/plain/index.html"))
        #expect(Self.meta(plain, "og:image") == "https://example.com/posts/plain/social-card.png")
        #expect(Self.meta(plain, "twitter:image") == "https://example.com/posts/plain/social-card.png")
        #expect(Self.meta(plain, "og:image:width") == "1200" && Self.meta(plain, "og:image:height") == "630")
        #expect(Self.meta(plain, "og:image:alt") == "Generics, from the ground up")
        #expect(Self.meta(plain, "twitter:card") == "summary_large_image")
        let covered = try #require(site.read("posts/covered/index.html"))
        #expect(Self.meta(covered, "og:image") == "https://example.com/images/cover.png")
        #expect(Self.meta(covered, "og:image:width") == "300" && Self.meta(covered, "og:image:height") == "200")
        #expect(Self.meta(covered, "og:image:alt") == "A cover")
        let shown = try #require(site.read("posts/shown/index.html"))
        #expect(Self.meta(shown, "og:image") == "https://example.com/images/harbour.png")
        #expect(Self.meta(shown, "og:image:width") == "400" && Self.meta(shown, "og:image:alt") == "The harbour")
        #expect(!site.exists("posts/covered/social-card.png") && !site.exists("posts/shown/social-card.png"))
        let card = site.output.appendingPathComponent("posts/plain/social-card.png")
        #expect(try ImageResizeTests.size(card) == "1200x630")
    }

    @Test func imageSyntaxInCodeIsNoPictureAndThePostGetsACard() throws {
        let site = FixtureSite([
            "Content/posts/markdown-images.md": FixtureSite.post("title: Images in Markdown\ndate: 2024-05-01", body: """
                Markdown writes an image with an exclamation mark, `![alt](src)`, before a link.

                ```markdown
                ![A harbour at dawn](/images/harbour.png)
                ```

                In HTML it is an element:

                    <img src="/images/harbour.png" alt="A harbour at dawn">

                That is all for today.
                """),
            "Content/posts/both.md": FixtureSite.post("title: Both\ndate: 2024-05-02", body: """
                The syntax, `![alt](src)`, and a real one:

                ```markdown
                ![Not this one](/images/nothing.png)
                ```

                ![The harbour](/images/harbour.png)
                """),
        ])
        defer { site.remove() }
        site.write("Content/static/images/harbour.png", bytes: TestImages.png(width: 400, height: 250))
        _ = try site.build()
        let shown = try #require(site.read("posts/markdown-images/index.html"))
        #expect(Self.meta(shown, "og:image") == "https://example.com/posts/markdown-images/social-card.png")
        #expect(site.exists("posts/markdown-images/social-card.png"))
        let both = try #require(site.read("posts/both/index.html"))
        #expect(Self.meta(both, "og:image") == "https://example.com/images/harbour.png")
        #expect(!site.exists("posts/both/social-card.png"))
        #expect(SocialCards.showsImage("Text.\n\n```\nA block.\n\n![In code](/a.png)\n```\n\nThen <img src=\"/b.png\" alt=\"\">.\n"))
        #expect(!SocialCards.showsImage("    @Image(source: \"a.png\")\n\nand ``![not](/c.png)``.\n"))
    }

    @Test func theCardsTextIsDrawnAndTheCardIsMadeOnce() throws {
        let site = Self.site()
        defer { site.remove() }
        _ = try site.build()
        let card = site.output.appendingPathComponent("posts/plain/social-card.png")
        // The same template with no words at all (its sections and other tags left out), drawn by the same libvips.
        var blankSVG = try String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("Themes/default/templates/social-card.mustache"),
                                  encoding: .utf8)
        for (name, value) in ["width": "1200", "height": "630", "title_top": "340"] { blankSVG = blankSVG.replacingOccurrences(of: "{{\(name)}}", with: value) }
        blankSVG = blankSVG.replacing(try Regex("\\{\\{#(\\w+)\\}\\}.*?\\{\\{/\\1\\}\\}"), with: "").replacing(try Regex("\\{\\{[^}]*\\}\\}"), with: "")
        #expect(!blankSVG.contains("{{") && blankSVG.contains("<text"))
        let blank = site.root.appendingPathComponent("blank.png")
        try LibVips.open().get().rasterize(svg: blankSVG, into: blank.path)
        #expect(try ImageResizeTests.size(blank) == "1200x630")
        // The mean difference of the two, over every pixel and band: text covers a share of the card.
        let difference = site.root.appendingPathComponent("difference.v")
        _ = try ImageResizeTests.judge("/usr/bin/vips", ["subtract", card.path, blank.path, difference.path])
        let absolute = site.root.appendingPathComponent("absolute.v")
        _ = try ImageResizeTests.judge("/usr/bin/vips", ["abs", difference.path, absolute.path])
        let mean = try #require(Double(try ImageResizeTests.judge("/usr/bin/vips", ["avg", absolute.path])))
        #expect(mean > 2, "the card differs from the blank template by \(mean) on average")
        // Made once: the next build copies it from the cache.
        let cache = site.root.appendingPathComponent(".sitegen-cache/images")
        let cards = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("card-") }
        #expect(cards.count == 1)
        let made = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(cards[0]).path)[.modificationDate] as? Date
        _ = try site.build()
        #expect(try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(cards[0]).path)[.modificationDate] as? Date == made)
        // A new title is a new card, and the build removes the old one from the cache.
        site.write("Content/posts/plain.md", FixtureSite.post("title: \"Generics, again\"\ndate: 2024-03-02", body: "Text.\n"))
        _ = try site.build()
        let now = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("card-") }
        #expect(now.count == 1 && now != cards)
    }

    /// serve keeps each post's card while what it is made from is as it was, and makes again
    /// exactly those whose post, series part, site title or template changed; after every
    /// edit the output in place is a full build's, byte for byte.
    @Test func serveMakesAgainOnlyTheCardsWhoseInputsChanged() throws {
        let site = FixtureSite([
            "Content/posts/first.md": FixtureSite.post("title: First of a pair\ndate: 2024-03-01\nseries: Pairs\nseries_order: 1"),
            "Content/posts/second.md": FixtureSite.post("title: Second of a pair\ndate: 2024-03-02\nseries: Pairs\nseries_order: 2"),
            "Content/posts/alone.md": FixtureSite.post("title: Alone\ndate: 2024-03-03"),
            "Content/posts/shown.md": FixtureSite.post("title: Shown\ndate: 2024-03-04", body: "![A diagram](/images/diagram.svg)\n"),
        ])
        defer { site.remove() }
        site.write("Content/static/images/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"/>")
        let cache = RebuildCache()
        let builder = SiteBuilder(options: .init(siteRoot: site.root))
        func rebuild(_ what: String, rendered: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            _ = try builder.rebuildInPlace(cache: cache)
            #expect(cache.cards.rendered == rendered, "\(what)", sourceLocation: sourceLocation)
            let full = RandomEditTests.fullBuild(site)
            #expect(full.files == RebuildTests.tree(site.output), "\(what): \(full.errors)", sourceLocation: sourceLocation)
        }
        try rebuild("the first build", rendered: 3)
        try rebuild("nothing changed", rendered: 0)
        site.write("Content/posts/alone.md", FixtureSite.post("title: Alone, retitled\ndate: 2024-03-03"))
        try rebuild("a title", rendered: 1)
        site.write("Content/posts/third.md", FixtureSite.post("title: Third of three\ndate: 2024-03-05\nseries: Pairs\nseries_order: 3"))
        try rebuild("a third part: each part's count changes", rendered: 3)
        site.write("Content/posts/alone.md", FixtureSite.post("title: Alone, retitled\ndate: 2024-03-03", body: "![A diagram](/images/diagram.svg)\n"))
        try rebuild("a picture in the body: no card", rendered: 0)
        site.write("Content/posts/alone.md", FixtureSite.post("title: Alone, retitled\ndate: 2024-03-03"))
        try rebuild("the picture taken out: the same card as before is back", rendered: 1)
        site.write("Content/site.yml", "title: \"Another Blog\"\nbase_url: \"https://example.com/\"\n")
        try rebuild("the site's title", rendered: 4)
        let template = try String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("Themes/default/templates/social-card.mustache"),
                                  encoding: .utf8)
        site.write("Themes/default/templates/social-card.mustache", template.replacingOccurrences(of: "</svg>", with: "<!-- v2 --></svg>"))
        try rebuild("the card's template", rendered: 4)
    }

    @Test func titlesAreBrokenBetweenWordsIntoThreeLinesAtMost() {
        #expect(SocialCards.titleLines("Generics, from the ground up", width: 28, count: 3) == ["Generics, from the ground up"])
        #expect(SocialCards.titleLines("Protocols with associated types and the opaque some keyword in practice", width: 28, count: 3)
                == ["Protocols with associated", "types and the opaque some", "keyword in practice"])
        #expect(SocialCards.titleLines(String(repeating: "word ", count: 40), width: 28, count: 3).count == 3)
        #expect(SocialCards.titleLines(String(repeating: "word ", count: 40), width: 28, count: 3).last?.hasSuffix("…") == true)
    }
}
