import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Errors in drafts are warnings unless `--drafts` (issue 25): a plain build loads and renders
/// the drafts in memory, reports what is wrong in them at `file:line:col` as warnings, and
/// writes none of them; with `--drafts` the same problems are errors, as in published posts.
@Suite("Build: errors in drafts are warnings unless --drafts")
struct DraftCheckTests {
    /// A blog with two published posts and the drafts real blogs carry around: a broken link,
    /// an empty and a repeated alias, a value the build cannot read, a link to a missing
    /// anchor, and a draft page.
    static let blog: [String: String] = [
        "Content/posts/2021-03-01-swift-concurrency.md": """
            ---
            title: Swift concurrency
            tags: [swift]
            ---

            Start with [the actors post](2021-04-01-actors.md).
            """,
        "Content/posts/2021-04-01-actors.md": """
            ---
            title: Actors
            tags: [swift]
            aliases:
              - /2021/04/01/actors/
            ---

            ## Isolation

            Actors isolate their state.
            """,
        "Content/posts/drafts/structured-tasks.md": """
            ---
            title: Structured tasks
            draft: true
            aliases:
              - /old/structured/
              -
              - /old/structured/
            ---

            See [the roadmap](/roadmap/) and [isolation](../2021-04-01-actors.md#isolation-rules).
            """,
        "Content/posts/drafts/2021-05-01-task-groups.md": """
            ---
            title: Task groups
            published: false
            series: Concurrency
            series_order: many
            ---

            Groups of child tasks, [as before](2021-03-01-swift-concurrency.md).
            """,
        "Content/pages/uses.md": """
            ---
            title: Uses
            draft: true
            ---

            My [setup](/setup/).
            """,
    ]

    static func lines(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.headline) }

    @Test func aPlainBuildWarnsAtEachDraftsProblemAndWritesNoDraft() throws {
        let site = FixtureSite(Self.blog)
        defer { site.remove() }
        let summary = try site.build()
        let warnings = Self.lines(summary.warnings)
        let suffix = " (in a draft: an error with --drafts)"
        for expected in [
            "Content/posts/drafts/structured-tasks.md:6:4: warning: an empty entry in 'aliases' is ignored",
            "Content/posts/drafts/structured-tasks.md:7:5: warning: /old/structured/ is also the URL of an old URL",
            "Content/posts/drafts/structured-tasks.md:10:19: warning: broken link '/roadmap/': no page or file of the site is at /roadmap/",
            "Content/posts/drafts/structured-tasks.md:10:46: warning: broken link '../2021-04-01-actors.md#isolation-rules'",
            "Content/posts/drafts/2021-05-01-task-groups.md:5:15: warning: 'series_order' must be a whole number, not a string 'many'",
            "Content/pages/uses.md:6:12: warning: broken link '/setup/'",
        ] {
            #expect(warnings.contains { $0.hasPrefix(expected) }, "no \(expected) in \(warnings)")
        }
        #expect(warnings.filter { $0.contains("error with --drafts") && !$0.contains("empty entry") }.allSatisfy { $0.hasSuffix(suffix) }, "\(warnings)")
        #expect(!summary.warnings.contains { $0.severity == .error })
        #expect(summary.skippedDrafts == ["Content/pages/uses.md", "Content/posts/drafts/structured-tasks.md"])
        #expect(summary.posts == 2)
        for path in ["posts/structured-tasks/index.html", "posts/task-groups/index.html", "uses/index.html", "old/structured/index.html"] {
            #expect(!site.exists(path), "\(path) is a draft's")
        }
        #expect(site.exists("posts/actors/index.html"))
        #expect(!(site.read("index.html") ?? "").contains("Structured tasks"))
        #expect(!(site.read("atom.xml") ?? "").contains("Structured tasks"))
    }

    @Test func withDraftsTheSameProblemsAreErrors() throws {
        let site = FixtureSite(Self.blog)
        defer { site.remove() }
        let errors: [String]
        do {
            _ = try site.build(drafts: true)
            errors = []
        } catch {
            errors = Self.lines(error.diagnostics.filter { $0.severity == .error })
        }
        #expect(errors.contains { $0.hasPrefix("Content/posts/drafts/2021-05-01-task-groups.md:5:15: error: 'series_order' must be a whole number") }, "\(errors)")
        #expect(!errors.contains { $0.contains("error with --drafts") })
        #expect(!site.exists("index.html"), "a failed build writes nothing")

        // Once the front matter is right, the links and the repeated alias are the errors.
        site.write("Content/posts/drafts/2021-05-01-task-groups.md", "---\ntitle: Task groups\npublished: false\n---\n\nGroups.\n")
        let second: [String]
        do {
            _ = try site.build(drafts: true)
            second = []
        } catch {
            second = Self.lines(error.diagnostics.filter { $0.severity == .error })
        }
        #expect(second.contains { $0.hasPrefix("Content/posts/drafts/structured-tasks.md:7:5: error: /old/structured/ is also the URL") }, "\(second)")
        site.write("Content/posts/drafts/structured-tasks.md", "---\ntitle: Structured tasks\ndraft: true\n---\n\nSee [the roadmap](/roadmap/).\n")
        let third: [String]
        do {
            _ = try site.build(drafts: true)
            third = []
        } catch {
            third = Self.lines(error.diagnostics.filter { $0.severity == .error })
        }
        #expect(third.contains("Content/posts/drafts/structured-tasks.md:6:19: error: broken link '/roadmap/': no page or file of the site is at /roadmap/"), "\(third)")
        #expect(third.contains("Content/pages/uses.md:6:12: error: broken link '/setup/': no page or file of the site is at /setup/"), "\(third)")
    }

    /// A published post's problems stay errors however many drafts there are.
    @Test func aPublishedPostsErrorStaysAnError() {
        var files = Self.blog
        files["Content/posts/2021-03-01-swift-concurrency.md"] = "---\ntitle: Swift concurrency\n---\n\nSee [the roadmap](/roadmap/).\n"
        let site = FixtureSite(files)
        defer { site.remove() }
        let errors = Self.lines(site.failingBuild().filter { $0.severity == .error })
        #expect(errors == ["Content/posts/2021-03-01-swift-concurrency.md:5:19: error: broken link '/roadmap/': no page or file of the site is at /roadmap/"])
    }

    @Test func theCommandExitsZeroWithTheWarningsAndOneWithDrafts() throws {
        let site = FixtureSite(Self.blog)
        defer { site.remove() }
        let plain = try SitegenProcess.run(["build", "--site", site.root.path], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("Content/posts/drafts/structured-tasks.md:10:19: warning: broken link '/roadmap/': "
                                      + "no page or file of the site is at /roadmap/ (in a draft: an error with --drafts)"), "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/structured-tasks").path))
        let drafts = try SitegenProcess.run(["build", "--site", site.root.path, "--drafts"], environment: ["NO_COLOR": "1"])
        #expect(drafts.status == 1)
        #expect(drafts.stderr.contains("Content/posts/drafts/2021-05-01-task-groups.md:5:15: error: 'series_order' must be a whole number"), "\(drafts.stderr)")
    }

    /// A Jekyll blog's `_drafts/` and a Hugo blog's `draft: true` post, imported: the import
    /// lists their dead links as in a draft, the imported site builds with warnings for them
    /// (exit 0), and with `--drafts` they are errors.
    @Test func importedDraftsOfJekyllAndHugo() throws {
        let jekyll: [String: String] = [
            "_config.yml": "title: Notes\nurl: https://notes.example.com\npermalink: /:year/:month/:day/:title/\n",
            "_posts/2020-02-01-published.md": "---\nlayout: post\ntitle: Published\n---\n\nHello.\n",
            "_drafts/someday.md": """
                ---
                layout: post
                redirect_from:
                  - ~
                  - /someday/
                  - /someday/
                ---

                Read [the plan](/plan/).
                """,
        ]
        let hugo: [String: String] = [
            "hugo.toml": "baseURL = \"https://notes.example.com/\"\ntitle = \"Notes\"\n",
            "content/posts/published.md": "---\ntitle: Published\ndate: 2020-02-01\n---\n\nHello.\n",
            "content/posts/someday.md": """
                ---
                title: Someday
                date: 2020-03-01
                draft: true
                aliases: [null, /someday/, /someday/]
                ---

                Read [the plan](/plan/).
                """,
        ]
        for (generator, files, draft) in [(SourceGenerator.jekyll, jekyll, "Content/posts/drafts/someday.md"),
                                          (.hugo, hugo, "Content/posts/someday.md")] {
            let source = ImportFixtures.folder(files)
            defer { try? FileManager.default.removeItem(at: source) }
            let site = source.deletingLastPathComponent().appendingPathComponent(source.lastPathComponent + "-site")
            defer { try? FileManager.default.removeItem(at: site) }
            let report = try SiteImporter(options: .init(generator: generator, source: source, destination: site)).run()
            #expect(report.drafts == 1)
            #expect(report.oldURLCheck?.buildErrors == [], "\(generator)")
            #expect(report.oldURLsNotAnswering == 0, "\(generator): \(ImportReportFormat.text(report))")
            let dead = report.left[ImportedLinks.brokenInSource] ?? []
            #expect(dead.map(\.file) == [draft], "\(generator)")
            #expect(dead.first?.note?.hasSuffix("(in a draft: a warning unless the build has --drafts)") == true, "\(generator): \(dead)")

            let summary = try SiteBuilder(options: .init(siteRoot: site)).build()
            let warnings = Self.lines(summary.warnings).filter { $0.hasPrefix(draft) }
            #expect(warnings.contains { $0.contains("warning: broken link '/plan/'") }, "\(generator): \(warnings)")
            #expect(warnings.contains { $0.contains("warning: /someday/ is also the URL of an old URL") }, "\(generator): \(warnings)")
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/someday").path))
            try VisibleTemplateSyntax.expectOnlyListed(site: site, report: report)
            let errors: [Diagnostic]
            do {
                _ = try SiteBuilder(options: .init(siteRoot: site, includeDrafts: true)).build()
                errors = []
            } catch {
                errors = error.diagnostics.filter { $0.severity == .error }
            }
            #expect(errors.contains { $0.file == draft && $0.message.hasPrefix("/someday/ is also the URL of an old URL") }, "\(generator): \(errors)")
        }
    }
}
