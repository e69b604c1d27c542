import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The search index as a build writes it, queried by the theme's own script (`js/search.js`,
/// in node, reading the output's files as a browser would fetch them): the order of results,
/// code identifiers, stemming, prefixes while typing, `search: false`, and serve's rebuilds.
@Suite("Search in a built site", .serialized, .enabled(if: SearchScript.node != nil, "node is not installed (apt-get install nodejs): the index is not queried"))
struct SearchSiteTests {
    static func post(_ title: String, _ date: String, extra: String = "", _ body: String) -> String {
        FixtureSite.post("title: \"\(title)\"\ndate: \(date)" + (extra.isEmpty ? "" : "\n" + extra), body: body)
    }

    static let posts = [
        "Content/posts/urlsession.md": post("Understanding URLSession", "2020-01-01", extra: "tags: [networking]",
                                            "A look at the network stack of Foundation, and how requests are made.\n"),
        "Content/posts/networking.md": post("Networking basics", "2020-02-01",
                                            "Requests and responses.\n\n## URLSession and its friends\n\nDelegates, tasks and queues.\n"),
        "Content/posts/decoding.md": post("Decoding JSON", "2020-03-01",
                                          "Fetch, then decode:\n\n```swift\nlet (data, _) = try await urlSession.data(from: url)\nlet user = try JSONDecoder().decode(User.self, from: data)\n```\n"),
        "Content/posts/actors.md": post("Isolated state", "2020-04-01", extra: "series: Concurrency Notes",
                                        "We are connecting two actors; each keeps its state to itself.\n"),
        "Content/posts/frog.md": post("Eat that frog", "2020-05-01", "Plan every day in advance.\n"),
        "Content/pages/about.md": "---\ntitle: About\n---\n\nNotes on Swift and on planning a day.\n",
    ]

    @Test func theIndexIsWrittenWithTheSearchPageAndTheOpenSearchDescription() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        let index = try #require(site.read("search/index.json"))
        #expect(index.hasPrefix("{\"version\":1,\"stemmer\":\"porter\",\"pages\":6,"))
        // Oldest post first; the pages after the posts.
        #expect(site.read("search/pages/0.json")?.contains("\"url\":\"/posts/urlsession/\"") == true)
        #expect(site.read("search/pages/5.json")?.contains("\"url\":\"/about/\",\"title\":\"About\",\"date\":null") == true)
        let page = try #require(site.read("search/index.html"))
        #expect(page.contains("data-index=\"/search/index.json\""))
        #expect(page.contains("<script src=\"/js/search.js\" defer></script>"))
        #expect(page.contains("<noscript>") && page.contains("href=\"/archive/\""))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<link rel=\"search\" type=\"application/opensearchdescription+xml\" title=\"Fixture Blog\" href=\"/opensearch.xml\">"))
        #expect(home.contains("<form class=\"site-search\" action=\"/search/\" method=\"get\" role=\"search\""))
        #expect(site.read("opensearch.xml")?.contains("template=\"https://example.com/search/?q={searchTerms}\"") == true)
        #expect(site.read("sitemap.xml")?.contains("/search/") == false)
    }

    @Test func resultsComeTitleFirstThenHeadingThenBody() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try site.build()
        let results = try SearchScript.query(["URLSession", "urlSession", "url_session", "session", "sess", "urlsession decoder",
                                              "connections", "concurrency", "planning", "networking", "zeppelin"], in: site.output)
        let order = ["/posts/urlsession/", "/posts/networking/", "/posts/decoding/"]
        #expect(results["URLSession"] == order)
        #expect(results["urlSession"] == order)
        #expect(results["url_session"] == order)
        // A part of an identifier finds it; so does its beginning while it is typed.
        #expect(results["session"] == order)
        #expect(results["sess"] == order)
        // Every word must match.
        #expect(results["urlsession decoder"] == ["/posts/decoding/"])
        // Stems: "connections" finds "connecting"; "planning" finds "Plan" and "planning".
        #expect(results["connections"] == ["/posts/actors/"])
        #expect(Set(results["planning"] ?? []) == ["/posts/frog/", "/about/"])
        // The series' name and the tags count.
        #expect(results["concurrency"] == ["/posts/actors/"])
        #expect(results["networking"]?.prefix(2).sorted() == ["/posts/networking/", "/posts/urlsession/"])
        #expect(results["zeppelin"] == [])
    }

    @Test func aSiteInAnotherLanguageIsIndexedUnstemmed() throws {
        let site = FixtureSite(["Content/posts/haus.md": Self.post("Häuser bauen", "2020-01-01", "Wir bauen Häuser.\n")],
                               config: "title: Blog\nbase_url: \"https://example.com/\"\nlanguage: de\n")
        defer { site.remove() }
        _ = try site.build()
        #expect(site.read("search/index.json")?.contains("\"stemmer\":null") == true)
        let results = try SearchScript.query(["häuser", "HÄUSER", "haus", "bauen"], in: site.output)
        #expect(results["häuser"] == ["/posts/haus/"])
        #expect(results["HÄUSER"] == ["/posts/haus/"])
        #expect(results["haus"] == [])
        #expect(results["bauen"] == ["/posts/haus/"])
    }

    @Test func searchFalseWritesNoIndexNoPageAndNoBox() throws {
        let site = FixtureSite(Self.posts, config: "title: Blog\nbase_url: \"https://example.com/\"\nsearch: false\n")
        defer { site.remove() }
        _ = try site.build()
        #expect(!site.exists("search") && !site.exists("opensearch.xml"))
        let home = try #require(site.read("index.html"))
        #expect(!home.contains("site-search") && !home.contains("opensearch"))
        // And a page of the site may then live at /search/.
        site.write("Content/pages/search.md", "---\ntitle: Search\n---\n\nUse your browser.\n")
        _ = try site.build()
        #expect(site.read("search/index.html")?.contains("Use your browser.") == true)
    }

    @Test func aPageAtTheSearchPagesURLIsAClash() {
        let site = FixtureSite(Self.posts.merging(["Content/pages/search.md": "---\ntitle: Search\n---\n\nMine.\n"]) { $1 })
        defer { site.remove() }
        _ = try? site.build()
        let before = site.outputSnapshot()
        let errors = site.failingBuild().errors
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("search") == true)
        #expect(site.outputSnapshot() == before)
    }

    /// A theme made before the search page: the built-in search template, in the theme's `base`.
    @Test func aThemeWithoutTheSearchTemplateGetsTheBuiltInOne() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Themes/default/templates/search.mustache"))
        _ = try site.build()
        #expect(site.read("search/index.html")?.contains("class=\"search-form\"") == true)
    }

    @Test func aThemeWithNeitherSearchNorBaseTemplateIsAnErrorThatSaysWhatToDo() throws {
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        for name in PageRoute.templates { site.write("Themes/plain/templates/\(name).mustache", "plain \(name)\n") }
        site.write("Content/site.yml", "title: T\ntheme: plain\n")
        let errors = site.failingBuild().errors
        #expect(errors.map(\.message) == ["theme 'plain' has no search.mustache, which renders \(PageKind.search.route.renders), "
                                          + "nor a base.mustache for the built-in one to fill; add search.mustache, or set search: false in site.yml"])
        site.write("Content/site.yml", "title: T\ntheme: plain\nsearch: false\n")
        _ = try site.build()
        #expect(!site.exists("search"))
    }

    /// serve: an edit changes the index as a full build would, and only the edited page's
    /// fragment is written again.
    @Test func aCachedRebuildUpdatesTheIndexAsAFullBuildWould() throws {
        let cache = RebuildCache()
        let site = FixtureSite(Self.posts)
        defer { site.remove() }
        _ = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache)
        site.write("Content/posts/frog.md", Self.post("Eat that frog", "2020-05-01", "Plan every day in advance, by zeppelin.\n"))
        let changes = try RebuildTests.expectRebuildEqualsFullBuild(site, "an edited post", cache: cache)
        #expect(changes.written.filter { $0.hasPrefix("search/pages/") } == ["search/pages/4.json"])
        #expect(try SearchScript.query(["zeppelin"], in: site.output)["zeppelin"] == ["/posts/frog/"])
        // A new post, then a removed one.
        site.write("Content/posts/new.md", Self.post("Zeppelins", "2021-01-01", "Airships.\n"))
        _ = try RebuildTests.expectRebuildEqualsFullBuild(site, "a new post", cache: cache)
        #expect(try SearchScript.query(["zeppelin"], in: site.output)["zeppelin"] == ["/posts/new/", "/posts/frog/"])
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/posts/frog.md"))
        _ = try RebuildTests.expectRebuildEqualsFullBuild(site, "a removed post", cache: cache)
        #expect(try SearchScript.query(["zeppelin"], in: site.output)["zeppelin"] == ["/posts/new/"])
    }
}

/// The theme's `js/search.js` run in node, as its module export (the page code is not run).
enum SearchScript {
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let script = SharedFolder.projectRoot.appendingPathComponent("Themes/default/static/js/search.js").path

    /// Runs `program` in node with `arguments` (after the script's path); its standard output.
    static func run(_ program: String, _ arguments: [String], input: URL? = nil) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-search-\(UUID().uuidString).js")
        try program.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node ?? "node")
        process.arguments = [file.path, script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The URLs of each query's results, best first, read from a built site's output.
    static func query(_ queries: [String], in output: URL) throws -> [String: [String]] {
        let program = """
            const search = require(process.argv[2]);
            const fs = require("fs"), path = require("path");
            const out = process.argv[3], queries = JSON.parse(process.argv[4]);
            const read = url => new Promise((resolve, reject) => fs.readFile(path.join(out, url), "utf8", (e, t) => e ? reject(e) : resolve(t)));
            const searcher = new search.Searcher("/search/index.json", read);
            (async () => {
              const results = {};
              for (const q of queries) {
                const found = await searcher.search(q);
                results[q] = await Promise.all(found.pages.map(p => searcher.fragment(p).then(f => f.url)));
              }
              console.log(JSON.stringify(results));
            })();
            """
        let data = try JSONSerialization.data(withJSONObject: queries)
        let text = try run(program, [output.path, String(decoding: data, as: UTF8.self)])
        return try JSONDecoder().decode([String: [String]].self, from: Data(text.utf8))
    }
}

/// The script cuts and stems a query as the build cuts and stems the pages: otherwise a word
/// on a page could not be found by typing it.
@Suite("Search script and index agree", .enabled(if: SearchScript.node != nil, "node is not installed (apt-get install nodejs)"))
struct SearchScriptTests {
    @Test func theScriptStemsEveryReferencePairAsTheBuildDoes() throws {
        let words = StemmerPairs.pairs.map(\.word)
        let program = """
            const search = require(process.argv[2]);
            console.log(JSON.stringify(JSON.parse(process.argv[3]).map(search.stem)));
            """
        let stems = try JSONDecoder().decode([String].self, from: Data(try SearchScript.run(program, [String(decoding: try JSONSerialization.data(withJSONObject: words), as: UTF8.self)]).utf8))
        #expect(stems == StemmerPairs.pairs.map(\.stem))
    }

    /// The blog's posts as written (prose, front matter, code of several languages) and text
    /// of other scripts: the same terms, in the same order, stemmed and not.
    @Test func theScriptCutsTextIntoTheSameTerms() throws {
        let posts = DirectoryWalker.files(below: SharedFolder.projectRoot.appendingPathComponent("Content/posts").path, includeHidden: false)
            .filter { $0.hasSuffix(".md") }.sorted().prefix(6)
        let texts = try posts.map { try String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("Content/posts/" + $0), encoding: .utf8) }
            + ["Die Häuser, l’été — 東京 naïve café ÉCOLE _private __init__ HTTPURLResponse x86_64 v2Beta IPv6Address"]
        #expect(texts.count == 7)
        let program = """
            const search = require(process.argv[2]);
            const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
            console.log(JSON.stringify(texts.map(t => [search.terms(t, true), search.terms(t, false)])));
            """
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-search-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: texts).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try SearchScript.run(program + "\n", [], input: input)
        let fromScript = try JSONDecoder().decode([[[String]]].self, from: Data(output.utf8))
        for (text, terms) in zip(texts, fromScript) {
            #expect(terms[0] == SearchTokenizer(stems: true).terms(in: text))
            #expect(terms[1] == SearchTokenizer(stems: false).terms(in: text))
        }
    }
}
