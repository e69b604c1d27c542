import Foundation
import Testing
@testable import Import
@testable import Snippets
@testable import Support
@testable import TestSupport

/// Whole blogs imported: what goes where, what the report says, that the source is never
/// written to, and that the destination is complete or untouched.
@Suite("Import: whole sites")
struct ImportSiteTests {
    static func run(_ generator: SourceGenerator, _ source: URL) throws -> (ImportReport, URL) {
        let destination = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-sitegen")
        let report = try SiteImporter(options: .init(generator: generator, source: source, destination: destination)).run()
        return (report, destination)
    }

    static func read(_ root: URL, _ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func count(_ report: ImportReport, _ conversion: Conversion) -> Int {
        report.converted[conversion]?.count ?? 0
    }

    @Test func aJekyllBlog() throws {
        let source = ImportFixtures.folder(ImportFixtures.jekyll, binary: ImportFixtures.jekyllBinary)
        let before = ImportFixtures.snapshot(source)
        let (report, site) = try Self.run(.jekyll, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        #expect(ImportFixtures.snapshot(source) == before, "the source site is never written to")

        #expect((report.posts, report.drafts, report.pages, report.files) == (6, 1, 3, 5))
        let written = Set(DirectoryWalker.files(below: site.path, includeHidden: true))
        #expect(written == [
            ".gitignore", "Content/site.yml", "Content/snippets/prelude.swift",
            "Content/posts/2016-02-29-swift-generics.md", "Content/posts/2016-03-10-nsurl.md", "Content/posts/swift/2017-04-24-viper.md",
            "Content/posts/2018-1-5-one-digit-date.md", "Content/posts/drafts/work-in-progress.md",
            "Content/posts/2019-08-21-plain.md", "Content/posts/2019-08-22-windows.md",
            "Content/pages/about.md", "Content/pages/projects.md", "Content/pages/docs/setup.md",
            "Content/static/assets/images/diagram.png", "Content/static/images/photo.jpg", "Content/static/favicon.ico",
            "Content/static/CNAME", "Content/static/files/talk.pdf", "Content/components/youtube.mustache",
        ])
        #expect(try Data(contentsOf: site.appendingPathComponent("Content/static/images/photo.jpg")) == Data(ImportFixtures.png))
        #expect(Self.read(site, "Content/posts/2018-1-5-one-digit-date.md") == """
            ---
            title: One-digit date
            redirect_from: /one-digit/
            date: 2018-01-05
            slug: "one-digit-date"
            ---

            Plain Markdown, no Liquid: this file keeps every byte.
            """)

        #expect(Self.read(site, "Content/posts/2016-02-29-swift-generics.md") == """
            ---
            layout: post
            title: "Swift Generics: a first look"
            tags: swift generics
            ---

            Generics let one function serve many types.
            ![A diagram](/assets/images/diagram.png)

            ```swift linenos
            func swapTwo<T>(_ a: inout T, _ b: inout T) {
                (a, b) = (b, a)
            }
            ```

            ![Whiteboard](/images/photo.jpg)
            *The whiteboard, _after_ the talk*

            Next: [NSURL](2016-03-10-nsurl.md) and [the slides](/files/talk.pdf).

            Templates print the title with \\{{ page.title }}:

            ```liquid
            <h1>{{ page.title }}</h1>
            ```

            @Youtube(id: "dQw4w9WgXcQ")

            > Generics are a tool, not a goal.
            {: .pullquote}
            """)
        let nsurl = try #require(Self.read(site, "Content/posts/2016-03-10-nsurl.md"))
        #expect(nsurl.contains("date: 2016-03-10T20:00:00-08:00 # was: 2016-03-10 20:00:00 PST\n"))
        #expect(nsurl.contains("[about me](../pages/about.md)"))
        let viper = try #require(Self.read(site, "Content/posts/swift/2017-04-24-viper.md"))
        #expect(viper.contains("categories: [\"swift\"]\n"))
        #expect(viper.contains("Back to [generics](../2016-02-29-swift-generics.md)."))
        #expect(Self.read(site, "Content/posts/drafts/work-in-progress.md")?.contains("draft: true\n") == true)
        #expect(Self.read(site, "Content/pages/about.md")?.contains("Read [generics](../posts/2016-02-29-swift-generics.md).") == true)
        #expect(Self.read(site, "Content/pages/setup.md") == nil)
        #expect(Self.read(site, "Content/pages/docs/setup.md")?.contains("redirect_from: [\"/docs/setup/\"]\n") == true)
        #expect(try Data(contentsOf: site.appendingPathComponent("Content/posts/2019-08-21-plain.md"))
            == Data(ImportFixtures.jekyll["_posts/2019-08-21-plain.md"]!.utf8), "a post the import does not change is copied byte for byte")
        #expect(Self.read(site, "Content/posts/2019-08-22-windows.md") == "---\r\ntitle: Windows\r\n---\r\n\r\n```c\r\nint x;\r\n```\r\n",
                "CRLF line ends stay CRLF")

        #expect(Self.count(report, .highlightToFence) == 3)
        #expect(Self.count(report, .highlightOptionKept) == 1)
        #expect(Self.count(report, .postURLToLink) == 3)
        #expect(Self.count(report, .linkTagToLink) == 1)
        #expect(Self.count(report, .baseURLPrefixRemoved) == 3)
        #expect(Self.count(report, .rawUnwrapped) == 2)
        #expect(Self.count(report, .figureIncludeToImage) == 1)
        #expect(Self.count(report, .dateConverted) == 1)
        #expect(Self.count(report, .dateAdded) == 1)
        #expect(Self.count(report, .categoriesAdded) == 1)
        #expect(Self.count(report, .draftAdded) == 1)
        #expect(Self.count(report, .extensionRenamed) == 1)
        #expect(report.converted[.redirectAdded]?.map(\.file).sorted() == ["Content/pages/docs/setup.md", "Content/posts/2016-03-10-nsurl.md"])
        #expect(nsurl.contains("redirect_from: [\"/foundation/2016/03/11/nsurl/\"]\n"), "Jekyll dated it in UTC, the next day")

        let unclosed = try #require(report.left["Liquid tag {% highlight %}"]?.first)
        #expect(unclosed.position == "Content/posts/swift/2017-04-24-viper.md:11:1", "line 10 of the source, after the added categories line")
        #expect(unclosed.note?.contains("never closed") == true)
        #expect(report.converted[.includeToComponent]?.map(\.position) == ["Content/posts/2016-02-29-swift-generics.md:27:1"],
                "_includes/youtube.html is plain HTML with a parameter: a component")
        #expect(Self.read(site, "Content/components/youtube.mustache")?.hasSuffix("<iframe src=\"https://www.youtube.com/embed/{{{id}}}\"></iframe>\n") == true)
        #expect(report.left["kramdown attribute list {: … }"] == nil, "the kramdown extension reads it")
        #expect(Self.count(report, .kramdownKept) == 1)
        #expect(report.left["Liquid tag {% comment %}"]?.count == 1)

        let notImported = Set(report.notImported.map(\.file))
        for path in ["index.html", "feed.xml", "archive.md", "_layouts/", "_includes/", "_sass/", "_data/", "Gemfile", "README.md"] {
            #expect(notImported.contains(path), "\(path) is reported as not imported")
        }
        #expect(report.notImported.contains { $0.file == "_config.yml" && $0.line == 17 && $0.note == "'plugins' is not a sitegen setting" })

        #expect(Self.read(site, "Content/site.yml") == """
            # Imported from a Jekyll site (_config.yml).
            # docs/import.md says what was mapped; sitegen's README lists every setting.
            title: "Notes on iOS"
            description: "Swift, iOS architecture and the occasional tool."
            author: "Jane Appleseed"
            base_url: "https://notes.example.com/"
            language: "en"
            posts_per_page: 8
            markdown:
              smart_punctuation: true
              allow_raw_html: true
              extensions: [table, strikethrough, autolink, tasklist, footnotes, callouts, kramdown]   # no tagfilter: <iframe> and <script> pass, as they did; kramdown: {: .class} attribute lists and definition lists, as Jekyll read them
            permalinks:
              posts: "/:categories/:year/:month/:day/:slug/"

            """)
    }

    @Test func aHugoBlog() throws {
        let source = ImportFixtures.folder(ImportFixtures.hugo, binary: ImportFixtures.hugoBinary)
        let before = ImportFixtures.snapshot(source)
        let (report, site) = try Self.run(.hugo, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        #expect(ImportFixtures.snapshot(source) == before)

        // posts/_index.md, the list page at /posts/, is a page there (sitegen's posts are at /:year/:month/:slug/).
        #expect((report.posts, report.drafts, report.pages, report.files) == (4, 1, 2, 3))
        let written = Set(DirectoryWalker.files(below: site.path, includeHidden: true))
        #expect(written == [
            ".gitignore", "Content/site.yml", "Content/snippets/prelude.swift", "Content/pages/about.md", "Content/pages/posts.md",
            "Content/posts/generics-part-1.md", "Content/posts/generics-part-2/index.md", "Content/posts/generics-part-2/constraints.png",
            "Content/posts/My Notes on Swift.md", "Content/posts/draft-idea.md", "Content/posts/toml-post.md",
            "Content/static/images/logo.png", "Content/static/favicon.ico",
        ])
        // Issue 27: the imported blog's Swift blocks are checked with `import Foundation`
        // before them, and the file says why; check-snippets reads it as its prelude.
        let prelude = try #require(Self.read(site, "Content/snippets/prelude.swift"))
        #expect(prelude.hasSuffix("\nimport Foundation\n") && prelude.contains("// The prelude of `sitegen check-snippets`"))
        #expect(prelude.contains("a blog's Swift usually\n// comes from a playground or an app that imports Foundation elsewhere"))
        if let toolchain = SwiftToolchain.find() {
            let plan = try SnippetChecker(options: .init(siteRoot: site, toolchain: toolchain)).plan()
            #expect(plan.prelude?.path == "Content/snippets/prelude.swift" && plan.prelude?.text == prelude)
        }
        let part1 = try #require(Self.read(site, "Content/posts/generics-part-1.md"))
        #expect(part1.contains("slug: \"swift-generics-part-1-why\"\n---\n"))
        #expect(part1.contains("```swift linenos highlight=2\nfunc identity<T>(_ value: T) -> T {\n    value\n}\n```\n"))
        #expect(part1.contains("[part 2](generics-part-2/index.md), with [its diagram](generics-part-2/index.md#the-diagram)"))
        #expect(part1.contains("`{{< figure src=\"x.png\" >}}`"))
        let part2 = try #require(Self.read(site, "Content/posts/generics-part-2/index.md"))
        #expect(part2.contains("![Constraints](constraints.png)\n*Where clauses at work*\n"))
        #expect(part2.contains("[part 1](../generics-part-1.md)"))
        #expect(part2.contains("slug: \"swift-generics-part-2-constraints\""))
        #expect(Self.read(site, "Content/posts/My Notes on Swift.md") == ImportFixtures.hugo["content/posts/My Notes on Swift.md"])

        #expect(Self.count(report, .highlightShortcodeToFence) == 1)
        #expect(Self.count(report, .refToLink) == 3)
        #expect(Self.count(report, .figureShortcodeToImage) == 1)
        #expect(Self.count(report, .escapedShortcodeUnwrapped) == 1)
        #expect(Self.count(report, .slugAdded) == 3)
        #expect(report.left["Hugo shortcode {{< youtube >}}"]?.map(\.position) == ["Content/posts/generics-part-1.md:18:1"])
        #expect(report.left["Hugo shortcode {{< notice >}}"]?.count == 1)
        #expect(Self.read(site, "Content/posts/toml-post.md") == "---\ntitle: \"TOML\"\ndate: 2019-01-01\nslug: \"toml\"\n---\n\nText.\n")
        #expect(report.converted[.frontMatterToYAML]?.map(\.position) == ["Content/posts/toml-post.md:1"])
        #expect(report.notImported.contains { $0.file == "content/_index.md" })
        #expect(report.notImported.contains { $0.file == "themes/" })
        #expect(Self.read(site, "Content/site.yml")?.contains("permalinks:\n  posts: \"/:year/:month/:slug/\"\n") == true)
        #expect(Self.read(site, "Content/site.yml")?.contains("description: \"A blog about Swift, made with Hugo\"\n") == true)
    }

    @Test func aHugoSiteWrittenInTOMLAndJSON() throws {
        let source = ImportFixtures.folder([
            "hugo.toml": """
                baseURL = 'https://toml.example.org/blog/'
                title = "TOML Notes"
                paginate = 4
                [params]
                  description = "Written in TOML"
                  [params.author]
                    name = "Ada"
                [permalinks]
                  posts = "/:year/:slug/"
                [markup.goldmark.renderer]
                  unsafe = true
                """,
            "config.yaml": "title: Ignored\n",
            "content/posts/first.md": """
                +++
                # made by hugo new
                title = "First: a TOML post"
                date = 2021-03-04T05:06:07Z
                tags = ["swift", "toml"]
                [cover]
                image = "cover.png"
                +++

                Body with {{< ref "second.md" >}} outside a link.
                """,
            "content/posts/second.md": """
                {
                  "title": "Second, in JSON",
                  "date": "2021-03-05",
                  "slug": "second"
                }

                See [the first]({{< ref "first.md" >}}).
                """,
        ])
        defer { try? FileManager.default.removeItem(at: source) }
        let (report, site) = try Self.run(.hugo, source)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(report.posts == 2)
        #expect(Self.read(site, "Content/site.yml") == """
            # Imported from a Hugo site (hugo.toml).
            # docs/import.md says what was mapped; sitegen's README lists every setting.
            title: "TOML Notes"
            description: "Written in TOML"
            author: "Ada"
            base_url: "https://toml.example.org/blog/"
            posts_per_page: 4
            markdown:
              smart_punctuation: true
              allow_raw_html: true
              extensions: [table, strikethrough, autolink, tasklist, footnotes, callouts]   # no tagfilter: <iframe> and <script> pass, as they did
            permalinks:
              posts: "/:year/:slug/"

            """)
        #expect(Self.read(site, "Content/posts/first.md") == """
            ---
            # made by hugo new
            title: "First: a TOML post"
            date: 2021-03-04T05:06:07Z
            tags: ["swift", "toml"]
            cover:
              image: "cover.png"
            slug: "first-a-toml-post"
            ---

            Body with {{< ref "second.md" >}} outside a link.
            """)
        #expect(Self.read(site, "Content/posts/second.md") == """
            ---
            title: "Second, in JSON"
            date: "2021-03-05"
            slug: "second"
            ---

            See [the first](first.md).
            """)
        #expect(report.notImported.contains { $0.file == "config.yaml" && $0.note == "Hugo reads hugo.toml and not this one" })
        let badTOML = try Self.failure(.hugo, ["content/posts/a.md": "+++\ntitle = \"A\"\ntitle = \"B\"\n+++\n"])
        #expect(badTOML.headlines == ["content/posts/a.md:3:1: error: TOML: duplicate key 'title'"])
    }

    /// A source site that published future-dated posts at once keeps doing so; by default
    /// (Jekyll's and Hugo's too) they wait for their date, and nothing is written.
    @Test(arguments: [
        (SourceGenerator.jekyll, "_config.yml", "title: x\nfuture: true\n", true), (.jekyll, "_config.yml", "title: x\n", false),
        (.hugo, "hugo.toml", "title = 'x'\nbuildFuture = true\n", true), (.hugo, "hugo.toml", "title = 'x'\n", false),
    ])
    func futurePostsPublishedByTheSourceStayPublished(generator: SourceGenerator, file: String, settings: String, future: Bool) throws {
        let post = generator == .jekyll ? ["_posts/2020-01-01-a.md": "---\ntitle: A\n---\nText.\n"] : ["content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\nText.\n"]
        let source = ImportFixtures.folder([file: settings].merging(post) { $1 })
        let (_, site) = try Self.run(generator, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        let written = try #require(Self.read(site, "Content/site.yml"))
        #expect(written.contains("\nfuture: true") == future, "\(written)")
    }

    @Test func theDestinationMustBeNewOrEmptyAndOutsideTheSource() throws {
        let source = ImportFixtures.folder(["_config.yml": "title: x\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n"])
        defer { try? FileManager.default.removeItem(at: source) }
        let full = ImportFixtures.folder(["keep.txt": "mine"])
        defer { try? FileManager.default.removeItem(at: full) }
        #expect(throws: DiagnosticsError.self) {
            try SiteImporter(options: .init(generator: .jekyll, source: source, destination: full)).run()
        }
        #expect(Self.read(full, "keep.txt") == "mine")
        let inside = source.appendingPathComponent("out")
        #expect(throws: DiagnosticsError.self) {
            try SiteImporter(options: .init(generator: .jekyll, source: source, destination: inside)).run()
        }
        #expect(!FileManager.default.fileExists(atPath: inside.path))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        _ = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: empty)).run()
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("Content/posts/2020-01-01-a.md").path))
    }

    static func failure(_ generator: SourceGenerator, _ files: [String: String], binary: [String: [UInt8]] = [:]) throws -> (headlines: [String], destinationExists: Bool) {
        let source = ImportFixtures.folder(files, binary: binary)
        defer { try? FileManager.default.removeItem(at: source) }
        let destination = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-out")
        defer { try? FileManager.default.removeItem(at: destination) }
        do {
            _ = try SiteImporter(options: .init(generator: generator, source: source, destination: destination)).run()
            return ([], true)
        } catch {
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: source.deletingLastPathComponent().path)
                .filter { $0.contains(source.lastPathComponent + "-out") }
            return (error.diagnostics.map(\.headline), !leftovers.isEmpty)
        }
    }

    @Test func badInputIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let config = try Self.failure(.jekyll, ["_config.yml": "title: x\nauthor: [unclosed\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n"])
        #expect(config.headlines.count == 1)
        #expect(config.headlines.first?.hasPrefix("_config.yml:2:9: error: YAML:") == true)
        #expect(!config.destinationExists, "no staging folder or destination is left behind")

        let notUTF8 = try Self.failure(.jekyll, ["_config.yml": "title: x\n"],
                                       binary: ["_posts/2020-01-01-a.md": Array("---\ntitle: A\n---\nCaf".utf8) + [0xE9, 0x0A]])
        #expect(notUTF8.headlines == ["_posts/2020-01-01-a.md:4:4: error: file is not valid UTF-8 (save it as UTF-8)"])
        #expect(!notUTF8.destinationExists)

        let frontMatter = try Self.failure(.hugo, ["content/posts/a.md": "---\ntitle: A\ntags: [a\n---\n", "content/posts/b.md": "---\ntitle: [\n---\n"])
        #expect(frontMatter.headlines.count == 2)
        #expect(frontMatter.headlines.allSatisfy { $0.contains(": error: YAML:") })
        #expect(frontMatter.headlines.first?.hasPrefix("content/posts/a.md:3:") == true)
        #expect(!frontMatter.destinationExists)

        let hugoConfig = try Self.failure(.hugo, ["config.yaml": "title: [x\n"])
        #expect(hugoConfig.headlines.first?.hasPrefix("config.yaml:1:8: error: YAML:") == true)
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode; run as another user to test unreadable files"))
    func anUnreadableFileIsAnError() throws {
        let source = ImportFixtures.folder(["_posts/2020-01-01-a.md": "---\ntitle: A\n---\n", "images/a.png": "x"])
        defer { try? FileManager.default.removeItem(at: source) }
        chmod(source.appendingPathComponent("images/a.png").path, 0)
        let destination = source.appendingPathExtension("out")
        #expect(throws: DiagnosticsError.self) {
            try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func aFileThatCannotBeReadIsAnErrorNamingIt() {
        #expect(throws: Diagnostic.error("_posts/gone.md", nil, "cannot read file: permission denied")) {
            try SourceDocument.read(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/gone.md"), path: "_posts/gone.md")
        }
    }

    @Test func linksOutOfTheSourceAreNotFollowed() throws {
        let outside = ImportFixtures.folder(["secret.md": "---\ntitle: Secret\n---\n", "folder/x.png": "x"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let source = ImportFixtures.folder(["_posts/2020-01-01-a.md": "---\ntitle: A\n---\n", "images/real.png": "x"])
        defer { try? FileManager.default.removeItem(at: source) }
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("_posts/2020-01-02-secret.md").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.md").path)
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("images/linked").path,
                                                   withDestinationPath: outside.appendingPathComponent("folder").path)
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("images/same.png").path, withDestinationPath: "real.png")
        let (report, site) = try Self.run(.jekyll, source)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(report.posts == 1)
        #expect(report.notImported.contains { $0.file == "_posts/2020-01-02-secret.md" && $0.note?.contains("outside the site: not followed") == true })
        #expect(report.notImported.contains { $0.file == "images/linked" })
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/static/images/same.png").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/posts/2020-01-02-secret.md").path))
    }

    @Test func theJSONReportListsEveryPlace() throws {
        var files = ImportFixtures.jekyll
        files["_posts/2016-05-05-many.md"] = "---\ntitle: Many\n---\n" + (1...5).map { "{% include note.html n=\($0) %}\n" }.joined()
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        let (report, site) = try Self.run(.jekyll, source)
        defer { try? FileManager.default.removeItem(at: site) }
        let json = try JSONSerialization.jsonObject(with: Data(ImportReportFormat.json(report).utf8)) as? [String: Any]
        let left = try #require(json?["left"] as? [[String: Any]])
        let notes = try #require(left.first { $0["kind"] as? String == "Liquid tag {% include note.html %}" })
        #expect(notes["count"] as? Int == 5)
        #expect((notes["places"] as? [[String: Any]])?.compactMap { $0["line"] as? Int } == [4, 5, 6, 7, 8])
        let text = ImportReportFormat.text(report)
        #expect(text.contains("  Liquid tag {% include note.html %} (5)\n    Content/posts/2016-05-05-many.md:4:1  {% include note.html n=1 %}"
                              + "  (no _includes/note.html in the source site (the theme's?): write it as a component"))
        #expect(text.contains("    and 2 more (--format json lists every one)\n"))
    }
}
