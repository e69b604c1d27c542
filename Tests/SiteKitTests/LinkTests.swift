import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// Links between posts: a Markdown link to a post's file becomes the post's URL, and a
/// link to anything that does not exist fails the build where it is written.
@Suite("Internal links")
struct LinkTests {
    static let posts = [
        "Content/posts/part-one.md": FixtureSite.post("title: Part one\ndate: 2017-04-19", body: """
            ## Set up

            Text.

            ## Set up

            Same heading again.
            """),
        "Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24", body: """
            Read [part one](part-one.md), its [second set-up](part-one.md#set-up-1),
            [this section](#details) and the [about page](../pages/about.md).
            ![Flow](/images/flow.svg) and [the series](/series/).

            ## Details

            [Home](/) · [Swift](https://swift.org/documentation/) · <mailto:a@example.com> · [top](#)
            """),
        "Content/pages/about.md": "---\ntitle: About\n---\n\nSee [part one](../posts/part-one.md#set-up).\n",
        "Content/static/images/flow.svg": "<svg/>",
    ]

    static func site(_ overrides: [String: String] = [:], config: String? = nil) -> FixtureSite {
        let files = posts.merging(overrides) { $1 }.filter { !$0.value.isEmpty }
        return config.map { FixtureSite(files, config: $0) } ?? FixtureSite(files)
    }

    @Test func markdownLinksToPostsBecomeTheirURLs() throws {
        let site = Self.site(["Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24", body: """
            Read [part one](part-one.md), its [second set-up](part-one.md#set-up-1), [again](./part-one.md?x=1#set-up),
            [this section](#details) and the [about page](../pages/about.md). ![Flow](/images/flow.svg) [Series](/series/)

            ## Details

            [Swift](https://swift.org/documentation/) · <mailto:a@example.com> · [top](#)
            """)])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/part-two/index.html"))
        #expect(page.contains("<a href=\"/posts/part-one/\">part one</a>"))
        #expect(page.contains("<a href=\"/posts/part-one/#set-up-1\">second set-up</a>"))
        #expect(page.contains("<a href=\"/posts/part-one/?x=1#set-up\">again</a>"))
        #expect(page.contains("<a href=\"#details\">this section</a>"))
        #expect(page.contains("<a href=\"/about/\">about page</a>"))
        #expect(page.contains("<img src=\"/images/flow.svg\" alt=\"Flow\" />"))
        #expect(page.contains("<a href=\"https://swift.org/documentation/\">Swift</a>"))
        #expect(page.contains("<a href=\"mailto:a@example.com\">"))
        #expect(site.read("about/index.html")?.contains("<a href=\"/posts/part-one/#set-up\">part one</a>") == true)
    }

    @Test func linksFollowTheBaseURLsPath() throws {
        let site = Self.site(["Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24",
                                                                             body: "[One](part-one.md) [Series](/series/) ![F](/images/flow.svg)\n")],
                             config: "title: Blog\nbase_url: \"https://example.com/blog/\"\n")
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/part-two/index.html"))
        #expect(page.contains("<a href=\"/blog/posts/part-one/\">One</a> <a href=\"/blog/series/\">Series</a>"))
        #expect(page.contains("<img src=\"/blog/images/flow.svg\""))
    }

    @Test(arguments: [
        ("[One](part-on.md)", "1:7", "broken link 'part-on.md': there is no post or page Content/posts/part-on.md (did you mean 'part-one.md'?)"),
        ("Text, then [x](part-one.md#setup).", "1:16", "broken link 'part-one.md#setup': /posts/part-one/ has no heading or element with id 'setup' (did you mean 'set-up'?)"),
        ("See [x](#detials).\n\n## Details", "1:9", "broken link '#detials': this page has no heading or element with id 'detials' (did you mean 'details'?)"),
        ("- item\n- [x](/seires/)", "2:7", "broken link '/seires/': no page or file of the site is at /seires/ (did you mean '/series/'?)"),
        ("![a](images/flow.svg)", "1:6", "broken link 'images/flow.svg': no page or file of the site is at /posts/part-two/images/flow.svg"),
        ("[a](../../../x.md)", "1:5", "broken link '../../../x.md': it leads outside the site"),
        ("[a](draft.md)", "1:5", "broken link 'draft.md': Content/posts/draft.md is a draft, which this build leaves out (publish it, or build with --drafts)"),
    ])
    func aBrokenLinkFailsAtItsLineAndColumn(body: String, place: String, message: String) throws {
        let site = Self.site(["Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24", body: body + "\n"),
                              "Content/posts/draft.md": FixtureSite.post("title: Draft\ndate: 2017-05-01\ndraft: true")])
        defer { site.remove() }
        _ = try? SiteBuilder(options: .init(siteRoot: site.root)).build()   // may fail; the snapshot is what matters
        let before = site.outputSnapshot()
        let errors = site.failingBuild().errors
        // The body starts on line 6 of the file: three lines of front matter, the fences, a blank line.
        let (line, column) = (Int(place.split(separator: ":")[0])! + 5, place.split(separator: ":")[1])
        #expect(errors.headlines == ["Content/posts/part-two.md:\(line):\(column): error: \(message)"])
        #expect(site.outputSnapshot() == before, "a failed build leaves the output as it was")
        let staging = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains(".sitegen-") && $0 != ".sitegen-cache" }
        #expect(staging.isEmpty, "pages written before the check are removed with their staging folder")
    }

    @Test func everyBrokenLinkIsReportedAtOnce() {
        let site = Self.site(["Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24",
                                                                             body: "[a](x.md) [a](x.md)\n[b](#nowhere)\n")])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines.map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
                == ["Content/posts/part-two.md:6:5", "Content/posts/part-two.md:6:15", "Content/posts/part-two.md:7:5"])
    }

    @Test func aDraftLinkResolvesWhenDraftsAreBuilt() throws {
        let site = Self.site(["Content/posts/part-two.md": FixtureSite.post("title: Part two\ndate: 2017-04-24", body: "[a](draft.md)\n"),
                              "Content/posts/draft.md": FixtureSite.post("title: Draft\ndate: 2017-05-01\ndraft: true")])
        defer { site.remove() }
        _ = try site.build(drafts: true)
        #expect(site.read("posts/part-two/index.html")?.contains("<a href=\"/posts/draft/\">a</a>") == true)
    }

    @Test func resolverKeepsExternalLinksAndNormalisesPaths() {
        let resolver = LinkResolver(site: Site(config: SiteConfig(), posts: []), urls: SiteURLs(baseURL: "https://e.com/"))
        for external in ["https://swift.org", "HTTP://x", "mailto:a@b.c", "//cdn.example.com/a.js", "tel:+1", "data:image/png;base64,AA"] {
            #expect(resolver.target(of: external, in: "Content/posts/a.md", pageURLPath: "/posts/a/") == .external, "\(external)")
        }
        #expect(resolver.target(of: "../b/./c/", in: "Content/posts/a.md", pageURLPath: "/posts/a/")
                == .site(path: "/posts/b/c/", query: "", fragment: nil))
        #expect(resolver.target(of: "/a%20b.png", in: "Content/posts/a.md", pageURLPath: "/posts/a/")
                == .site(path: "/a b.png", query: "", fragment: nil))
        #expect(SiteURLs.normalized("a/../../b") == nil)
    }
}
