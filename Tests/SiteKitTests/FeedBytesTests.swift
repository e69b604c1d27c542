import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// Feeds are written as bytes straight from each post's absolutized body (``FeedText``), and
/// link targets and schemes are found over bytes for ASCII text: what each format carries
/// must still read back, with a real parser, as the page's own body.
@Suite("Feeds and links written byte by byte")
struct FeedBytesTests {
    /// A body whose HTML holds `]]>` (in code, where cmark escapes only `>`: `]]&gt;`, so it
    /// is written in an HTML block), quotes, a tab, non-ASCII text and a root-relative link.
    static let body = """
        Ünïcödé “quoted” text\tand a [link](/posts/b/).

        <div>raw ]]> end</div>

        ```swift
        let s = "a\\tb" // ]]>
        ```

        """

    @Test func cdataSplitsTheEndMarkerAndEveryFormatCarriesTheSameBody() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-19", body: Self.body),
                                "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-18")],
                               config: "title: Blog\nbase_url: \"https://example.com/\"\nmarkdown:\n  allow_raw_html: true\n")
        defer { site.remove() }
        _ = try site.build()
        let atomText = try #require(site.read("atom.xml"))
        #expect(atomText.contains("raw ]]]]><![CDATA[> end"))
        let atom = try XMLTree.parse(atomText).get()
        let content = try #require(atom.all("entry").first?.first("content")?.text)
        #expect(content.contains("<div>raw ]]> end</div>"))
        #expect(content.contains("href=\"https://example.com/posts/b/\""))
        #expect(content.contains("Ünïcödé"))
        let rss = try XMLTree.parse(try #require(site.read("rss.xml"))).get()
        #expect(rss.first("channel")?.all("item").first?.first("description")?.text == content)
        let feedJSON = try #require(site.read("feed.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(feedJSON.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first?["content_html"] as? String == content)
        #expect(feedJSON.contains(#"\t"#), "the tab in the text is escaped, not written raw")
    }

    @Test func schemesAndPathsReadTheSameOverBytesAsOverCharacters() {
        for (url, scheme) in [("a+b.c-d:x", true), ("mailto:é@x", true), ("1a:x", false), ("ü:x", false), ("a_b:x", false),
                              (":x", false), ("no-colon", false), ("x:", true)] {
            #expect(SiteURLs.hasScheme(url) == scheme, "\(url)")
        }
        #expect(SiteURLs.normalized("über/./x/../y/") == "über/y")
        #expect(SiteURLs.normalized("/a//b/./c/..") == "a/b")
        #expect(SiteURLs.normalized("a/../..") == nil)
    }

    @Test func mdLinksResolveFromFoldersWithAndWithoutNonASCIINames() {
        let posts = [("über/b", "b"), ("x/c", "c")].map { path, slug in
            Post(sourcePath: "Content/posts/\(path).md", slug: slug, title: slug, date: PostDate(year: 2017, month: 1, day: 1),
                 urlPath: "/posts/\(slug)/", body: "", bodyFirstLine: 1)
        }
        let resolver = LinkResolver(site: Site(config: SiteConfig(), posts: posts), urls: SiteURLs(baseURL: "https://e.com/"))
        #expect(resolver.target(of: "b.md#top", in: "Content/posts/über/a.md", pageURLPath: "/posts/a/")
                == .site(path: "/posts/b/", query: "", fragment: "top"))
        #expect(resolver.target(of: "../x/c.md?v=1", in: "Content/posts/über/a.md", pageURLPath: "/posts/a/")
                == .site(path: "/posts/c/", query: "?v=1", fragment: nil))
        #expect(resolver.target(of: "c.md", in: "Content/posts/x/a.md", pageURLPath: "/posts/a/")
                == .site(path: "/posts/c/", query: "", fragment: nil))
        #expect(resolver.target(of: "#sëction", in: "Content/posts/x/a.md", pageURLPath: "/posts/a/") == .samePage(fragment: "sëction"))
    }
}
