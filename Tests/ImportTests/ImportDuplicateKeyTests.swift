import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

/// Keys given twice in front matter, as real posts have them (`published:` twice, a date
/// twice): Jekyll and Hugo keep the last value, and so does the import, which removes the
/// earlier lines and lists each. sitegen's own files stay strict.
@Suite("Import: keys given twice")
struct ImportDuplicateKeyTests {
    @Test func theLastValueWinsAndEachEarlierPairIsNamedWithItsLines() throws {
        let yaml = "title: a\nnotes: |\n  # not a comment\n\nmeta:\n  draft: true\n  draft: false\ntitle: b\nnotes: c\ntitle: d\n"
        let (root, dropped) = try YAMLParser.parse(yaml, duplicateKeys: .lastWins)
        #expect(root?["title"]?.scalarText == "d")
        #expect(root?["notes"]?.scalarText == "c")
        #expect(root?["meta"]?["draft"]?.scalar == .bool(false))
        let found = dropped.map { "\($0.key) \($0.location.line):\($0.location.column) again \($0.laterLocation.line) lines \($0.lines)" }.sorted()
        #expect(found == ["draft 6:3 again 7 lines 6..<7", "notes 2:1 again 9 lines 2..<5", "title 1:1 again 8 lines 1..<2", "title 8:1 again 10 lines 8..<9"])
        #expect(dropped.first { $0.key == "notes" }?.isBlockText == true)
        // sitegen's own files: an error, as YAML requires.
        #expect(throws: YAMLError.self) { _ = try YAMLParser.parse(yaml) }
    }

    @Test func theWrittenFrontMatterKeepsTheLastValueOnly() throws {
        let editor = try FrontMatterEditor(yaml: """
            title: "Swift tips"
            published: false
            tags:
              - swift
              - ios

            date: 2016-03-10
            # Moved after WWDC
            date: 2016-06-13
            published: true
            tags: [swift]
            slug: a
            slug: b

            """)
        // Blank and comment lines after a removed pair stay: they go with what follows.
        #expect(editor.text == """
            title: "Swift tips"

            # Moved after WWDC
            date: 2016-06-13
            published: true
            tags: [swift]
            slug: b

            """)
        #expect(editor.droppedDuplicates.map(\.key) == ["published", "tags", "date", "slug"])
        #expect(editor.duplicatesLeft.isEmpty)
        #expect(editor.bool("published") == true && editor.string("date") == "2016-06-13")
    }

    @Test func aDuplicateInFlowStyleIsLeftToRemoveByHand() throws {
        let editor = try FrontMatterEditor(yaml: "{title: a, title: b}\n")
        #expect(editor.text == "{title: a, title: b}\n")
        #expect(editor.duplicatesLeft.map(\.key) == ["title"])
        #expect(editor.string("title") == "b")
    }

    /// A Hugo post's YAML front matter goes through the same reader.
    @Test func aHugoPostWithAKeyGivenTwiceImportsWithTheLastValue() throws {
        let source = ImportFixtures.folder([
            "hugo.toml": "baseURL = \"https://example.com/\"\ntitle = \"Notes\"\n",
            "content/posts/first.md": "---\ntitle: \"First\"\ndate: 2020-01-01\ndraft: true\ndraft: false\n---\nText.\n",
        ])
        let (report, site) = try ImportSiteTests.run(.hugo, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        #expect(report.posts == 1 && report.drafts == 0)
        #expect(report.converted[.duplicateKeyDropped]?.map(\.position) == ["content/posts/first.md:4:1"])
        #expect(ImportSiteTests.read(site, "Content/posts/first.md")?.hasPrefix("---\ntitle: \"First\"\ndate: 2020-01-01\ndraft: false\n") == true)
        #expect(ImportReportFormat.text(report).contains("Keys given twice (the earlier one removed, the last value kept, as Hugo keeps it):\n  content/posts/first.md:4:1  draft:"))
    }

    /// A key given twice in Hugo's YAML settings: the last is read, and the first is listed.
    @Test func aHugoSettingGivenTwiceIsReadLastAndListed() throws {
        let source = ImportFixtures.folder([
            "hugo.yaml": "baseURL: https://example.com/\ntitle: Old\ntitle: Notes\n",
            "content/posts/first.md": "---\ntitle: \"First\"\ndate: 2020-01-01\n---\nText.\n",
        ])
        let (report, site) = try ImportSiteTests.run(.hugo, source)
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: site) }
        #expect(ImportSiteTests.read(site, "Content/site.yml")?.contains("title: \"Notes\"") == true)
        #expect(report.notImported.contains { $0.file == "hugo.yaml" && $0.line == 2 && $0.note?.contains("given again at line 3") == true })
    }
}

/// Entries of `aliases` / `redirect_from` that say nothing, as drafts have them.
@Suite("Build: empty alias entries")
struct EmptyAliasEntryTests {
    @Test func anEmptyEntryIsAWarningAndTheOtherAliasesStillRedirect() throws {
        let site = FixtureSite([
            "Content/posts/2020-01-02-a.md": "---\ntitle: A\naliases:\n  -\n  - \"\"\n  - /old-a/\n---\nText.\n",
            "Content/posts/2020-01-03-b.md": "---\ntitle: B\ndraft: true\nredirect_from:\n  - ~\n---\nText.\n",
        ])
        defer { site.remove() }
        let summary = try site.build(drafts: true)
        let warnings = summary.warnings.map(\.description).filter { $0.contains("empty entry") }
        #expect(warnings.count == 3)
        #expect(warnings.contains { $0.hasPrefix("Content/posts/2020-01-02-a.md:4:4: warning: an empty entry in 'aliases' is ignored") })
        #expect(warnings.contains { $0.hasPrefix("Content/posts/2020-01-03-b.md:5:5: warning: an empty entry in 'redirect_from' is ignored") })
        #expect(site.exists("old-a/index.html"))
        // A real mistake stays an error.
        site.write("Content/posts/2020-01-02-a.md", "---\ntitle: A\naliases:\n  - {a: 1}\n---\nText.\n")
        #expect(site.failingBuild().map(\.description).contains { $0.contains("error: each of 'aliases' must be a path of this site, not a mapping") })
    }

    /// `category: Developer Tools` is one category, as Jekyll reads it; `categories` as text is split.
    @Test func categoryIsOneCategoryAndCategoriesAsTextAreSplit() throws {
        let site = FixtureSite([
            "Content/posts/2020-01-02-a.md": "---\ntitle: A\ncategory: Developer Tools\ncategories: ios swift\n---\nText.\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        #expect(site.exists("categories/developer-tools/index.html"))
        #expect(site.exists("categories/ios/index.html") && site.exists("categories/swift/index.html"))
        #expect(!site.exists("categories/developer/index.html"))
    }
}
