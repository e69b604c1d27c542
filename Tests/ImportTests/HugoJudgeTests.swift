import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The real `hugo` judges the import: it builds each fixture site (stub layouts that print
/// each page's title, its content file and the `main` menu: each entry's `name`, else, for
/// a `pageRef` without one, its page's link title, as a theme shows it), and the URLs of the pages it
/// wrote for content files must be exactly the old URLs the import reports, each of which
/// the imported site, built by sitegen, answers (a page or a redirect).
///
/// Counted: every HTML page whose layout printed a content file (regular pages, leaf and
/// branch bundles, section lists with `_index.md`, the home page's `_index.md`). Not
/// counted: taxonomy pages (`/tags/`, `/categories/`, no content file), sections without
/// `_index.md` (Hugo's own lists), alias redirects, sitemaps and feeds, and the pages of the
/// languages that are not imported (below `/de/`, `/fr/`). Paths are below the imported
/// site's base URL, which ends in the language's folder under `defaultContentLanguageInSubdir`.
@Suite("Import: real Hugo gives the URLs, the imported site answers them", .enabled(if: HugoJudge.hugo != nil, "hugo is not installed (apt-get install hugo): the judge of Hugo URLs is skipped"))
struct HugoJudgeTests {
    static let layout = "<html>{{ .Title }}|{{ with .File }}{{ .Path }}{{ end }}|{{ range .Site.Menus.main }}{{ or .Name .Title }};{{ end }}</html>\n"
    static let layouts = [
        "layouts/_default/single.html": layout, "layouts/_default/list.html": layout, "layouts/index.html": layout,
    ]

    /// A multilingual blog in the shape of a real one: British English in `content/en-gb`
    /// (the default language, at the root), German beside it; posts by year and month, talks
    /// by year; section lists, a `Posts.md` under the posts section's list, leaf bundles with
    /// images, a headless bundle, `url:` and `slug:`, undated pages in a section, a menu.
    static let multilingual: [String: String] = [
        "hugo.toml": """
            baseURL = "https://swiftnotes.example.org/"
            title = "Swift Notes"
            defaultContentLanguage = "en-gb"
            enableRobotsTXT = true

            [languages]
              [languages.en-gb]
                contentDir = "content/en-gb"
                languageName = "English"
                weight = 1
              [languages.de]
                contentDir = "content/de"
                languageName = "Deutsch"
                title = "Swift Notizen"
                weight = 2

            [permalinks]
              posts = "/:year/:month/:title/"
              talks = "/talks/:year/:slug/"

            [[menu.main]]
              name = "Blog"
              url = "/posts/"
              weight = 1
            [[menu.main]]
              pageRef = "/talks"
              weight = 3
            """,
        "content/en-gb/_index.md": "---\ntitle: Swift Notes\n---\nNotes on Swift, iOS and tools.\n",
        "content/en-gb/posts/_index.md": "---\ntitle: Posts\n---\nEverything I wrote, newest first.\n",
        "content/en-gb/Posts.md": "---\ntitle: All posts\n---\nAn old page, under the section's list.\n",
        "content/en-gb/posts/2020-01-05-hello-world.md": """
            ---
            title: "Hello, World!"
            date: 2020-01-05T09:00:00Z
            tags: [meta, swift]
            ---
            The first post. Who writes here: [about me]({{< ref "/about" >}}), and [the next one]({{< relref "swift-concurrency" >}}).
            """,
        "content/en-gb/posts/swift-concurrency/index.md": """
            +++
            title = "Swift Concurrency, Part 1"
            date = 2021-03-01
            slug = "concurrency"
            +++
            ![Tasks](tasks.png)
            """,
        "content/en-gb/posts/the-old-one.md": """
            ---
            title: The old one
            date: 2015-06-01
            url: /2015/06/the-old-one.html
            ---
            From the Octopress days.
            """,
        "content/en-gb/posts/scheduled.md": "---\ntitle: Scheduled\ndate: 2099-01-01\n---\nNot yet.\n",
        "content/en-gb/posts/an-idea.md": "---\ntitle: An idea\ndraft: true\n---\nLater.\n",
        "content/en-gb/talks/_index.md": "---\ntitle: Talks and workshops\nlinkTitle: Talks\nslug: speaking\n---\nSlides and videos.\n",
        "content/en-gb/notes/_index.md": "---\ntitle: Notes\nurl: /til/\n---\nToday I learned.\n",
        "content/en-gb/notes/2021-07-01-xcode-tips.md": "---\ntitle: Xcode tips\ndate: 2021-07-01\n---\nTips.\n",
        "content/en-gb/talks/swift-island.md": "---\ntitle: Swift Island\ndate: 2019-07-10\nslug: island\n---\nA talk.\n",
        "content/en-gb/talks/2018-try-swift.md": "---\ntitle: \"try! Swift Tokyo: Generics?\"\ndate: 2018-12-31T23:30:00-08:00\n---\nA talk without a slug.\n",
        "content/en-gb/projects/ideas.md": "Ideas, in a file without front matter.\n",
        "content/en-gb/projects/_index.md": "---\ntitle: Projects\n---\nThings I made.\n",
        "content/en-gb/projects/sitegen.md": "---\ntitle: sitegen\n---\nA static site generator.\n",
        "content/en-gb/projects/toolbox/index.md": "---\ntitle: Toolbox\n---\n![The toolbox](screenshot.png)\n",
        "content/en-gb/about/index.md": "---\ntitle: About me\nmenu: main\nweight: 2\n---\n![Me](me.jpg)\n",
        "content/en-gb/uses.md": "---\ntitle: Uses\nslug: setup\n---\nMy setup.\n",
        "content/en-gb/widgets/index.md": "---\nheadless: true\n---\n",
        "content/en-gb/tags/swift/_index.md": "---\ntitle: Swift\ndescription: Posts about the Swift language\n---\n",
        "content/en-gb/search.md": "---\ntitle: Search\n_build:\n  render: never\n---\nThe search index.\n",
        "content/de/_index.md": "---\ntitle: Swift Notizen\n---\nNotizen.\n",
        "content/de/posts/hallo-welt.md": "---\ntitle: Hallo Welt\ndate: 2020-01-06\n---\nHallo.\n",
    ]
    static let multilingualBinary: [String: [UInt8]] = [
        "content/en-gb/posts/swift-concurrency/tasks.png": ImportFixtures.png,
        "content/en-gb/about/me.jpg": ImportFixtures.png,
        "content/en-gb/widgets/banner.png": ImportFixtures.png,
        "content/en-gb/projects/toolbox/screenshot.png": ImportFixtures.png,
    ]

    /// English under `/en/` (`defaultContentLanguageInSubdir`), French beside it, and posts
    /// without permalinks: Hugo's `/en/posts/<name>/`, with `posts/_index.md` at `/en/posts/`.
    static let inSubdir: [String: String] = [
        "config.toml": """
            baseURL = "https://blog.example.com/"
            title = "Dev Blog"
            defaultContentLanguage = "en"
            defaultContentLanguageInSubdir = true
            [languages.en]
              contentDir = "content/english"
              weight = 1
            [languages.fr]
              contentDir = "content/french"
              weight = 2
            [menu]
              [[menu.main]]
                name = "Posts"
                pageRef = "/posts"
                weight = 10
            """,
        "config/_default/menus.en.toml": "[[main]]\n  name = \"RSS\"\n  url = \"https://blog.example.com/en/index.xml\"\n  weight = 30\n",
        "config/_default/menus.fr.toml": "[[main]]\n  name = \"Articles\"\n  url = \"/fr/posts/\"\n",
        "content/english/_index.md": "---\ntitle: Dev Blog\n---\n",
        "content/english/posts/_index.md": "---\ntitle: Posts\n---\n",
        "content/english/posts/swiftui-lists.md": "---\ntitle: SwiftUI Lists\ndate: 2022-02-02\n---\nLists.\n",
        "content/english/posts/Combine Basics.md": "---\ntitle: Combine basics\ndate: 2022-03-03\nslug: combine\n---\nCombine.\n",
        "content/english/about.md": "---\ntitle: About\naliases: [/about-me/]\nmenu:\n  main:\n    weight: 20\n---\nMe.\n",
        "content/french/posts/listes.md": "---\ntitle: Listes\ndate: 2022-02-02\n---\nListes.\n",
    ]

    @Test func aMultilingualBlogKeepsEveryURLHugoGaveItsDefaultLanguage() throws {
        let (report, site) = try judge(Self.multilingual, binary: Self.multilingualBinary, languageFolder: nil, otherLanguages: ["de"])
        defer { try? FileManager.default.removeItem(at: site) }
        // Bundles' files: beside the post, in the page's folder, and the headless bundle's where Hugo published them.
        for file in ["Output/2021/03/swift-concurrency-part-1/tasks.png", "Output/about/me.jpg", "Output/projects-toolbox/screenshot.png",
                     "Output/widgets/banner.png"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(file)")
        }
        #expect(report.notImported.contains { $0.file == "content/de/" && $0.note?.contains("language 'de'") == true })
        #expect(report.notImported.contains { $0.file == "content/en-gb/Posts.md" && $0.note?.contains("content/en-gb/posts/_index.md") == true })
        #expect(report.notImported.contains { $0.file == "content/en-gb/widgets/index.md" && $0.note?.hasPrefix("a headless bundle") == true })
        // `ref "/about"` reads from the language's content folder, as Hugo does.
        #expect(report.left.isEmpty, "\(report.left)")
        #expect(report.converted[.refToLink]?.count == 2)
        let posts = try String(contentsOf: site.appendingPathComponent("Content/pages/posts.md"), encoding: .utf8)
        #expect(posts == Self.multilingual["content/en-gb/posts/_index.md"], "a section's text, byte for byte")
    }

    @Test func aBlogUnderItsLanguageFolderIsImportedUnderIt() throws {
        let (report, site) = try judge(Self.inSubdir, binary: [:], languageFolder: "en", otherLanguages: ["fr"])
        defer { try? FileManager.default.removeItem(at: site) }
        let settings = try String(contentsOf: site.appendingPathComponent("Content/site.yml"), encoding: .utf8)
        #expect(settings.contains("base_url: \"https://blog.example.com/en/\"\n"))
        #expect(report.notImported.contains { $0.file == "content/french/" && $0.note?.contains("language 'fr'") == true })
        #expect(report.notImported.contains { $0.file == "content/english/about.md" && $0.note?.hasPrefix("alias /about-me/, kept as written: Hugo served it at the root") == true })
    }

    /// The blog of the other import tests (one language, `permalinks` for posts, a bundle,
    /// shortcodes), its theme left out and its `notice` shortcode a stub, so Hugo builds it.
    @Test func theImportTestsHugoBlog() throws {
        var files = ImportFixtures.hugo
        files["config.yaml"] = ImportFixtures.hugoConfig.replacingOccurrences(of: "theme: ananke\n", with: "")
        files["layouts/shortcodes/notice.html"] = "<aside>{{ .Inner }}</aside>\n"
        let (_, site) = try judge(files, binary: ImportFixtures.hugoBinary, languageFolder: nil, otherLanguages: [], menu: false)
        try? FileManager.default.removeItem(at: site)
    }

    /// Imports and builds `files`, runs Hugo on them, and compares (see the suite).
    @discardableResult
    func judge(_ files: [String: String], binary: [String: [UInt8]], languageFolder: String?, otherLanguages: [String], menu: Bool = true) throws -> (ImportReport, URL) {
        let source = ImportFixtures.folder(files.merging(Self.layouts) { first, _ in first }, binary: binary)
        let site = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-site")
        let hugoOutput = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-hugo")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: hugoOutput)
        }
        let report = try SiteImporter(options: .init(generator: .hugo, source: source, destination: site)).run()
        let pages = try HugoJudge.build(source, into: hugoOutput)

        let prefix = languageFolder.map { "/" + $0 } ?? ""
        let others = otherLanguages.map { "/\($0)/" }
        let documents = pages.filter { $0.contentFile != nil && !others.contains(where: $0.path.hasPrefix) }
        let hugoURLs = Set(documents.map { prefix.isEmpty ? $0.path : String($0.path.dropFirst(prefix.count)) })
        #expect(documents.allSatisfy { $0.path.hasPrefix(prefix + "/") })
        #expect(!hugoURLs.isEmpty)
        #expect(Set(report.oldURLs.map(\.path)) == hugoURLs)
        #expect(report.oldURLs.count == Set(report.oldURLs.map(\.path)).count, "one old URL per document: \(report.oldURLs.map(\.path).sorted())")

        // Every alias the import added is a URL the old site had (Hugo wrote a file there).
        let written = Set(DirectoryWalker.files(below: hugoOutput.path, includeHidden: false).map { "/" + $0 }).union(pages.map(\.path))
        let added = try HugoJudge.aliases(below: site.appendingPathComponent("Content")).subtracting(try HugoJudge.aliases(below: source))
        #expect(added.allSatisfy { written.contains(prefix + $0) || written.contains(prefix + $0 + "index.html") },
                "aliases added that were no URLs of the old site: \(added.filter { !written.contains(prefix + $0) && !written.contains(prefix + $0 + "index.html") }.sorted())")

        let summary = try SiteBuilder(options: .init(siteRoot: site)).build()
        #expect(summary.warnings.filter { $0.severity == .error }.isEmpty, "\(summary.warnings)")
        let output = site.appendingPathComponent("Output")
        let missing = hugoURLs.filter { !FileManager.default.fileExists(atPath: ImportBuildTests.file(for: $0, in: output)) }
        #expect(missing.isEmpty, "old URLs the imported site does not answer: \(missing.sorted())")
        try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)

        guard menu else { return (report, site) }
        // The navigation is Hugo's main menu, in Hugo's order.
        let hugoMenu = documents.first?.menu ?? []
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let nav = home.components(separatedBy: "<nav class=\"site-nav\"").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        let links = try NSRegularExpression(pattern: "<a href=\"[^\"]*\"[^>]*>([^<]*)</a>")
        let titles = links.matches(in: nav, range: NSRange(nav.startIndex..., in: nav)).compactMap { Range($0.range(at: 1), in: nav).map { String(nav[$0]) } }
        #expect(!hugoMenu.isEmpty && titles == hugoMenu, "Hugo's menu \(hugoMenu), the imported nav \(titles)")
        return (report, site)
    }
}

/// Runs the real `hugo` as a process (the build never does) and reads what it wrote.
enum HugoJudge {
    static let hugo: String? = ["/usr/bin/hugo", "/usr/local/bin/hugo"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/hugo" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Page {
        /// `/posts/`, `/2015/06/the-old-one.html`.
        var path: String
        /// The content file the layout printed; nil for a page without one (a taxonomy list).
        var contentFile: String?
        var menu: [String]
    }

    /// Every `aliases:` and `redirect_from:` entry of the Markdown files below `folder`.
    static func aliases(below folder: URL) throws -> Set<String> {
        var aliases = Set<String>()
        for file in DirectoryWalker.files(below: folder.path, includeHidden: false) where file.hasSuffix(".md") {
            let document = try SourceDocument.read(folder.appendingPathComponent(file), path: file)
            guard document.format != .none else { continue }
            let yaml = try DocumentImporter.yamlFrontMatter(document, path: file) ?? document.yaml
            let editor = try FrontMatterEditor(yaml: yaml)
            aliases.formUnion(editor.strings("aliases") + editor.strings("redirect_from"))
        }
        return aliases
    }

    /// `hugo --quiet` of `source` into `output`; every HTML page it wrote.
    static func build(_ source: URL, into output: URL) throws -> [Page] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(hugo))
        process.arguments = ["--quiet", "--source", source.path, "--destination", output.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "hugo failed: \(message)")
        return DirectoryWalker.files(below: output.path, includeHidden: false).filter { $0.hasSuffix(".html") }.map { file in
            let text = (try? String(contentsOfFile: output.path + "/" + file, encoding: .utf8)) ?? ""
            let fields = text.hasPrefix("<html>") ? text.dropFirst(6).components(separatedBy: "|") : []
            let path = "/" + (file.fileName == "index.html" ? String(file.dropLast("index.html".count)) : file)
            return Page(path: path, contentFile: fields.count > 2 && !fields[1].isEmpty ? fields[1] : nil,
                        menu: fields.count > 2 ? fields[2].components(separatedBy: ";").dropLast().map { $0 } : [])
        }
    }
}
