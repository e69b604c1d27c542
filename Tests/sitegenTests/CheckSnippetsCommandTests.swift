import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import TestSupport

/// `sitegen check-snippets` as CI runs it: exit codes, the summary line, machine formats.
@Suite("check-snippets command line", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct CheckSnippetsCommandTests {
    static let body = """
        ```swift
        let fine = 1
        ```

        ```swift skip(shows a crash on purpose)
        fatalError()
        ```

        ```swift isolated
        let broken: Int = "one"
        ```
        """

    @Test func textReportEndsWithTheCountsAndFailsTheRun() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        let run = try SitegenProcess.run(["check-snippets", "--site", site.root.path, "--jobs", "1"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.last == "1 passed, 1 failed, 1 skipped, 0 not proven")
        #expect(lines.contains("skipped Content/posts/p.md:10: shows a crash on purpose"))
        #expect(lines.contains("FAILED  Content/posts/p.md:14  (isolated:14)"))
        #expect(run.stderr.contains("Content/posts/p.md:15:19: error: cannot convert value of type 'String' to specified type 'Int'"))
        #expect(run.stderr.contains("let broken: Int = \"one\"\n                  ^"), "the Markdown line and a caret")
    }

    /// Issue 27, finding 6: after `sitegen import` of a Hugo blog, section pages without a
    /// date (and a null alias) made check-snippets refuse every post, even one named.
    @Test func aContentErrorInAnotherFileDoesNotStopThePostsThatLoadFromBeingChecked() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet fine = 1\n```\n")
        defer { site.remove() }
        site.write("Content/posts/tutorials.md", "---\ntitle: \"Tutorials\"\naliases: ~\n---\n\nEvery tutorial, by date.\n")
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02\naliases:\n  - ~", body: "```swift\nlet q: Int = \"q\"\n```\n"))
        let all = try SitegenProcess.run(["check-snippets"], in: site.root)
        #expect(all.status == 1, "a content error is an error")
        #expect(all.stdout.contains("passed  Content/posts/p.md:6  (main)"), "\(all.stdout)\n\(all.stderr)")
        #expect(all.stdout.contains("FAILED  Content/posts/q.md:8  (main)"))
        #expect(all.stdout.contains("content error Content/posts/tutorials.md:2:1"))
        #expect(all.stderr.contains("Content/posts/tutorials.md:2:1: error: missing required key 'date'"), "\(all.stderr)")
        #expect(all.stdout.hasSuffix("1 passed, 1 failed, 0 skipped, 0 not proven\n1 content error (sitegen build fails on it too); a post that cannot be read is not checked\n"))
        #expect(!all.stderr.contains("could not be checked"))
        let github = try SitegenProcess.run(["check-snippets", "--format", "github"], in: site.root)
        #expect(github.stdout.contains("::error file=Content/posts/tutorials.md,line=2,col=1::missing required key 'date'"), "\(github.stdout)")
        let suggest = try SitegenProcess.run(["check-snippets", "--suggest"], in: site.root)
        #expect(suggest.stdout.contains("Content/posts/q.md:8") && !suggest.stderr.contains("could not be checked"), "\(suggest.stdout)\n\(suggest.stderr)")
        // Named, a post that loads is checked; the error of another file is not its business.
        let one = try SitegenProcess.run(["check-snippets", "Content/posts/p.md"], in: site.root)
        #expect(one.status == 0, "\(one.stdout)\n\(one.stderr)")
        #expect(one.stdout.hasSuffix("1 passed, 0 failed, 0 skipped, 0 not proven\n"))
        // Named, the broken one says what is wrong with it, not "not a post of this site".
        let broken = try SitegenProcess.run(["check-snippets", "Content/posts/tutorials.md"], in: site.root)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("Content/posts/tutorials.md:2:1: error: missing required key 'date'"))
        #expect(!broken.stderr.contains("not a post of this site"))
        // A warm run reports it again.
        #expect(try SitegenProcess.run(["check-snippets"], in: site.root).stderr.contains("tutorials.md:2:1: error"))
    }

    @Test func githubAnnotationsAndJSON() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        let github = try SitegenProcess.run(["check-snippets", "--format", "github"], in: site.root)
        #expect(github.status == 1)
        #expect(github.stdout.contains("::error file=Content/posts/p.md,line=15,col=19::cannot convert value of type 'String' to specified type 'Int'"))
        #expect(github.stdout.contains("::notice file=Content/posts/p.md,line=10::snippet skipped: shows a crash on purpose"))
        let json = try SitegenProcess.run(["check-snippets", "--format", "json", "--site", site.root.path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["passed"] as? Int == 1)
        #expect(document["failed"] as? Int == 1)
        let blocks = try #require(document["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["status"] as? String } == ["passed", "skipped", "failed"])
        #expect(blocks[1]["reason"] as? String == "shows a crash on purpose")
        #expect(document["compilerProcesses"] as? Int == 0, "the github run above filled the site's cache")
    }

    @Test func usageErrorsAndUnknownFiles() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        let format = try SitegenProcess.run(["check-snippets", "--format", "jsn"], in: site.root)
        #expect(format.status == 2)
        #expect(format.stderr.contains("(did you mean 'json'?)"))
        #expect(try SitegenProcess.run(["check-snippets", "--jobs", "0"], in: site.root).status == 2)
        let unknown = try SitegenProcess.run(["check-snippets", "Content/posts/nope.md"], in: site.root)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("Content/posts/nope.md: error: not a post of this site"))
        let one = try SitegenProcess.run(["check-snippets", "Content/posts/p.md"], in: site.root)
        #expect(one.stdout.hasSuffix("1 passed, 1 failed, 1 skipped, 0 not proven\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is not installed: no terminal"))
    func aProgressLineOnATerminalOnly() throws {
        let site = SnippetFixtures.site(body: Self.body)
        defer { site.remove() }
        let command = "\(SitegenProcess.executable.path) check-snippets --site \(site.root.path)"
        let terminal = try SitegenProcess.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script", environment: ["TERM": "xterm"])
        #expect(terminal.stdout.contains("\rchecking snippets: 2/2 programs"))
        let piped = try SitegenProcess.run(["check-snippets", "--site", site.root.path])
        #expect(!piped.stderr.contains("checking snippets"))
    }

    @Test func emitWritesAPackageWithATargetPerProgram() throws {
        let site = SnippetFixtures.site(body: "```swift module=Lib\npublic struct Point { public init() {} }\n```\n\n```swift\nimport Lib\nlet p = Point()\n```\n\n```swift isolated\nlet q = 1\n```\n")
        defer { site.remove() }
        let package = site.root.appendingPathComponent("Emitted")
        let run = try SitegenProcess.run(["check-snippets", "--emit", package.path], in: site.root)
        #expect(run.status == 0)
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".target(name: \"Lib\", path: \"Sources/Lib\")"))
        #expect(manifest.contains(".executableTarget(name: \"P_main\", dependencies: [\"Lib\"], path: \"Sources/P_main\")"))
        #expect(manifest.contains(".executableTarget(name: \"P_isolated_15\""))
        let main = try String(contentsOf: package.appendingPathComponent("Sources/P_main/main.swift"), encoding: .utf8)
        #expect(main.contains("// Content/posts/p.md:11\nimport Lib\nlet p = Point()"))
        #expect(!main.contains("#sourceLocation"))
    }

    /// Issue 27, findings 2 and 3: a Hugo blog's page bundles (`<slug>/index.md`) all became
    /// target `Index_main`, and `platform=apple` blocks were left out of the package, so
    /// "open it in Xcode" never checked the code it exists for.
    @Test func emitNamesBundleTargetsByTheirFolderAndKeepsAppleBlocksForApplePlatforms() throws {
        let site = FixtureSite([
            "Content/posts/2019/first-steps/index.md": FixtureSite.post("title: First\ndate: 2019-01-01", body: """
                ```swift
                let greeting = "hello"
                ```
                """),
            "Content/posts/2020/first-steps/index.md": FixtureSite.post("title: First again\ndate: 2020-01-01\nslug: first-steps-again", body: """
                ```swift
                let again = 2
                ```
                """),
            "Content/posts/table-views/index.md": FixtureSite.post("title: Tables\ndate: 2019-02-01", body: """
                A table view:

                ```swift platform=apple
                import UIKit
                final class ListController: UITableViewController {}
                ```

                ```swift
                let rows = 3
                ```
                """),
        ], withTheme: false)
        defer { site.remove() }
        let package = site.root.appendingPathComponent("Emitted")
        let run = try SitegenProcess.run(["check-snippets", "--emit", package.path], in: site.root)
        #expect(run.stdout.contains("skipped Content/posts/table-views/index.md:8: platform=apple"), "still skipped on Linux: \(run.stdout)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "(name: \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(names.sorted() == ["FirstSteps_main", "FirstSteps_main_2", "TableViews_main"], "\(manifest)")
        #expect(Set(names.map { $0.lowercased() }).count == names.count, "unique, even on a case-insensitive disk")
        let apple = try String(contentsOf: package.appendingPathComponent("Sources/TableViews_main/main.swift"), encoding: .utf8)
        #expect(apple.contains("#if canImport(Darwin)") && apple.contains("final class ListController: UITableViewController {}")
                && apple.contains("let rows = 3") && apple.hasSuffix("#endif\n"), "\(apple)")
        #expect(manifest.contains("// TableViews_main has platform=apple blocks: its code builds on Apple platforms only"))
        let plain = try String(contentsOf: package.appendingPathComponent("Sources/FirstSteps_main/main.swift"), encoding: .utf8)
        #expect(!plain.contains("#if"))
        // SwiftPM reads it (it refused 17 targets of one name).
        let describe = try SitegenProcess.run(["package", "describe", "--package-path", package.path],
                                                executable: URL(fileURLWithPath: SnippetFixtures.toolchain!.swiftc).resolvingSymlinksInPath()
                                                    .deletingLastPathComponent().appendingPathComponent("swift").path)
        #expect(describe.status == 0, "\(describe.stderr)")
        #expect(describe.stdout.contains("TableViews_main"))
    }

    @Test func emitRefusesAFolderItDidNotMake() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        // A Swift package of the user's: `--emit .` used to delete its Sources/.
        site.write("Package.swift", "// swift-tools-version:5.9\n")
        site.write("Sources/App/main.swift", "print(\"mine\")\n")
        let refused = try SitegenProcess.run(["check-snippets", "--emit", "."], in: site.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refusing to write the snippet package here: the folder is not empty and was not made by --emit (it has no .sitegen-snippets-package file)"))
        #expect(try String(contentsOf: site.root.appendingPathComponent("Sources/App/main.swift"), encoding: .utf8) == "print(\"mine\")\n")
        #expect(try String(contentsOf: site.root.appendingPathComponent("Package.swift"), encoding: .utf8) == "// swift-tools-version:5.9\n")
        // A new folder is made and marked; writing it again replaces what it wrote.
        let package = site.root.appendingPathComponent("Emitted")
        #expect(try SitegenProcess.run(["check-snippets", "--emit", package.path], in: site.root).status == 0)
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent(".sitegen-snippets-package").path))
        #expect(try SitegenProcess.run(["check-snippets", "--emit", package.path], in: site.root).status == 0)
    }
}
