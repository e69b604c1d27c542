import Foundation
import Testing
@testable import Import
@testable import Support
@testable import TestSupport

enum JekyllBinary {
    static let path = ExecutableLookup.find(["jekyll"], environment: ProcessInfo.processInfo.environment)
}

/// Real Jekyll is the judge of the URLs an import computes: each fixture blog is built with
/// `jekyll build --safe` (no plugins), and the set of HTML pages it wrote must be the set of
/// `report.oldURLs`, every one of which the imported site answers.
@Suite("Import: Jekyll's own URLs, judged by jekyll build",
       .enabled(if: JekyllBinary.path != nil, "no jekyll on PATH: the Jekyll judge tests need Debian's jekyll (apt-get install jekyll)"))
struct JekyllJudgeTests {
    static var jekyll: String? { JekyllBinary.path }

    /// The URL paths of the HTML pages `jekyll build` wrote for `source`: `a/index.html` is
    /// `/a/`, `a.html` is `/a.html`, percent-encoded as a URL.
    static func jekyllPages(_ source: URL) throws -> Set<String> {
        let output = source.appendingPathExtension("jekyll")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = ProcessRunner.run(try #require(jekyll), ["build", "--safe", "--disable-disk-cache", "--quiet", "-s", source.path, "-d", output.path],
                                       in: source.deletingLastPathComponent(), timeout: 120)
        try #require(result.status == 0, "jekyll build failed: \(result.stderr)\(result.stdout)")
        var pages: Set<String> = []
        for file in DirectoryWalker.files(below: output.path, includeHidden: false) where file.hasSuffix(".html") {
            let url = file.fileName == "index.html" ? "/" + file.dropLast("index.html".count) : "/" + file
            pages.insert(url.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url)
        }
        return pages
    }

    /// Jekyll's pages, the import's old URLs and the import's check, for one fixture site.
    static func judge(_ files: [String: String]) throws -> (jekyll: Set<String>, report: ImportReport, site: URL) {
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        let pages = try jekyllPages(source)
        let site = source.appendingPathExtension("sitegen")
        let report = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: site)).run()
        try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)
        return (pages, report, site)
    }

    /// The import's old URLs are Jekyll's pages, and the imported site answers each one.
    static func expectEveryPageOfJekyllIsAnOldURLThatAnswers(_ jekyll: Set<String>, _ report: ImportReport) throws {
        #expect(Set(report.oldURLs.map(\.path)) == jekyll)
        let check = try #require(report.oldURLCheck)
        #expect(check.buildErrors.isEmpty, "\(check.buildErrors)")
        #expect(check.misses.isEmpty, "\(check.misses)")
        #expect((check.answered, check.checked) == (jekyll.count, jekyll.count))
        #expect(ImportReportFormat.text(report).hasSuffix("old URLs: \(jekyll.count) of \(jekyll.count) answer"))
    }

    static let layout = "<html><body>{{ content }}</body></html>\n"

    /// A blog whose posts take their permalink from `defaults:` (by path and type), with the
    /// duplicate keys real posts have, a one-category `category:` with a space, `categories:`
    /// as text and as a list, a talks collection, pages with and without `permalink:`, and a
    /// YAML `.apinotes` file that starts with `---`.
    static let defaultsBlog: [String: String] = [
        "_config.yml": """
            title: Swift Notes
            url: https://notes.example.com
            permalink: /:categories/:year/:month/:day/:title.html
            collections:
              talks:
                output: true
                permalink: /talks/:name/
              recipes:
                output: false
            defaults:
              - scope:
                  path: ""
                values:
                  layout: default
                  author: Jane Appleseed
              - scope:
                  path: "_posts"
                  type: posts
                values:
                  permalink: /blog/:year/:title/
                  tags: [swift]
              - scope:
                  path: "_posts/2020"
                values:
                  categories: archive
              - scope:
                  type: pages
                values:
                  layout: page
              - scope:
                  path: "docs/*.md"
                values:
                  permalink: /documentation/:basename/

            """,
        "_layouts/default.html": layout,
        "_layouts/page.html": layout,
        "index.md": "---\ntitle: Home\n---\nWelcome.\n",
        "_posts/2019-05-01-viper.md": """
            ---
            title: VIPER, one year on
            published: false
            published: true
            category: Developer Tools
            ---
            A post.

            """,
        "_posts/2020-01-02-tools.md": """
            ---
            title: Tools
            slug: old-slug
            slug: new-slug
            categories: ios swift
            permalink: /:categories/:title/
            ---
            A post.

            """,
        "_posts/2021-03-04-lists.md": """
            ---
            title: Lists
            date: 2020-12-31
            # Updated after WWDC
            date: 2021-03-05 10:00:00
            categories:
              - Server Side
              - swift
            ---
            A post.

            """,
        "swift/_posts/2018-07-08-folders.md": """
            ---
            title: Folders
            category: one
            category: Two Words
            ---
            A post in a category folder, outside the defaults' path.

            """,
        "_drafts/work-in-progress.md": """
            ---
            title: Work in progress
            redirect_from:
              -
            ---
            Not yet.

            """,
        "_talks/wwdc-2019.md": "---\ntitle: WWDC 2019\n---\nThe talk.\n",
        "_recipes/soup.md": "---\ntitle: Soup\n---\nNot written out by Jekyll.\n",
        "about.md": "---\ntitle: About\n---\nAbout me.\n",
        "contact.md": "---\ntitle: Contact\npermalink: /contact-me/\n---\nWrite to me.\n",
        "resume.md": "---\ntitle: Résumé\npermalink: /resume\n---\nMy work.\n",
        "docs/setup.md": "---\ntitle: Setup\n---\nHow to set up.\n",
        "APINotes/Foo.apinotes": "---\nName: Foo\nClasses:\n- Name: FooView\n  SwiftName: View\n",
    ]

    @Test func aBlogWhosePostsTakeTheirPermalinkFromDefaults() throws {
        let (jekyll, report, site) = try Self.judge(Self.defaultsBlog)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(jekyll == [
            "/", "/blog/2019/viper/", "/archive/ios/swift/new-slug/", "/blog/2021/lists/", "/swift/two%20words/2018/07/08/folders.html",
            "/talks/wwdc-2019/", "/about.html", "/contact-me/", "/resume.html", "/documentation/setup/",
        ], "what Jekyll 4.3 does with this blog (if this fails, Jekyll changed: read its output)")
        try Self.expectEveryPageOfJekyllIsAnOldURLThatAnswers(jekyll, report)
        #expect(report.oldURLs.first { $0.source == "_posts/2019-05-01-viper.md" }?.rule == "permalink /blog/:year/:title/ (defaults: path _posts, type posts)")

        // Each duplicate is listed at its line; the file keeps the last value only.
        let duplicates = (report.converted[.duplicateKeyDropped] ?? []).map(\.position).sorted()
        #expect(duplicates == ["_posts/2019-05-01-viper.md:3:1", "_posts/2020-01-02-tools.md:3:1", "_posts/2021-03-04-lists.md:3:1",
                               "swift/_posts/2018-07-08-folders.md:3:1"])
        #expect(ImportSiteTests.read(site, "Content/posts/2021-03-04-lists.md") == """
            ---
            title: Lists
            # Updated after WWDC
            date: 2021-03-05 10:00:00
            categories:
              - Server Side
              - swift
            author: Jane Appleseed
            tags: [swift]
            redirect_from: ["/blog/2021/lists/"]
            ---
            A post.

            """)
        // `category:` is one category; the defaults' values are written into the post.
        let viper = try #require(ImportSiteTests.read(site, "Content/posts/2019-05-01-viper.md"))
        #expect(viper.contains("published: true\ncategory: Developer Tools\nauthor: Jane Appleseed\n"))
        #expect(!viper.contains("published: false"))
        #expect(!viper.contains("layout:"), "sitegen's theme lays out every page")
        // `categories:` as text is split, after the defaults' category (Jekyll's order).
        #expect(ImportSiteTests.read(site, "Content/posts/2020-01-02-tools.md")?.contains("slug: new-slug\ncategories: [\"archive\", \"ios\", \"swift\"]\n") == true)
        // The collection's document is a page; the collection without output is not imported.
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/pages/talks/wwdc-2019.md").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/pages/recipes/soup.md").path))
        // The .apinotes file is copied as it is, as Jekyll serves it.
        #expect(ImportSiteTests.read(site, "Content/static/APINotes/Foo.apinotes") == Self.defaultsBlog["APINotes/Foo.apinotes"])
    }

    /// A blog with the `pretty` style (and the posts' template under `collections: posts:`), defaults by glob and by type, `published: false` from
    /// the defaults, a post dated in the future, a collection at Jekyll's default URL, category folders and index pages.
    static let prettyBlog: [String: String] = [
        "_config.yml": """
            title: iOS Dev Diary
            permalink: pretty
            collections:
              - projects
            collections:
              projects:
                output: true
              posts:
                permalink: /:categories/:year/:title/
            defaults:
              - scope:
                  path: "_posts/*-swift-*"
                values:
                  category: Swift Tips
              - scope:
                  path: "_posts/2017"
                values:
                  published: false
              - scope:
                  type: posts
                values:
                  layout: post
              - scope:
                  path: "talks"
                  type: pages
                values:
                  permalink: /speaking/:basename/

            """,
        "_layouts/post.html": layout,
        "_layouts/default.html": layout,
        "index.html": "---\nlayout: default\n---\n<h1>Home</h1>\n",
        "_posts/2016-02-29-swift-generics.md": "---\ntitle: Swift generics\n---\nGenerics.\n",
        "_posts/2016-03-10-core-data.markdown": "---\ntitle: Core Data\ncategories: [iOS, Persistence]\n---\nCore Data.\n",
        "_posts/2017-01-01-old-news.md": "---\ntitle: Old news\n---\nNot published, by the defaults.\n",
        "_posts/2099-01-01-someday.md": "---\ntitle: Someday\n---\nDated after the build: Jekyll leaves it out without future: true.\n",
        "ios/_posts/2018-04-05-notifications.md": "---\ntitle: Notifications\ncategories: Push\n---\nPush.\n",
        "_projects/sitegen.md": "---\ntitle: sitegen\n---\nA site generator.\n",
        "talks/index.md": "---\ntitle: Talks\n---\nMy talks.\n",
        "talks/try-swift.md": "---\ntitle: try! Swift\n---\nThe talk.\n",
        "uses.md": "---\ntitle: Uses\n---\nMy setup.\n",
        "assets/main.css": "body { margin: 0 }\n",
    ]

    @Test func aPrettyBlogWithDefaultsByGlobAndType() throws {
        let (jekyll, report, site) = try Self.judge(Self.prettyBlog)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(jekyll == [
            "/", "/swift%20tips/2016/swift-generics/", "/ios/persistence/2016/core-data/", "/ios/push/2018/notifications/",
            "/projects/sitegen/", "/speaking/index/", "/speaking/try-swift/", "/uses/",
        ], "what Jekyll 4.3 does with this blog (if this fails, Jekyll changed: read its output)")
        try Self.expectEveryPageOfJekyllIsAnOldURLThatAnswers(jekyll, report)
        #expect(ImportSiteTests.read(site, "Content/posts/2017-01-01-old-news.md")?.contains("published: false\n") == true,
                "a post the defaults unpublish stays unpublished")
        // `collections` given twice in _config.yml: the last is read, as Jekyll reads it, and the first is listed.
        #expect(report.notImported.contains { $0.position == "_config.yml:3:1" && $0.text == "collections" })
    }

    /// Scopes by glob (`**/` any folders, none too; a glob naming a folder), a `type: drafts`
    /// rule (Jekyll 4 gives drafts the posts' type, so it applies to nothing), and a post in
    /// a sub-folder of `_posts/`.
    static let globBlog: [String: String] = [
        "_config.yml": """
            title: Globs
            defaults:
              - scope:
                  type: drafts
                values:
                  permalink: /drafts-type/:title/
              - scope:
                  path: "_posts/**/*.md"
                values:
                  permalink: /globbed/:title/
              - scope:
                  path: "_p*/2019"
                values:
                  permalink: /short/:slug.html

            """,
        "_posts/2020-01-01-top.md": "---\ntitle: Top\n---\nx\n",
        "_posts/series/2020-02-01-Part One.md": "---\ntitle: Part one\n---\nx\n",
        "_posts/2019-05-05-old.markdown": "---\ntitle: Old\n---\nx\n",
        "_drafts/idea.md": "---\ntitle: Idea\n---\nx\n",
    ]

    @Test func aBlogWithGlobScopes() throws {
        let (jekyll, report, site) = try Self.judge(Self.globBlog)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(jekyll == ["/globbed/top/", "/globbed/Part-One/", "/2019/05/05/old.html"],
                "what Jekyll 4.3 does with this blog (if this fails, Jekyll changed: read its output)")
        try Self.expectEveryPageOfJekyllIsAnOldURLThatAnswers(jekyll, report)
    }
    /// Permalinks with `..` and `.` segments, as patterns that climb out or go up write them: Jekyll's `URL#sanitize_url` turns every `..` into `/`, drops
    /// `./` and squeezes slashes (`/x/../b/` is `/x/b/`, not `/b/`), and the import's old
    /// URLs are those.
    static let dotsBlog: [String: String] = [
        "_config.yml": "title: Dots\nurl: https://dots.example.com\npermalink: /:categories/:year/:month/:day/:title/\n",
        "_layouts/default.html": layout,
        "_posts/2020-01-01-climbing.md": "---\ntitle: Climbing\npermalink: /../../climbing/\n---\nx\n",
        "_posts/2020-01-02-folders.md": "---\ntitle: Folders\npermalink: /notes/../swift/folders/\n---\nx\n",
        "_posts/2020-01-03-up.md": "---\ntitle: Up\ncategories: [swift]\npermalink: /:categories/../:title/\n---\nx\n",
        "_posts/2020-01-04-here.md": "---\ntitle: Here\npermalink: /swift/./here/\n---\nx\n",
        "guides/setup.md": "---\ntitle: Setup\npermalink: /../setup.html\n---\nx\n",
    ]

    @Test func dotSegmentsAreSanitizedAsJekyllDoes() throws {
        let (jekyll, report, site) = try Self.judge(Self.dotsBlog)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(jekyll == ["/climbing/", "/notes/swift/folders/", "/swift/up/", "/swift/here/", "/setup.html"],
                "what Jekyll 4.3 does with this blog (if this fails, Jekyll changed: read its output)")
        try Self.expectEveryPageOfJekyllIsAnOldURLThatAnswers(jekyll, report)
        #expect(!report.oldURLs.contains { $0.path.contains("..") || $0.path.contains("/./") })
    }
    /// `collections_dir: content`: posts, drafts and collections are read from that folder
    /// (categories from the folders below it; `defaults:` scoped by the path with it), the
    /// other files in it are pages and files at their paths, and a `_posts/` outside it is
    /// not read.
    static let collectionsDirBlog: [String: String] = [
        "_config.yml": """
            title: Collections
            collections_dir: content
            permalink: /:categories/:year/:title/
            collections:
              talks:
                output: true
            defaults:
              - scope:
                  path: "content/_posts"
                values:
                  category: Swift Tips

            """,
        "_layouts/default.html": layout,
        "content/_posts/2020-01-01-optionals.md": "---\ntitle: Optionals\n---\nx\n",
        "content/server/_posts/2020-02-01-vapor.md": "---\ntitle: Vapor\n---\nx\n",
        "content/_drafts/someday.md": "---\ntitle: Someday\n---\nx\n",
        "content/_talks/wwdc-2020.md": "---\ntitle: WWDC 2020\n---\nThe talk.\n",
        "content/notes/setup.md": "---\ntitle: Setup\n---\nx\n",
        "content/notes/file.txt": "a file\n",
        "_posts/2020-03-01-outside.md": "---\ntitle: Outside\n---\nNot read: outside collections_dir.\n",
    ]

    @Test func collectionsDirHoldsThePostsAndCollections() throws {
        let (jekyll, report, site) = try Self.judge(Self.collectionsDirBlog)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(jekyll == ["/swift%20tips/2020/optionals/", "/server/2020/vapor/", "/talks/wwdc-2020/", "/content/notes/setup/"],
                "what Jekyll 4.3 does with this blog (if this fails, Jekyll changed: read its output)")
        try Self.expectEveryPageOfJekyllIsAnOldURLThatAnswers(jekyll, report)
        #expect((report.posts, report.drafts) == (2, 1))
        #expect(report.notImported.contains { $0.file.hasPrefix("_posts/") && $0.note?.contains("collections_dir") == true }, "\(report.notImported)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/static/content/notes/file.txt").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/posts/server/2020-02-01-vapor.md").path))
    }
}
