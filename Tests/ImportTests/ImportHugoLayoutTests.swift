import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// What the real `hugo` here (0.111) cannot judge: Hugo 0.112's `[permalinks.page]` and
/// `[permalinks.section]`, translations by file name, and a `url:` outside the language's
/// folder of a site under it.
@Suite("Import: Hugo languages, sections and permalinks")
struct ImportHugoLayoutTests {
    static func imported(_ files: [String: String]) throws -> (report: ImportReport, site: URL) {
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        return try ImportSiteTests.run(.hugo, source)
    }

    @Test func permalinksOfHugo112ArePerKindOfPage() throws {
        let (report, site) = try Self.imported([
            "hugo.yaml": """
                baseURL: https://example.org/
                title: Kinds
                permalinks:
                  page:
                    posts: /:year/:month/:slug/
                  section:
                    posts: /writing/
                  taxonomy:
                    tags: /topics/
                """,
            "content/posts/a-post.md": "---\ntitle: A Post\ndate: 2023-05-06\n---\nText.\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        let settings = try #require(ImportSiteTests.read(site, "Content/site.yml"))
        #expect(settings.contains("permalinks:\n  posts: \"/:year/:month/:slug/\"\n"))
        #expect(report.oldURLs.map(\.path) == ["/2023/05/a-post/"])
        #expect(report.notImported.contains { $0.file == "hugo.yaml" && $0.note?.hasPrefix("permalinks.taxonomy") == true })
    }

    @Test func translationsByFileNameAreNotImported() throws {
        let (report, site) = try Self.imported([
            "hugo.toml": """
                title = "Two languages"
                defaultContentLanguage = "en"
                [languages.en]
                  weight = 1
                [languages.nl]
                  weight = 2
                  title = "Twee talen"
                """,
            "content/about.md": "---\ntitle: About\n---\nMe.\n",
            "content/about.nl.md": "---\ntitle: Over mij\n---\nIk.\n",
            "content/posts/first.md": "---\ntitle: First\ndate: 2020-01-01\n---\nHi.\n",
            "content/posts/first.nl.md": "---\ntitle: Eerste\ndate: 2020-01-01\n---\nHoi.\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect((report.posts, report.pages) == (1, 1))
        #expect(Set(report.notImported.filter { $0.note == "a translation into a language that is not imported" }.map(\.file))
                == ["content/about.nl.md", "content/posts/first.nl.md"])
        #expect(report.notImported.contains { $0.file == "hugo.toml" && $0.note?.hasPrefix("language 'nl': not imported") == true })
        let settings = try #require(ImportSiteTests.read(site, "Content/site.yml"))
        #expect(settings.contains("title: \"Two languages\"\n") && settings.contains("language: \"en\"\n"))
    }

    /// Hugo puts no language folder before `url:`: under `/en/` such a page was outside the
    /// site, which cannot answer it there, so no alias is written; its old URL says so.
    @Test func aURLOutsideTheLanguageFolderGetsNoAlias() throws {
        let (report, site) = try Self.imported([
            "hugo.toml": """
                baseURL = "https://example.org/"
                defaultContentLanguageInSubdir = true
                [languages.en]
                  title = "In English"
                """,
            "content/posts/kept.md": "---\ntitle: Kept\ndate: 2020-01-01\nurl: /en/kept-here/\n---\n",
            "content/posts/outside.md": "---\ntitle: Outside\ndate: 2020-01-01\nurl: /elsewhere/\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(Set(report.oldURLs.map(\.path)) == ["/kept-here/", "/../elsewhere/"])
        let kept = try #require(ImportSiteTests.read(site, "Content/posts/kept.md"))
        #expect(kept.contains("aliases: [\"/kept-here/\"]") || kept.contains("- \"/kept-here/\""))
        let outside = try #require(ImportSiteTests.read(site, "Content/posts/outside.md"))
        #expect(!outside.contains("aliases"))
        let settings = try #require(ImportSiteTests.read(site, "Content/site.yml"))
        #expect(settings.contains("title: \"In English\"\nbase_url: \"https://example.org/en/\"\n"))
    }

    /// Only the other language has a `contentDir`, inside `content/`: Hugo leaves it out of
    /// the default language's content (checked with hugo 0.111).
    @Test func anotherLanguagesFolderInsideContentIsNotASection() throws {
        let (report, site) = try Self.imported([
            "hugo.toml": "defaultContentLanguage = \"en\"\n[languages.en]\n  weight = 1\n[languages.de]\n  weight = 2\n  contentDir = \"content/de\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n",
            "content/de/posts/b.md": "---\ntitle: B\ndate: 2020-01-01\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(report.posts == 1 && report.oldURLs.map(\.path) == ["/posts/a/"])
        #expect(report.notImported.contains { $0.file == "content/de/" && $0.note?.contains("(1 file)") == true })
    }
}
