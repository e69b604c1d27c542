import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Issue 22, findings 1–4 and the PATH_MAX part of 9: a pull request's `site.yml` or front
/// matter cannot make the build write outside `Output/`, wipe `Output/.git` or a kept
/// `CNAME`, replace a feed, the sitemap, the marker or another page, and nothing below the
/// site is left out in silence. Each test failed on the code before ``OutputPath``.
@Suite("Where a build may write")
struct OutputRouteTests {
    /// A site two folders below the fixture's root (`a/b/`), so "two folders above the
    /// site" is inside the fixture and a failing test cannot touch the machine.
    struct NestedSite {
        let fixture: FixtureSite
        var site: URL { fixture.root.appendingPathComponent("a/b") }

        init(config: String, posts: [String: String]) {
            fixture = FixtureSite([:], config: nil, withTheme: false)
            fixture.write("a/b/Content/site.yml", "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n" + config)
            for (name, text) in posts { fixture.write("a/b/Content/posts/\(name)", text) }
            fixture.write("victim/index.html", "ORIGINAL\n")
        }

        func failingBuild() -> [String] {
            do {
                _ = try SiteBuilder(options: .init(siteRoot: site)).build()
                return []
            } catch {
                return error.diagnostics.filter { $0.severity == .error }.map(\.headline)
            }
        }

        /// Every path below the fixture's root (outside `a/b/Output`), with its bytes.
        func everythingOutsideTheOutput() -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: fixture.root.path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasPrefix("a/b/Output") { continue }
                files[path] = (try? Data(contentsOf: fixture.root.appendingPathComponent(path))) ?? Data("<folder>".utf8)
            }
            return files
        }
    }

    static let hello = FixtureSite.post("title: Hello\ndate: 2024-01-02\ntags: [swift]")

    // MARK: Finding 1: a permalink writes anywhere the build user can write

    @Test(arguments: [
        ("permalinks: { posts: \"/../../victim/index.html\" }\n", "Content/site.yml:3:24: error: posts permalink '/../../victim/index.html': '..' segments are not allowed"),
        ("permalinks: { posts: \"/../:slug/\" }\n", "Content/site.yml:3:24: error: posts permalink '/../:slug/': '..' segments are not allowed"),
        ("permalinks: { tags: \"/../../x/:slug/\" }\n", "Content/site.yml:3:23: error: tags permalink '/../../x/:slug/': '..' segments are not allowed"),
        ("permalinks:\n  posts: /:year/../../../victim/:slug/\n", "Content/site.yml:4:17: error: posts permalink '/:year/../../../victim/:slug/': '..' segments are not allowed"),
    ])
    func aPermalinkCannotLeadOutOfTheOutput(_ setting: String, _ expected: String) {
        let nested = NestedSite(config: setting, posts: ["hello.md": Self.hello])
        defer { nested.fixture.remove() }
        let before = nested.everythingOutsideTheOutput()
        let errors = nested.failingBuild()
        #expect(errors.count == 1 && errors[0].hasPrefix(expected), "\(errors)")
        #expect(nested.everythingOutsideTheOutput() == before, "nothing above or beside the site changed")
        #expect(!FileManager.default.fileExists(atPath: nested.site.appendingPathComponent("Output").path))
    }

    /// The build failed later on (a broken link) and used to say "no output folder was
    /// made" when the file above the site had already been overwritten.
    @Test func aBuildThatFailsLaterHasWrittenNothingOutsideTheOutput() {
        let nested = NestedSite(config: "permalinks: { posts: \"/../../victim/index.html\" }\n",
                                posts: ["hello.md": FixtureSite.post("title: Hello\ndate: 2024-01-02", body: "[x](/nowhere/)\n")])
        defer { nested.fixture.remove() }
        let before = nested.everythingOutsideTheOutput()
        #expect(!nested.failingBuild().isEmpty)
        #expect(try! String(contentsOf: nested.fixture.root.appendingPathComponent("victim/index.html"), encoding: .utf8) == "ORIGINAL\n")
        #expect(nested.everythingOutsideTheOutput() == before)
    }

    /// `sitegen import` copied a Jekyll `permalink:` into `site.yml` as it was.
    @Test(arguments: [("/../:title/", true), ("/:title.html/", true), ("/.git/:title/", true), ("/:year/../../:title/", true),
                      ("//:year/:title/", false)])
    func theImportNeverWritesAPermalinkTheBuildRefuses(_ permalink: String, refused: Bool) throws {
        let source = ImportFixtures.folder(["_config.yml": "title: Old\npermalink: \"\(permalink)\"\n",
                                            "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nText.\n"])
        let destination = source.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: destination) }
        let report = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()
        let settings = try String(contentsOf: destination.appendingPathComponent("Content/site.yml"), encoding: .utf8)
        if refused {
            #expect(!settings.contains("permalinks"), "\(settings)")
            #expect(report.notImported.contains { $0.note?.hasPrefix("permalink '\(permalink)' cannot be a sitegen permalink") == true }, "\(report.notImported)")
        } else {
            #expect(settings.contains("permalinks:\n  posts: \"/:year/:slug/\"\n"), "the empty segment is dropped: \(settings)")
        }
        // What the import wrote builds, old URLs (redirects) included.
        _ = try SiteBuilder(options: .init(siteRoot: destination)).build()
        #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent(refused ? "Output/posts/a/index.html" : "Output/2020/a/index.html").path))
    }

    // MARK: Finding 2: aliases and permalinks under /.git/ wipe Output/.git; an alias /CNAME replaces a kept CNAME

    /// A site built once, then given `.git` and a kept `CNAME` in its output, then changed.
    static func siteWithGitAndCNAME(_ front: String, settings: String = "") throws -> FixtureSite {
        let site = FixtureSite(["Content/posts/hello.md": hello], config: FixtureSite.defaultConfig + "keep: [CNAME]\n")
        _ = try site.build()
        site.write("Output/.git/HEAD", "ref: refs/heads/gh-pages\n")
        site.write("Output/CNAME", "blog.example.com\n")
        site.write("Content/site.yml", FixtureSite.defaultConfig + "keep: [CNAME]\n" + settings)
        site.write("Content/posts/hello.md", FixtureSite.post("title: Hello\ndate: 2024-01-02\ntags: [swift]\n" + front))
        return site
    }

    static func expectGitAndCNAME(_ site: FixtureSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(site.read(".git/HEAD") == "ref: refs/heads/gh-pages\n", sourceLocation: sourceLocation)
        #expect(FileStatus.ofLink(site.output.appendingPathComponent("CNAME").path)?.kind == .file, "CNAME stays a file", sourceLocation: sourceLocation)
        #expect(site.read("CNAME") == "blog.example.com\n", sourceLocation: sourceLocation)
    }

    @Test func aliasesCannotTouchGitOrAKeptFile() throws {
        let site = try Self.siteWithGitAndCNAME("aliases: [/.git/x/, /CNAME, /.GIT/hooks/, /cname/x/]")
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/hello.md:5:11: error: the old URL '/.git/x/' cannot be written: it is inside .git, which the output keeps",
            "Content/posts/hello.md:5:21: error: /CNAME/ would replace the kept path CNAME (keep: in Content/site.yml); choose another URL",
            "Content/posts/hello.md:5:29: error: the old URL '/.GIT/hooks/' cannot be written: it is inside .git, which the output keeps",
            "Content/posts/hello.md:5:43: error: /cname/x/ would replace the kept path CNAME (keep: in Content/site.yml); choose another URL",
        ])
        Self.expectGitAndCNAME(site)
        // serve's rebuilds write in place: the same check stops them first.
        #expect(throws: DiagnosticsError.self) { try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace() }
        Self.expectGitAndCNAME(site)
    }

    @Test func aPermalinkCannotGoUnderGit() throws {
        let site = try Self.siteWithGitAndCNAME("", settings: "permalinks: { posts: \"/.git/:slug/\" }\n")
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/site.yml:4:24: error: posts permalink '/.git/:slug/': a segment may not start with '.' (hidden files and .git are not pages)"])
        Self.expectGitAndCNAME(site)
    }

    /// Nor can a static file put itself in `.git` (a folder of the static files that is a repository).
    @Test func aStaticFileCannotGoUnderGit() throws {
        let site = try Self.siteWithGitAndCNAME("")
        defer { site.remove() }
        site.write("Content/static/.git/HEAD", "ref: refs/heads/evil\n")
        #expect(site.failingBuild().errors.headlines == [
            "Content/static/.git/HEAD: error: cannot be published at /.git/HEAD: it is inside .git, which the output keeps; rename it"])
        Self.expectGitAndCNAME(site)
    }

    // MARK: Finding 3: aliases silently replace other pages and the feeds

    @Test func aliasesCannotReplaceFeedsTheSitemapOrTheMarker() throws {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello])
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/posts/hello.md", FixtureSite.post(
            "title: Hello\ndate: 2024-01-02\ntags: [swift]\naliases: [/atom.xml, /rss.xml, /feed.json, /sitemap.xml, /.sitegen-output, /tags/swift/atom.xml, /Index.html]"))
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/hello.md:5:11: error: /atom.xml is also the URL of the site's Atom feed; choose another URL",
            "Content/posts/hello.md:5:22: error: /rss.xml is also the URL of the site's RSS feed; choose another URL",
            "Content/posts/hello.md:5:32: error: /feed.json is also the URL of the site's JSON Feed; choose another URL",
            "Content/posts/hello.md:5:44: error: /sitemap.xml would replace the sitemap; choose another URL",
            "Content/posts/hello.md:5:58: error: the old URL '/.sitegen-output' cannot be written: it is sitegen's output marker .sitegen-output",
            "Content/posts/hello.md:5:76: error: /tags/swift/atom.xml is also the URL of the Atom feed of tag 'swift'; choose another URL",
            "Content/posts/hello.md:5:98: error: /Index.html is also the URL of the home page; choose another URL",
        ])
        #expect(site.outputSnapshot() == before)
    }

    /// A NUL cut the path short when the file was written, so the check on the text passed.
    @Test(arguments: ["\"/index.html\\0/\"", "\"/posts/other/index.html\\u0000\"", "\"/about/\\x00x\"", "\"/a\\tb/\"", "'/a\\b/'"])
    func anAliasWithANULOrAControlCharacterIsAnError(_ alias: String) throws {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello,
                                "Content/posts/other.md": FixtureSite.post("title: Other\ndate: 2024-01-01"),
                                "Content/pages/about.md": FixtureSite.post("title: About")])
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/posts/hello.md", FixtureSite.post("title: Hello\ndate: 2024-01-02\naliases: [\(alias)]"))
        let errors = site.failingBuild().errors.headlines
        #expect(errors.count == 1 && errors[0].hasPrefix("Content/posts/hello.md:4:11: error: the old URL '"), "\(errors)")
        #expect(site.outputSnapshot() == before, "the home page, the other post and the page are as they were")
    }

    @Test func anAliasOrABundleFileCannotReplaceAStaticFile() throws {
        let site = FixtureSite(["Content/posts/hello.md": FixtureSite.post("title: Hello\ndate: 2024-01-02\naliases: [/logo.png, /docs/]"),
                                "Content/static/logo.png": "png", "Content/static/docs": "a file named docs",
                                "Content/posts/b/index.md": FixtureSite.post("title: B\ndate: 2024-01-03", body: "![x](x.png)\n"),
                                "Content/posts/b/x.png": "png",
                                "Content/static/posts/b/x.png": "other png"])
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/static/docs: error: /docs would be a file where an old URL (aliases, redirect_from) of Content/posts/hello.md (/docs/) needs a folder; choose another URL",
            "Content/static/logo.png: error: /logo.png is also the URL of an old URL (aliases, redirect_from) of Content/posts/hello.md; choose another URL",
            "Content/posts/b/x.png: error: /posts/b/x.png is also the URL of the static file Content/static/posts/b/x.png; choose another URL",
        ])
        #expect(!site.exists("index.html"))
    }

    // MARK: Finding 4: colliding post patterns

    @Test(arguments: [
        ("/:slug/../index.html", "Content/site.yml:3:30: error: posts permalink '/:slug/../index.html': '..' segments are not allowed"),
        ("//:slug/", "Content/site.yml:3:24: error: posts permalink '//:slug/': '//' (an empty segment) is not allowed"),
        ("/:slug.html/", "Content/site.yml:3:34: error: posts permalink '/:slug.html/': a permalink ends in '.html' (a file) or '/' (a folder), not both"),
        ("/posts/./:slug/", "Content/site.yml:3:30: error: posts permalink '/posts/./:slug/': '.' segments are not allowed"),
        ("/a\\\\b/:slug/", "Content/site.yml:3:25: error: posts permalink '/a\\b/:slug/': '\\' is not allowed"),
        ("/:year?/:slug/", "Content/site.yml:3:29: error: posts permalink '/:year?/:slug/': '?' is not allowed"),
    ])
    func oddPostPatternsAreErrorsAtTheirColumn(_ pattern: String, _ expected: String) {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello, "Content/posts/two.md": FixtureSite.post("title: Two\ndate: 2024-01-03")],
                               config: FixtureSite.defaultConfig + "permalinks: { posts: \"\(pattern)\" }\n")
        defer { site.remove() }
        let errors = site.failingBuild().errors.headlines
        #expect(errors.count == 1 && errors[0].hasPrefix(expected), "\(errors)")
        #expect(!site.exists("index.html"))
    }

    /// A pattern that is fine in itself but puts every post on one list's file.
    @Test func aPostPatternOnAGeneratedPageIsAClash() {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello],
                               config: FixtureSite.defaultConfig + "permalinks: { posts: \"/tags/\" }\n")
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines == [
            "Content/posts/hello.md:1:1: error: /tags/ is also the URL of the tag index; choose another URL"])
    }

    /// Found by the `routes` fuzz target (seed `found-root-permalink-alias`): a post at `/`
    /// with a relative alias trapped the build (the alias's folder was cut from an empty string).
    @Test func aRelativeAliasOfAPostAtTheRootIsResolvedFromTheRoot() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2020-01-01\naliases: [old]")],
                               config: FixtureSite.defaultConfig + "permalinks: { posts: \"/:slug.html\" }\n")
        defer { site.remove() }
        #expect(SiteLoader.resolved([Alias(urlPath: "old", location: SourceLocation(line: 1, column: 1))], from: "/").map(\.urlPath) == ["/old/"])
        _ = try site.build()
        #expect(site.read("old/index.html")?.contains("/a.html") == true)
    }

    // MARK: Finding 9 (part): paths longer than PATH_MAX were left out in silence

    /// Folders nested until their path passes PATH_MAX, made one level at a time through
    /// directory descriptors (`mkdirat`, `openat`): changing the process's working folder
    /// would move it under every test running beside this one.
    static func deepFolder(below root: URL, file: String, _ text: String) -> String {
        let name = String(repeating: "d", count: 200)
        var relative = ""
        var folder = open(root.path, O_RDONLY | O_DIRECTORY)
        precondition(folder >= 0, "cannot open \(root.path)")
        for _ in 0..<22 {
            mkdirat(folder, name, 0o755)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            precondition(next >= 0, "cannot open a nested folder")
            folder = next
            relative += (relative.isEmpty ? "" : "/") + name
        }
        let written = openat(folder, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(written >= 0, "cannot create \(file)")
        let bytes = Array(text.utf8)
        precondition(write(written, bytes, bytes.count) == bytes.count, "cannot write \(file)")
        close(written)
        close(folder)
        return relative
    }

    static func removeDeep(_ root: URL) {
        // rm through relative paths: FileManager cannot remove what it cannot name.
        let rm = Process()
        rm.executableURL = URL(fileURLWithPath: "/bin/rm")
        rm.arguments = ["-rf", root.path]
        try? rm.run()
        rm.waitUntilExit()
    }

    @Test func aPostFolderPastPathMaxIsAnErrorNamingIt() {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello])
        defer { Self.removeDeep(site.root) }
        _ = Self.deepFolder(below: site.root.appendingPathComponent("Content/posts"), file: "deep.md",
                            FixtureSite.post("title: Deep\ndate: 2024-01-05"))
        let errors = site.failingBuild().errors.headlines
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Content/posts/ddd") == true && errors.first?.contains(": error: cannot read this folder: its path is longer than the system allows (PATH_MAX") == true,
                "\(errors)")
    }

    @Test func aStaticFolderPastPathMaxIsAnErrorNamingIt() {
        let site = FixtureSite(["Content/posts/hello.md": Self.hello, "Content/static/x.txt": "x"])
        defer { Self.removeDeep(site.root) }
        _ = Self.deepFolder(below: site.root.appendingPathComponent("Content/static"), file: "deep.txt", "deep")
        let errors = site.failingBuild().errors.headlines
        #expect(errors.count == 1 && errors[0].hasPrefix("Content/static/ddd") && errors[0].contains("PATH_MAX"), "\(errors)")
    }

    @Test func anImportedFolderPastPathMaxIsAnErrorNamingIt() throws {
        let source = ImportFixtures.folder(["_config.yml": "title: Old\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nText.\n"])
        defer { Self.removeDeep(source) }
        try FileManager.default.createDirectory(at: source.appendingPathComponent("_posts"), withIntermediateDirectories: true)
        _ = Self.deepFolder(below: source.appendingPathComponent("_posts"), file: "2020-01-02-deep.md", "---\ntitle: Deep\n---\n")
        let destination = source.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: destination) }
        do {
            _ = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()
            Issue.record("the import left the deep post out and succeeded")
        } catch {
            let headlines = error.diagnostics.map(\.headline)
            #expect(headlines.count == 1 && headlines[0].hasPrefix("_posts/ddd") && headlines[0].contains("PATH_MAX"), "\(headlines)")
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
