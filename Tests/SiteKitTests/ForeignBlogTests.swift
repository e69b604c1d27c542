import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A blog written for Jekyll, and one written for Hugo, copied in as they are: each builds
/// with no error and no warning, every URL it had still answers (in the output and through
/// `sitegen serve`), and nothing it wrote is lost.
@Suite("Blogs written for Jekyll and Hugo", .serialized)
struct ForeignBlogTests {
    // MARK: Jekyll

    static let jekyllConfig = """
        title: "Swift by Night"
        base_url: "https://night.example.com/"
        permalinks:
          posts: /:categories/:year/:month/:day/:slug/
        links:
          ignore: ["/download/"]

        """

    static let jekyllPosts: [String: String] = [
        // Date from the file name, categories, tags as text, an old URL linked.
        "Content/posts/2014-03-10-nsurl.md": """
            ---
            layout: post
            title: "NSURL and friends"
            categories: swift
            tags: foundation networking
            comments: true
            ---

            Read [protocol extensions](/swift/language/2015/09/06/protocol-extensions/) next,
            or [the old page](/2015/09/06/protocol-extensions.html). Get the app at [download](/download/mac/).

            """,
        // `.markdown`, a date with a time and an offset, a list of categories, redirect_from.
        "Content/posts/2015-09-06-protocol-extensions.markdown": """
            ---
            title: Protocol Extensions
            date: 2015-09-06 8:00:00 +0100
            categories: [swift, language]
            tags: [swift, protocols]
            redirect_from:
              - /2015/09/06/protocol-extensions.html
              - /protocols/
            excerpt: "Default implementations, and where they surprise you."
            ---

            Back to [NSURL](/swift/2014/03/10/nsurl/).

            """,
        // One-digit month and day in the file name, `category`, last_modified_at, a params key.
        "Content/posts/2016-1-9-one-digit.md": """
            ---
            title: One digit
            category: ios
            last_modified_at: 2016-02-01
            image: /images/cover.png
            ---

            Text.

            """,
        // A draft without a date (Jekyll's `published: false`).
        "Content/posts/unfinished.md": """
            ---
            title: Not yet
            published: false
            ---

            Later.

            """,
        "Content/pages/about.md": """
            ---
            title: About
            redirect_from: /about-me/
            ---

            Hello.

            """,
    ]

    @Test func aJekyllBlogBuildsWithoutAWordAndKeepsItsURLs() throws {
        let site = FixtureSite(Self.jekyllPosts, config: Self.jekyllConfig)
        defer { site.remove() }
        site.write("Content/static/images/cover.png", bytes: TestImages.png(width: 4, height: 3))
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        #expect(summary.posts == 3 && summary.skippedDrafts == ["Content/posts/unfinished.md"])

        // Every old URL answers: the posts at their date URLs, the redirects, the lists.
        let urls = ["swift/2014/03/10/nsurl/", "swift/language/2015/09/06/protocol-extensions/", "ios/2016/01/09/one-digit/",
                    "2015/09/06/protocol-extensions.html", "protocols/", "about/", "about-me/",
                    "categories/swift/", "categories/ios/", "tags/networking/", "tags/foundation/"]
        for url in urls {
            #expect(site.exists(url.hasSuffix("/") ? url + "index.html" : url), "\(url)")
        }
        let redirect = try #require(site.read("2015/09/06/protocol-extensions.html"))
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://night.example.com/swift/language/2015/09/06/protocol-extensions/\">"))
        #expect(redirect.contains("<link rel=\"canonical\" href=\"https://night.example.com/swift/language/2015/09/06/protocol-extensions/\">"))
        let sitemap = try #require(site.read("sitemap.xml"))
        #expect(!sitemap.contains("<loc>https://night.example.com/protocols/</loc>") && !sitemap.contains("about-me"),
                "redirects are not in the sitemap")
        #expect(sitemap.contains("https://night.example.com/categories/swift/"))

        let nsurl = try #require(site.read("swift/2014/03/10/nsurl/index.html"))
        #expect(nsurl.contains("<a href=\"/swift/language/2015/09/06/protocol-extensions/\">protocol extensions</a>"))
        #expect(nsurl.contains("<a href=\"/download/mac/\">download</a>"), "a link into the bigger site is left alone")
        #expect(nsurl.contains("<time datetime=\"2014-03-10\">10 March 2014</time>"), "dated by its file name")
        let tags = try #require(site.read("tags/index.html"))
        #expect(tags.contains(">foundation</a>") && tags.contains(">networking</a>"), "tags as text are split")
        let oneDigit = try #require(site.read("ios/2016/01/09/one-digit/index.html"))
        #expect(oneDigit.contains("updated <time datetime=\"2016-02-01\">"))
        let extensions = try #require(site.read("swift/language/2015/09/06/protocol-extensions/index.html"))
        #expect(extensions.contains("<meta name=\"description\" content=\"Default implementations, and where they surprise you.\">"))

        let server = try ServeProcess(site: site)
        defer { server.interrupt() }
        for url in urls + ["swift/language/2015/09/06/protocol-extensions"] {
            let response = try RawHTTPClient.get(server.port, "/" + url)
            #expect([200, 301].contains(response.status), "GET /\(url): \(response.status)")
        }
    }

    // MARK: Hugo

    static let hugoConfig = """
        title: "Generic Thoughts"
        base_url: "https://generic.example.com/"
        permalinks:
          posts: /:year/:month/:title/

        """

    static let hugoPosts: [String: String] = [
        // A page bundle with its images, a series list without order, aliases, description.
        "Content/posts/generics-part-1/index.md": """
            ---
            title: "Generics, Part 1"
            date: 2019-08-21T09:00:00+02:00
            description: "Where generic code starts."
            series: ["Swift Generics"]
            tags: [swift]
            aliases: [/posts/generics-1/, old-generics]
            ---

            ![The diagram](diagram.png)

            ![A photo](images/photo.jpg)

            Next: [part 2](../generics-part-2.md).

            """,
        "Content/posts/generics-part-1/diagram.png": "png",
        "Content/posts/generics-part-1/images/photo.jpg": "jpg",
        "Content/posts/generics-part-2.md": """
            ---
            title: "Generics, Part 2"
            date: 2019-09-02
            lastmod: 2019-09-10
            series: ["Swift Generics"]
            ---

            Back to [part 1](/2019/08/generics-part-1/) and [its diagram](/2019/08/generics-part-1/diagram.png).

            """,
        // A file name with spaces and punctuation.
        "Content/posts/My Post: Part 1?.md": """
            ---
            title: Spaces
            date: 2020-01-05
            ---

            Text.

            """,
        // A draft without a date.
        "Content/posts/someday.md": """
            ---
            title: Someday
            draft: true
            ---

            Maybe.

            """,
    ]

    @Test func aHugoBlogBuildsWithoutAWordAndKeepsItsURLs() throws {
        let site = FixtureSite(Self.hugoPosts, config: Self.hugoConfig)
        defer { site.remove() }
        site.write("Content/posts/generics-part-1/diagram.png", bytes: TestImages.png(width: 4, height: 3))
        site.write("Content/posts/generics-part-1/images/photo.jpg", bytes: TestImages.jpegHeader(width: 4, height: 3))
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings.headlines)")
        #expect(summary.posts == 3 && summary.skippedDrafts == ["Content/posts/someday.md"])
        let urls = ["2019/08/generics-part-1/", "2019/09/generics-part-2/", "2020/01/spaces/",
                    "2019/08/generics-part-1/diagram.png", "2019/08/generics-part-1/images/photo.jpg",
                    "posts/generics-1/", "2019/08/old-generics/", "series/swift-generics/"]
        for url in urls {
            #expect(site.exists(url.hasSuffix("/") ? url + "index.html" : url), "\(url)")
        }
        let part1 = try #require(site.read("2019/08/generics-part-1/index.html"))
        #expect(part1.contains("<img src=\"/2019/08/generics-part-1/diagram.png\" alt=\"The diagram\" width=\"4\" height=\"3\" />"))
        #expect(part1.contains("<a href=\"/2019/09/generics-part-2/\">part 2</a>"))
        #expect(part1.contains("Part 1 of 2 in"), "parts without series_order are ordered by date")
        #expect(part1.contains("<meta name=\"description\" content=\"Where generic code starts.\">"))
        let part2 = try #require(site.read("2019/09/generics-part-2/index.html"))
        #expect(part2.contains("Part 2 of 2 in"))
        #expect(part2.contains("updated <time datetime=\"2019-09-10\">"))
        #expect(site.read("2019/08/old-generics/index.html")?.contains("url=https://generic.example.com/2019/08/generics-part-1/") == true,
                "a relative alias is read from the post's folder")

        // The file name with spaces is the slug Hugo makes, under the permalink's :title.
        #expect(try #require(site.read("index.html")).contains("href=\"/2020/01/spaces/\""))

        let server = try ServeProcess(site: site)
        defer { server.interrupt() }
        for url in urls {
            let response = try RawHTTPClient.get(server.port, "/" + url)
            #expect(response.status == 200, "GET /\(url): \(response.status)")
        }
    }

    @Test func withDraftsAnUndatedDraftIsDatedByItsFileAndSaysSo() throws {
        let site = FixtureSite(Self.hugoPosts, config: Self.hugoConfig)
        site.write("Content/posts/generics-part-1/diagram.png", bytes: TestImages.png(width: 4, height: 3))
        site.write("Content/posts/generics-part-1/images/photo.jpg", bytes: TestImages.jpegHeader(width: 4, height: 3))
        defer { site.remove() }
        site.write("Content/posts/no-title.md", "---\ndraft: true\n---\n\nText.\n")
        let summary = try site.build(drafts: true)
        let warnings = summary.warnings.headlines
        #expect(warnings.contains { $0.hasPrefix("Content/posts/someday.md:1:1: warning: draft has no date: published with --drafts as 'Someday'") })
        #expect(warnings.contains { $0.hasPrefix("Content/posts/no-title.md:1:1: warning: draft has no title and date: published with --drafts as 'No title'") })
        #expect(summary.posts == 5)
    }
}
