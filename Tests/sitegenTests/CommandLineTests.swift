import Foundation
import Testing
@testable import TestSupport

/// The `sitegen` executable as a user runs it: exit codes, streams, help and colour.
@Suite("sitegen command line")
struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try SitegenProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("sitegen "))
        let help = try SitegenProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("build"))
        let buildHelp = try SitegenProcess.run(["build", "--help"])
        #expect(buildHelp.status == 0)
        for option in ["--site", "--output", "--drafts", "--quiet"] {
            #expect(buildHelp.stdout.contains(option))
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        let noCommand = try SitegenProcess.run([])
        #expect(noCommand.status == 2)
        let unknown = try SitegenProcess.run(["biuld"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'build'?"))
        #expect(unknown.stdout.isEmpty)
        let badOption = try SitegenProcess.run(["build", "--draft"])
        #expect(badOption.status == 2)
        #expect(badOption.stderr.contains("unknown option '--draft'"))
        let missingValue = try SitegenProcess.run(["build", "--site"])
        #expect(missingValue.status == 2)
    }

    @Test func contentErrorsExitWithOneAndNameFileLineColumn() throws {
        let site = FixtureSite(["Content/posts/a.md": "---\ntitle: A\ndate: 2017-04-31\n---\n"])
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Content/posts/a.md:3:7: error: 'date' is not a valid date: '2017-04-31'"))
        #expect(run.stderr.contains("date: 2017-04-31\n      ^"), "the line and a caret under the column")
        #expect(!run.stderr.contains("\u{1B}["), "no colour when stderr is not a terminal")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func templateErrorsExitWithOneAndPointAtTheTag() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        site.write("Content/templates/post.mustache", "{{<base}}{{$main}}\n  {{#post}}\n{{/main}}{{/base}}\n")
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Content/templates/post.mustache:3:1: error: closing tag 'main' does not match open section 'post' at 2:3\n{{/main}}{{/base}}\n^"))
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func buildPrintsOneSummaryLine() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        let run = try SitegenProcess.run(["build"], in: site.root)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Built 7 pages (1 post)") == true)
        #expect(site.exists("posts/a/index.html"))
        let quiet = try SitegenProcess.run(["build", "--quiet", "--site", site.root.path])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty)
    }

    @Test func outputOptionAndRefusal() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-04-21")])
        defer { site.remove() }
        let elsewhere = site.root.appendingPathComponent("public")
        let ok = try SitegenProcess.run(["build", "--site", site.root.path, "--output", elsewhere.path])
        #expect(ok.status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("posts/a/index.html").path))
        site.write("Notes/todo.txt", "mine")
        let refused = try SitegenProcess.run(["build", "--site", site.root.path, "--output", site.root.appendingPathComponent("Notes").path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("was not made by sitegen"))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Notes/todo.txt").path))
        let inside = try SitegenProcess.run(["build", "--site", site.root.path, "--output", site.root.appendingPathComponent("Content").path])
        #expect(inside.status == 1)
        #expect(inside.stderr.contains("inside Content/"))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Content/posts/a.md").path))
    }

    /// `script` gives the process a pseudo-terminal, as a user's shell would.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is not installed: no terminal to test colour on"))
    func colourOnATerminalUnlessNoColor() throws {
        let site = FixtureSite(["Content/posts/a.md": "---\ntitle: [\n---\n"])
        defer { site.remove() }
        let command = "\(SitegenProcess.executable.path) build --site \(site.root.path)"
        let coloured = try SitegenProcess.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script", environment: ["TERM": "xterm"])
        #expect(coloured.status == 1)
        #expect(coloured.stdout.contains("\u{1B}[1;31merror:"))
        let plain = try SitegenProcess.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script", environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("error:"))
        #expect(!plain.stdout.contains("\u{1B}["))
    }

    @Test func missingContentFolderIsExplained() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = try SitegenProcess.run(["build"], in: empty)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no Content/ folder"))
    }
}
