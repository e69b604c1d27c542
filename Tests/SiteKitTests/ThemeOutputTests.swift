import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// What the default theme shows a reader, on built fixture sites: the footnotes' heading,
/// list items that do not repeat their page's tag, and no byline without an author. The
/// layout (footer at the bottom of a short page, heading anchors on hover and focus) is
/// checked in a browser by scripts/browser-check.
@Suite("Default theme output")
struct ThemeOutputTests {
    @Test func footnotesHaveAHeadingForScreenReadersThatNoSectionHeadingTakes() throws {
        // The page's footnote ids start with its slug (`a-fn-1`); the heading's is `a-footnotes`,
        // which the author's heading "A footnotes" would take too.
        let body = "A claim.[^1]\n\n## A footnotes\n\nThe author's own section.\n\n[^1]: The source.\n"
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21", body: body)])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/a/index.html"))
        #expect(page.contains("<section class=\"footnotes\" data-footnotes>\n<h2 class=\"visually-hidden\" id=\"a-footnotes\">Footnotes</h2>\n<ol>"))
        // The author's heading of the same words keeps a unique id.
        #expect(page.contains("<h2 id=\"a-footnotes-1\">A footnotes"))
        #expect(page.components(separatedBy: "id=\"a-footnotes\"").count == 2, "one element has the id")
    }

    @Test func aTagPageDoesNotRepeatItsTagUnderEveryPost() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\ntags: [Swift, iOS]"),
            "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-22\ntags: [Swift]"),
        ])
        defer { site.remove() }
        _ = try site.build()
        let tagPage = try #require(site.read("tags/swift/index.html"))
        #expect(!tagPage.contains("<a class=\"tag\" href=\"/tags/swift/\">Swift</a>"), "the page's own tag is not listed under its posts")
        #expect(tagPage.contains("<a class=\"tag\" href=\"/tags/ios/\">iOS</a>"), "the post's other tags are")
        let items = tagPage.components(separatedBy: "<article class=\"post-item\">").dropFirst()
        #expect(items.count == 2)
        #expect(items.filter { $0.contains("class=\"tag-list\"") }.count == 1,
                "B, tagged only Swift, has no tag list at all")
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<a class=\"tag\" href=\"/tags/swift/\">Swift</a>"), "other lists still show every tag")
    }

    @Test func noBylineWithoutAnAuthor() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/a/index.html"))
        #expect(!page.contains("<meta name=\"author\""))
        #expect(page.contains("<p>Fixture Blog</p>"), "the footer names the site alone")
        let authored = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")],
                                   config: "title: \"Fixture Blog\"\nauthor: \"Ada\"\nbase_url: \"https://example.com/\"\n")
        defer { authored.remove() }
        _ = try authored.build()
        let withAuthor = try #require(authored.read("posts/a/index.html"))
        #expect(withAuthor.contains("<meta name=\"author\" content=\"Ada\">"))
        #expect(withAuthor.contains("<p>Fixture Blog · Ada</p>"))
    }

    @Test func socialLinksAndTheFeedAreInTheFooterWithRelMe() throws {
        let config = """
            title: "Fixture Blog"
            base_url: "https://example.com/blog/"
            social:
              - title: Mastodon
                url: "https://mastodon.social/@ada"
              - title: "Code & talks"
                url: "https://github.com/ada?tab=repositories&q="
              - title: Mail
                url: "mailto:ada@example.com"

            """
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")], config: config)
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/a/index.html"))
        let footer = try #require(page.components(separatedBy: "<footer class=\"site-footer\">").last)
        #expect(footer.contains("<li><a href=\"https://mastodon.social/@ada\" rel=\"me\">Mastodon</a></li>"))
        #expect(footer.contains("<li><a href=\"https://github.com/ada?tab=repositories&amp;q=\" rel=\"me\">Code &amp; talks</a></li>"), "escaped once")
        #expect(footer.contains("<li><a href=\"mailto:ada@example.com\" rel=\"me\">Mail</a></li>"))
        #expect(footer.contains("<li><a href=\"/blog/atom.xml\" type=\"application/atom+xml\">Feed</a></li>"))
        #expect(site.exists("atom.xml"), "the feed it links is written")
    }

    @Test func aSocialLinkThatIsNotAnAddressIsAnErrorAtItsLine() {
        let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nsocial:\n  - title: Home\n    url: \"javascript:alert(1)\"\n  - url: \"https://github.com/ada\"\n"
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")], config: config)
        defer { site.remove() }
        let headlines = site.failingBuild().map(\.headline)
        #expect(headlines.contains("Content/site.yml:5:10: error: social url 'javascript:alert(1)' must be an http(s):// or mailto: address, or a path of the site"))
        #expect(headlines.contains { $0.hasPrefix("Content/site.yml:6:5: error:") && $0.contains("title") })
    }

    @Test func aPostsImageIsShownInListsAndIsItsSocialImage() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\nimage: { path: /images/cover.png, alt: \"A drawn VIPER flow\" }"),
            "Content/posts/bundled/index.md": FixtureSite.post("title: Bundled\ndate: 2017-04-22\nimages: [cover.png, other.png]"),
            "Content/posts/bundled/cover.png": "png",
            "Content/posts/bundled/other.png": "png",
            "Content/posts/far.md": FixtureSite.post("title: Far\ndate: 2017-04-23\nimage: \"https://cdn.example.org/x.png?w=1&h=2\""),
            "Content/posts/plain.md": FixtureSite.post("title: Plain\ndate: 2017-04-24"),
            "Content/posts/jekyll.md": FixtureSite.post("title: Jekyll\ndate: 2017-04-20\nimage: images/cover.png"),
            "Content/static/images/cover.png": "png",
        ])
        defer { site.remove() }
        _ = try site.build()
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<img class=\"post-item-image\" src=\"/images/cover.png\" alt=\"A drawn VIPER flow\" loading=\"lazy\" decoding=\"async\">"))
        #expect(home.contains("<img class=\"post-item-image\" src=\"/posts/bundled/cover.png\" alt=\"\""), "Hugo's first of images:, beside its page")
        #expect(home.contains("src=\"https://cdn.example.org/x.png?w=1&amp;h=2\""), "escaped once")
        #expect(home.components(separatedBy: "src=\"/images/cover.png\"").count == 3, "a relative path outside a bundle is from the site's root, as jekyll-seo-tag reads it")
        #expect(home.components(separatedBy: "post-item-image").count == 5, "four posts have one; the plain one has none")
        let page = try #require(site.read("posts/a/index.html"))
        #expect(page.contains("<meta property=\"og:image\" content=\"https://example.com/images/cover.png\">"))
        #expect(page.contains("<meta property=\"og:image:alt\" content=\"A drawn VIPER flow\">"))
        #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        let plain = try #require(site.read("posts/plain/index.html"))
        // Without a picture of its own it is shared with its card.
        #expect(plain.contains("<meta property=\"og:image\" content=\"https://example.com/posts/plain/social-card.png\">"))
    }

    @Test func aMissingOrMalformedImageIsAnErrorAtItsLine() {
        let missing = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21\nimage: covr.png")])
        defer { missing.remove() }
        #expect(missing.failingBuild().map(\.headline) == ["Content/posts/a.md:4:8: error: broken link 'covr.png': no page or file of the site is at /covr.png"])
        let scripted = FixtureSite(["Content/posts/c.md": FixtureSite.post("title: C\ndate: 2017-04-22\nimage: \"javascript:alert(1)\"")])
        defer { scripted.remove() }
        #expect(scripted.failingBuild().map(\.headline) == ["Content/posts/c.md:4:8: error: a post's image must be a path (cover.png, /images/a.png) or an http(s) address, not 'javascript:alert(1)'"])
        let listed = FixtureSite(["Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-22\nimage: [a.png]")])
        defer { listed.remove() }
        #expect(listed.failingBuild().map(\.headline).contains { $0.hasPrefix("Content/posts/b.md:4:8: error: 'image' is one path") })
    }
}
