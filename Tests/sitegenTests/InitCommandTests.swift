import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

/// `sitegen init` as a new user runs it: a site in an empty folder that builds, serves and
/// passes check-snippets with nothing but the binary.
@Suite("sitegen init")
struct InitCommandTests {
    @Test func initWritesASiteThatBuildsAndServes() throws {
        let folder = try TemporaryFolder.empty()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try SitegenProcess.run(["init", "blog"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let site = folder.appendingPathComponent("blog")
        let paths = ["Content/site.yml", "Content/posts/hello-world.md", ".gitignore", ".github/workflows/site.yml"]
        #expect(made.stdout.split(separator: "\n").prefix(4) == paths.map { "Created blog/\($0)" }[...])
        #expect(made.stdout.contains("cd blog && sitegen serve"))
        for path in paths { #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "\(path)") }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Themes").path), "the theme is the built-in one")

        let build = try SitegenProcess.run(["build"], in: site)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("Output/posts/hello-world/index.html"), encoding: .utf8)
        #expect(page.contains("<h1") && page.contains("Hello, world"))
        #expect(page.contains("<span class=\"k\">struct</span>"), "the Swift block is highlighted")

        let server = try ServeProcess(root: site)
        #expect(try RawHTTPClient.get(server.port, "/posts/hello-world/").status == 200)
        #expect(try RawHTTPClient.get(server.port, "/css/style.css").status == 200)
        server.interrupt()
        #expect(server.process.terminationStatus == 0)
    }

    @Test(.enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
    func theFirstPostsSwiftPassesCheckSnippets() throws {
        let folder = try TemporaryFolder.empty()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenProcess.run(["init"], in: folder).status == 0, "init into the current folder")
        let check = try SitegenProcess.run(["check-snippets"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasSuffix("2 passed, 0 failed, 0 skipped, 0 not proven\n"), "\(check.stdout)")
    }

    @Test func initRefusesAFolderThatIsNotEmpty() throws {
        let folder = try TemporaryFolder.empty()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let refused = try SitegenProcess.run(["init", folder.path])
        #expect(refused.status == 1)
        #expect(refused.stderr == "sitegen init: error: \(folder.path) is not empty (it has notes.txt); init makes a site only in a new or empty folder, so nothing of yours is overwritten\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"], "nothing was written")
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        let file = try SitegenProcess.run(["init", "notes.txt"], in: folder)
        #expect(file.status == 1 && file.stderr.contains("notes.txt is a file"))
        #expect(try SitegenProcess.run(["init", "a", "b"], in: folder).status == 2)
    }

    @Test func aFolderWithOnlyGitIsEmptyEnough() throws {
        let folder = try TemporaryFolder.empty()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(try SitegenProcess.run(["init"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content/site.yml").path))
    }

    /// The settings file parses without a warning, mentions every setting the decoder
    /// knows, and its commented settings are the defaults: uncommented, nothing changes.
    @Test func siteSettingsMentionEverySettingAtItsDefault() throws {
        let text = NewSiteFiles.settings
        let (config, diagnostics) = SiteConfigDecoder.decode(SourceText(path: "Content/site.yml", text: text))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let parsed = try #require(config)
        for key in SiteConfigDecoder.knownKeys + SiteConfigDecoder.knownMarkdownKeys + SiteConfigDecoder.knownCodeKeys + SiteConfigDecoder.knownSnippetKeys {
            #expect(text.contains("\(key):"), "site.yml of init does not mention '\(key)'")
        }
        let commentedSetting = try Regex("(?m)^# ( *[a-z_]+:)")
        let uncommented = text.replacing(commentedSetting) { "\($0.output[1].substring ?? "")" }
        #expect(uncommented != text)
        let (all, allDiagnostics) = SiteConfigDecoder.decode(SourceText(path: "Content/site.yml", text: uncommented))
        #expect(allDiagnostics.isEmpty, "uncommented: \(allDiagnostics)")
        var every = try #require(all)
        #expect(every.strings == ["older_posts": UIStrings()["older_posts"], "newer_posts": UIStrings()["newer_posts"]],
                "the example strings are the English ones")
        every.strings = [:]
        every.themeLocation = nil
        #expect(every == parsed, "a commented setting is not the default")
        #expect(parsed.title == "My Blog" && parsed.baseURL == "https://example.com/")
    }

    @Test func firstPostGitignoreAndWorkflow() throws {
        let files = Dictionary(uniqueKeysWithValues: NewSite(date: PostDate(year: 2026, month: 3, day: 9)).files.map { ($0.path, $0.text) })
        #expect(files["Content/posts/hello-world.md"]?.contains("\ndate: 2026-03-09\n") == true)
        #expect(files[".gitignore"]?.split(separator: "\n").filter { !$0.hasPrefix("#") } == ["Output/", ".sitegen-cache/"])
        let workflow = try #require(files[".github/workflows/site.yml"])
        let root = try #require(try YAMLParser.parse(workflow))
        func steps(_ job: String, _ key: String) -> [String] {
            guard case .sequence(let items)? = root["jobs"]?[job]?["steps"]?.content else { return [] }
            return items.compactMap { $0[key]?.scalarText }
        }
        #expect(steps("build", "run").contains("sitegen build"))
        #expect(steps("build", "run").contains("sitegen check-snippets --format github"))
        #expect(steps("build", "uses").contains("actions/upload-pages-artifact@v3"))
        #expect(steps("deploy", "uses") == ["actions/deploy-pages@v4"])
        // Daily as well as on push, so that a scheduled post goes live on its day.
        guard case .sequence(let schedule)? = root["on"]?["schedule"]?.content else {
            Issue.record("the workflow has no schedule")
            return
        }
        #expect(schedule.compactMap { $0["cron"]?.scalarText } == ["17 5 * * *"])
    }

    /// Issue 27: an optional macOS job checks the `platform=apple` blocks against the iOS SDK;
    /// it runs only when the repository asks for it, and publishing never waits for it.
    @Test func theWorkflowHasAnOptInMacJobForApplePlatformCode() throws {
        let files = Dictionary(uniqueKeysWithValues: NewSite(date: PostDate(year: 2026, month: 3, day: 9)).files.map { ($0.path, $0.text) })
        let workflow = try #require(files[".github/workflows/site.yml"])
        let root = try #require(try YAMLParser.parse(workflow))
        let job = try #require(root["jobs"]?["apple-snippets"])
        #expect(job["if"]?.scalarText == "vars.CHECK_APPLE_SNIPPETS == 'true'")
        #expect(job["runs-on"]?.scalarText?.hasPrefix("macos") == true)
        guard case .sequence(let steps)? = job["steps"]?.content else {
            Issue.record("the macOS job has no steps")
            return
        }
        let runs = steps.compactMap { $0["run"]?.scalarText }
        #expect(runs.last == "sitegen check-snippets --platform apple --format github")
        #expect(runs.contains { $0.contains("swift build") && $0.contains("--product sitegen") && $0.contains("GITHUB_PATH") })
        #expect(steps.contains { $0["uses"]?.scalarText == "actions/cache@v4" && $0["with"]?["path"]?.scalarText == ".sitegen-cache/snippets" })
        // Publishing needs the Linux job only.
        #expect(root["jobs"]?["deploy"]?["needs"]?.scalarText == "build")
    }

    /// The workflow's KaTeX step, run as the workflow runs it (bash, in the site's folder),
    /// with an `apt-get` on PATH that records what it was asked to install.
    @Test(arguments: [
        ("```math\na^2\n```\n", true), ("Leverage:\n\n$$ a < b $$\n", true), ("The area \\(\\pi r^2\\).\n", true),
        ("Costs $5 and $6.\n", false), ("Plain prose.\n", false),
    ])
    func theWorkflowInstallsKaTeXWhenAPostHasMath(body: String, installs: Bool) throws {
        let files = Dictionary(uniqueKeysWithValues: NewSite(date: PostDate(year: 2026, month: 3, day: 9)).files.map { ($0.path, $0.text) })
        let workflow = try #require(files[".github/workflows/site.yml"])
        let root = try #require(try YAMLParser.parse(workflow))
        guard case .sequence(let steps)? = root["jobs"]?["build"]?["steps"]?.content else {
            Issue.record("no build steps")
            return
        }
        let script = try #require(steps.first { $0["name"]?.scalarText == "Install KaTeX when a post has math" }?["run"]?.scalarText)
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21", body: body)])
        defer { site.remove() }
        // Through a close-on-exec descriptor: not inherited, open for writing, by a process
        // another test starts meanwhile, which would make running it fail ("Text file busy").
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try SnippetFixtures.writeScript("#!/bin/sh\necho \"$@\" >> \"$(dirname \"$0\")/../apt-get.log\"\n",
                                        to: site.root.appendingPathComponent("bin/apt-get"))
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-e", "-c", script]
        bash.currentDirectoryURL = site.root
        bash.environment = ["PATH": site.root.appendingPathComponent("bin").path + ":/usr/bin:/bin"]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
        let log = try? String(contentsOf: site.root.appendingPathComponent("apt-get.log"), encoding: .utf8)
        #expect(log == (installs ? "install -y -qq katex\n" : nil))
    }
}
