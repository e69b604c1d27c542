import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The blog's feeds and site files, read back with real parsers (libxml2 through
/// XMLParser, JSONSerialization): well-formed, complete, absolute, dated as each format says.
@Suite("Feeds and site files", .serialized)
struct FeedTests {
    static let output: URL = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-feeds-\(UUID().uuidString)")
        _ = try! SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        return output
    }()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    static func xml(_ path: String) throws -> XMLTree.Element {
        try XMLTree.parse(try read(path)).get()
    }

    /// Every post's permalink, newest first, from the built post folders and the source dates.
    static let postURLs: [String] = {
        let site = try! SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot)).load().site
        return site.posts.map { "https://example.com" + $0.urlPath }
    }()

    static var rfc3339: Regex<(Substring, Substring)> { #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/# }

    static func rfc822(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.date(from: text)
    }

    /// No root-relative `href`/`src` is left in content read outside the site.
    static func expectAbsolute(_ html: String, _ where_: String) {
        #expect(!html.contains(" href=\"/") && !html.contains(" src=\"/") && !html.contains(" href=\"#"), "\(where_)")
    }

    @Test func atomListsEveryPostNewestFirstWithFullAbsoluteContent() throws {
        let feed = try Self.xml("atom.xml")
        #expect(feed.name == "feed")
        #expect(feed.all("link").contains { $0.attributes["rel"] == "self" && $0.attributes["href"] == "https://example.com/atom.xml" })
        #expect(feed.first("updated")?.text.wholeMatch(of: Self.rfc3339) != nil)
        let entries = feed.all("entry")
        #expect(entries.map { $0.first("id")?.text } == Self.postURLs)
        for entry in entries {
            #expect(entry.first("link")?.attributes["href"] == entry.first("id")?.text)
            for date in ["published", "updated"] { #expect(entry.first(date)?.text.wholeMatch(of: Self.rfc3339) != nil) }
            let content = try #require(entry.first("content"))
            #expect(content.attributes["type"] == "html")
            #expect(content.text.count > 200, "full content, not a summary")
            Self.expectAbsolute(content.text, "atom entry \(entry.first("id")?.text ?? "")")
        }
    }

    @Test func rssListsEveryPostWithRFC822Dates() throws {
        let rss = try Self.xml("rss.xml")
        #expect(rss.name == "rss" && rss.attributes["version"] == "2.0")
        let channel = try #require(rss.first("channel"))
        #expect(channel.first("link")?.text == "https://example.com/")
        #expect(Self.rfc822(channel.first("lastBuildDate")?.text ?? "") != nil)
        let items = channel.all("item")
        #expect(items.map { $0.first("link")?.text } == Self.postURLs)
        let dates = try items.map { try #require(Self.rfc822($0.first("pubDate")?.text ?? ""), "\($0.first("pubDate")?.text ?? "")") }
        #expect(dates == dates.sorted(by: >))
        for item in items {
            #expect(item.first("guid")?.attributes["isPermaLink"] == "true")
            Self.expectAbsolute(item.first("description")?.text ?? "", "rss item")
        }
    }

    @Test func jsonFeedIsVersionOnePointOne() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.read("feed.json").utf8)) as? [String: Any])
        #expect(json["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(json["feed_url"] as? String == "https://example.com/feed.json")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["url"] as? String } == Self.postURLs)
        for item in items {
            #expect((item["date_published"] as? String)?.wholeMatch(of: Self.rfc3339) != nil)
            #expect(ISO8601DateFormatter().date(from: item["date_published"] as? String ?? "") != nil)
            Self.expectAbsolute(item["content_html"] as? String ?? "", "json item")
        }
    }

    @Test func tagAndSeriesFeedsListTheirOwnPosts() throws {
        let viper = try Self.xml("series/viper/atom.xml").all("entry").compactMap { $0.first("id")?.text }
        #expect(viper == ["viper-class-binding-using-protocol", "viper-interactor-and-entity", "viper-an-ios-architecture"]
            .map { "https://example.com/posts/\($0)/" }, "newest first")
        let frog = try Self.xml("series/eat-that-frog/rss.xml").first("channel")?.all("item") ?? []
        #expect(frog.count == 5)
        let site = try SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot)).load().site
        for tag in site.tags {
            let entries = try Self.xml(String(tag.urlPath.dropFirst()) + "atom.xml").all("entry")
            #expect(entries.count == tag.posts.count, "\(tag.name)")
            let json = try JSONSerialization.jsonObject(with: Data(Self.read(String(tag.urlPath.dropFirst()) + "feed.json").utf8))
            #expect(((json as? [String: Any])?["items"] as? [Any])?.count == tag.posts.count)
        }
    }

    @Test func sitemapListsEveryPageButThePager() throws {
        let sitemap = try Self.xml("sitemap.xml")
        #expect(sitemap.name == "urlset")
        let locations = sitemap.all("url").compactMap { $0.first("loc")?.text }
        for url in Self.postURLs + ["https://example.com/", "https://example.com/about/", "https://example.com/series/viper/",
                                    "https://example.com/tags/swift/", "https://example.com/archive/"] {
            #expect(locations.contains(url), "\(url)")
        }
        #expect(!locations.contains { $0.contains("/page/") || $0.contains("404") })
        #expect(locations.allSatisfy { $0.hasPrefix("https://example.com/") })
        #expect(Set(locations).count == locations.count)
        for url in sitemap.all("url") where url.first("loc")?.text.contains("/posts/") == true {
            #expect(url.first("lastmod")?.text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}(T.*)?/#) != nil)
        }
    }

    @Test func robotsNamesTheSitemapAndThereIsANotFoundPage() throws {
        #expect(try Self.read("robots.txt").contains("\nSitemap: https://example.com/sitemap.xml\n"))
        let notFound = try Self.read("404.html")
        #expect(notFound.contains("<h1 class=\"page-title\">Page not found</h1>"))
        #expect(notFound.contains("href=\"/css/style.css\""), "root-relative links work at any depth")
    }

    @Test func everyPageNamesTheFeedsAndSeriesPartsTheirSeriesFeed() throws {
        let pages = DirectoryWalker.files(below: Self.output.path, includeHidden: false).filter { $0.hasSuffix(".html") }
        for page in pages {
            let html = try Self.read(page)
            for format in FeedFormat.allCases {
                #expect(html.contains("<link rel=\"alternate\" type=\"\(format.mediaType)\" title=\"Notes on iOS and Swift (\(format.label))\" href=\"https://example.com/\(format.fileName)\">"), "\(page)")
            }
        }
        #expect(try Self.read("posts/viper-interactor-and-entity/index.html")
            .contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"VIPER series (Atom)\" href=\"https://example.com/series/viper/atom.xml\">"))
        #expect(try Self.read("tags/swift/index.html").contains("href=\"https://example.com/tags/swift/rss.xml\""))
    }

    @Test func theCrawlerFindsBrokenLinksAndAnchors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-crawl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try "<p id=\"x\"><a href=\"/a/\">ok</a> <a href=\"a/#x\">no id</a> <a href=\"/b/\">missing</a> <a href=\"#x\">ok</a></p>"
            .write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "<a href=\"https://example.com/#x\">ok</a> <a href=\"../c.png\">missing</a> <a href=\"https://other.org/\">external</a>"
            .write(to: folder.appendingPathComponent("a/index.html"), atomically: true, encoding: .utf8)
        let (broken, checked) = OutputCrawler(output: folder, baseURL: "https://example.com/").brokenLinks()
        #expect(broken.map { "\($0.page) \($0.link)" }.sorted() == ["a/index.html ../c.png", "index.html /b/", "index.html a/#x"])
        #expect(checked == 6)
    }

    @Test func aCrawlOfTheOutputFindsNoBrokenLinkOrAnchor() throws {
        let (broken, checked) = OutputCrawler(output: Self.output, baseURL: "https://example.com/").brokenLinks()
        #expect(broken.isEmpty, "\(broken)")
        #expect(checked > 1000, "links followed: \(checked)")
    }
}

/// Feeds of small fixture sites: limits, escaping, dates with offsets, static overrides.
@Suite("Feed details")
struct FeedDetailTests {
    static let posts = [
        "Content/posts/a.md": FixtureSite.post("title: \"Array<Int> & \\\"quotes\\\"\"\ndate: 2017-04-19T09:30:00+02:00\ntags: [swift]",
                                               body: "Use `Array<Int>` & [b](b.md).\n\n## Part\n\n[up](#part)\n"),
        "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2017-04-20\nupdated: 2017-06-01"),
        "Content/posts/c.md": FixtureSite.post("title: C\ndate: 2017-04-21"),
    ]

    @Test func titlesAndCodeAreEscapedExactlyOnceAndLinksMadeAbsolute() throws {
        let site = FixtureSite(Self.posts, config: "title: \"Fixture & Co\"\nbase_url: \"https://example.com/blog/\"\n")
        defer { site.remove() }
        _ = try site.build()
        let atom = try XMLTree.parse(try #require(site.read("atom.xml"))).get()
        #expect(atom.first("title")?.text == "Fixture & Co")
        let entry = try #require(atom.all("entry").last)
        #expect(entry.first("title")?.text == "Array<Int> & \"quotes\"")
        #expect(entry.first("published")?.text == "2017-04-19T09:30:00+02:00")
        let content = entry.first("content")?.text ?? ""
        #expect(content.contains("<code>Array&lt;Int&gt;</code> &amp; <a href=\"https://example.com/blog/posts/b/\">b</a>"))
        #expect(content.contains("<a href=\"https://example.com/blog/posts/a/#part\">up</a>"))
        let rss = try XMLTree.parse(try #require(site.read("rss.xml"))).get()
        #expect(rss.first("channel")?.all("item").last?.first("pubDate")?.text == "Wed, 19 Apr 2017 09:30:00 +0200")
        let feedJSON = try #require(site.read("feed.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(feedJSON.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.last?["title"] as? String == "Array<Int> & \"quotes\"")
        #expect(items[1]["date_modified"] as? String == "2017-06-01T00:00:00Z")
        #expect(site.read("posts/a/index.html")?.contains("<title>Array&lt;Int&gt; &amp; &quot;quotes&quot; – Fixture &amp; Co</title>") == true)
    }

    @Test func jsonStringsAndAbsoluteLinksByteByByte() throws {
        let text = "a\"b\\c\nd\te\r\u{01}é𝄞</x>"
        let quoted = JSONText.quoted(text)
        #expect(quoted == #""a\"b\\c\nd\te\r\u0001é𝄞</x>""#)
        #expect(try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String == text)
        let urls = SiteURLs(baseURL: "https://example.com/blog/")
        #expect(urls.absolutizingLinks(in: ##"<a href="/blog/x/">x</a> <img src="/blog/a.png" /> <a href="//cdn.org/y">y</a> <a href="#h">h</a> <a href="https://o.org/">o</a> data-href="/no""##,
                                       pageURL: "https://example.com/blog/p/")
                == ##"<a href="https://example.com/blog/x/">x</a> <img src="https://example.com/blog/a.png" /> <a href="//cdn.org/y">y</a> <a href="https://example.com/blog/p/#h">h</a> <a href="https://o.org/">o</a> data-href="/no""##)
        // Each candidate of a resized image's srcset, and none elsewhere.
        #expect(urls.absolutizingLinks(in: ##"<source srcset="/blog/a-480w.webp 480w, /blog/a-960w.webp 960w,//cdn.org/b.webp 2x"> <img src="/blog/a.png" srcset="/blog/a-480w.png 480w,/blog/a.png 960w" sizes="100vw">"##,
                                       pageURL: "https://example.com/blog/p/")
                == ##"<source srcset="https://example.com/blog/a-480w.webp 480w, https://example.com/blog/a-960w.webp 960w,//cdn.org/b.webp 2x"> <img src="https://example.com/blog/a.png" srcset="https://example.com/blog/a-480w.png 480w,https://example.com/blog/a.png 960w" sizes="100vw">"##)
    }

    /// The quoter copies eight bytes at a time when none needs escaping: every escaped byte at
    /// every place in and around a word, and bytes just beside the escaped ones (0x1F/0x20,
    /// 0x21/0x23, 0x5B/0x5D, non-ASCII), must come out as a byte-at-a-time quoter writes them.
    @Test func jsonQuotingAtEveryPlaceInAWord() throws {
        func byteByByte(_ text: String) -> String {
            var out: [UInt8] = [0x22]
            for byte in text.utf8 {
                switch byte {
                case 0x22: out += Array("\\\"".utf8)
                case 0x5C: out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0..<0x20: out += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out + [0x22], as: UTF8.self)
        }
        #expect(JSONText.quoted("") == "\"\"")
        let specials: [String] = ["\"", "\\", "\n", "\u{00}", "\u{1F}", "\t", "\r", "\u{7F}", " ", "!", "#", "[", "]", "é", "𝄞"]
        for length in [7, 8, 9, 15, 16, 17, 24] {
            for special in specials {
                for place in 0..<length {
                    let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place)
                    let quoted = JSONText.quoted(text)
                    #expect(quoted == byteByByte(text), "\(special.debugDescription) at \(place) of \(length)")
                    #expect(try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String == text)
                }
            }
        }
        // Several bytes to escape in one word, and every ASCII byte, from each alignment.
        let ascii = String(decoding: Array(0..<128) as [UInt8], as: UTF8.self)
        for lead in 0..<9 {
            for text in [String(repeating: "x", count: lead) + "\"\\\n\"x\u{1}\"\\" + ascii + "é", String(repeating: "x", count: lead) + ascii + ascii] {
                #expect(JSONText.quoted(text) == byteByByte(text), "lead \(lead)")
            }
        }
    }

    @Test(arguments: [(nil, 3), ("2", 2), ("0", 3)])
    func feedLimit(setting: String?, entries: Int) throws {
        let config = "title: Blog\nbase_url: \"https://example.com/\"\n" + (setting.map { "feed_limit: \($0)\n" } ?? "")
        let site = FixtureSite(Self.posts, config: config)
        defer { site.remove() }
        _ = try site.build()
        #expect(try XMLTree.parse(try #require(site.read("atom.xml"))).get().all("entry").count == entries)
        #expect(try XMLTree.parse(try #require(site.read("tags/swift/rss.xml"))).get().first("channel")?.all("item").count == 1)
    }

    @Test func aStaticRobotsTxtReplacesTheGeneratedOne() throws {
        let site = FixtureSite(Self.posts.merging(["Content/static/robots.txt": "User-agent: *\nDisallow: /drafts/\n"]) { $1 })
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("robots.txt") == "User-agent: *\nDisallow: /drafts/\n")
    }

    @Test func anEmptySiteStillHasValidFeeds() throws {
        let site = FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        #expect(try XMLTree.parse(try #require(site.read("atom.xml"))).get().first("updated")?.text == "1970-01-01T00:00:00Z")
        #expect(try XMLTree.parse(try #require(site.read("rss.xml"))).get().name == "rss")
        #expect(try XMLTree.parse(try #require(site.read("sitemap.xml"))).get().all("url").count == 4)
    }
}
