import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The imported blogs build with zero errors, and every URL the old blog had answers: the
/// page itself, or a redirect page to it.
@Suite("Import: the imported site builds and keeps its URLs")
struct ImportBuildTests {
    /// Imports, adds the project's theme (until the built-in one of issue 12) and builds.
    static func importAndBuild(_ generator: SourceGenerator, _ files: [String: String], binary: [String: [UInt8]]) throws -> (site: URL, output: URL, report: ImportReport) {
        let source = ImportFixtures.folder(files, binary: binary)
        defer { try? FileManager.default.removeItem(at: source) }
        let site = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-site")
        let report = try SiteImporter(options: .init(generator: generator, source: source, destination: site)).run()
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Themes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SharedFolder.projectRoot.appendingPathComponent("Themes/default"),
                                         to: site.appendingPathComponent("Themes/default"))
        let summary = try SiteBuilder(options: .init(siteRoot: site)).build()
        #expect(summary.warnings.filter { $0.severity == .error }.isEmpty)
        try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)
        return (site, site.appendingPathComponent("Output"), report)
    }

    /// The file a URL path is served from.
    static func file(for path: String, in output: URL) -> String {
        output.appendingPathComponent(path.hasSuffix("/") ? path + "index.html" : path).path
    }

    static func missing(_ urls: [String], in output: URL) -> [String] {
        urls.filter { !FileManager.default.fileExists(atPath: file(for: $0, in: output)) }
    }

    @Test
    func theJekyllBlogBuildsAndEveryOldURLAnswers() throws {
        let (site, output, _) = try Self.importAndBuild(.jekyll, ImportFixtures.jekyll, binary: ImportFixtures.jekyllBinary)
        defer { try? FileManager.default.removeItem(at: site) }
        let oldURLs = [
            "/2016/02/29/swift-generics/", "/foundation/2016/03/11/nsurl/", "/swift/2017/04/24/viper/",
            "/2018/01/05/one-digit-date/", "/one-digit/", "/2019/08/21/plain/", "/2019/08/22/windows/",
            "/about/", "/projects/", "/docs/setup/",
            "/assets/images/diagram.png", "/images/photo.jpg", "/favicon.ico", "/CNAME", "/files/talk.pdf",
        ]
        #expect(Self.missing(oldURLs, in: output).isEmpty)
        let redirect = try String(contentsOfFile: Self.file(for: "/foundation/2016/03/11/nsurl/", in: output), encoding: .utf8)
        #expect(redirect.contains("/foundation/2016/03/10/nsurl/"))
        let crawl = OutputCrawler(output: output, baseURL: "https://notes.example.com/").brokenLinks()
        #expect(crawl.broken.isEmpty, "\(crawl.broken)")
    }

    @Test
    func theHugoBlogBuildsAndEveryOldURLAnswers() throws {
        let (site, output, _) = try Self.importAndBuild(.hugo, ImportFixtures.hugo, binary: ImportFixtures.hugoBinary)
        defer { try? FileManager.default.removeItem(at: site) }
        let oldURLs = [
            "/2020/05/swift-generics-part-1-why/", "/2020/05/swift-generics-part-2-constraints/",
            "/2020/05/swift-generics-part-2-constraints/constraints.png", "/generics-2/", "/2019/12/notes-on-swift/",
            "/about/", "/tags/swift/", "/series/swift-generics/", "/images/logo.png", "/favicon.ico",
        ]
        #expect(Self.missing(oldURLs, in: output).isEmpty)
        let crawl = OutputCrawler(output: output, baseURL: "https://example.org/").brokenLinks()
        #expect(crawl.broken.isEmpty, "\(crawl.broken)")
    }

    /// What runs today: a Jekyll blog that uses only what the build reads now imports and
    /// builds, its converted highlight block is a highlighted Swift block, its post_url a link.
    @Test func aBlogInTodaysConventionsBuildsAfterImport() throws {
        let files = [
            "_config.yml": "title: Today\nurl: https://today.example.com\npermalink: /posts/:title/\n",
            "_posts/2020-01-01-first.md": """
                ---
                title: First
                date: 2020-01-01
                slug: first
                ---

                {% highlight swift %}
                let answer = 42
                {% endhighlight %}

                On to [the second]({% post_url 2020-01-02-second %}).
                """,
            "_posts/2020-01-02-second.md": "---\ntitle: Second\ndate: 2020-01-02\nslug: second\n---\n\n![Logo]({{ site.baseurl }}/img/logo.png)\n",
        ]
        let (site, output, report) = try Self.importAndBuild(.jekyll, files, binary: ["img/logo.png": ImportFixtures.png])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(report.left.isEmpty)
        let first = try String(contentsOf: output.appendingPathComponent("posts/first/index.html"), encoding: .utf8)
        #expect(first.contains("<span class=\"k\">let</span>"))
        #expect(first.contains("href=\"/posts/second/\""))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("img/logo.png").path))
    }
}
