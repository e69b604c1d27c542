import Foundation
@testable import Import
import Testing
@testable import TestSupport

/// `sitegen import` as a user runs it: exit codes, the report on stdout, errors on stderr
/// with `file:line:col`, and the destination folder either complete or not there.
@Suite("sitegen import command")
struct ImportCommandTests {
    typealias Run = SitegenProcess.Run

    static func run(_ arguments: [String], in folder: URL? = nil) throws -> Run {
        try SitegenProcess.run(["import"] + arguments, in: folder)
    }

    @Test func importsAndPrintsTheReport() throws {
        let source = ImportFixtures.folder(ImportFixtures.jekyll, binary: ImportFixtures.jekyllBinary)
        let work = ImportFixtures.folder(["placeholder": ""])
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: work) }
        let run = try Self.run(["jekyll", source.path], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Imported a Jekyll site from \(source.path) into "))
        #expect(run.stdout.contains("6 posts, 1 draft, 3 pages, 5 files\n"))
        #expect(run.stdout.contains("  3  {% highlight %} → fenced code block\n"))
        #expect(run.stdout.contains("Content/posts/swift/2017-04-24-viper.md:11:1  {% highlight swift %}  (never closed by {% endhighlight %}"))
        #expect(run.stdout.hasSuffix("Next: cd \(source.lastPathComponent)-sitegen && sitegen build\n"))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(source.lastPathComponent + "-sitegen/Content/site.yml").path),
                "DIR defaults to ./<name of SRC>-sitegen")
    }

    @Test func jsonFormat() throws {
        let source = ImportFixtures.folder(ImportFixtures.hugo, binary: ImportFixtures.hugoBinary)
        let destination = source.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: destination) }
        let run = try Self.run(["hugo", source.path, destination.path, "--format", "json"])
        #expect(run.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(json?["generator"] as? String == "hugo")
        #expect((json?["imported"] as? [String: Int])?["posts"] == 4)
        let converted = json?["converted"] as? [[String: Any]] ?? []
        #expect(converted.contains { $0["kind"] as? String == "ref-to-link" && $0["count"] as? Int == 3 })
    }

    @Test func badInputExitsWithOneNamesThePlaceAndWritesNothing() throws {
        let source = ImportFixtures.folder(["_config.yml": "title: Blog\npermalink: \"/:title\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\n"])
        let destination = source.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: source) }
        let run = try Self.run(["jekyll", source.path, destination.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("_config.yml:2:12: error: YAML: a quoted scalar opened here is never closed\npermalink: \"/:title\n           ^\n"))
        #expect(run.stderr.contains("sitegen import: nothing was written to \(destination.path)"))
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func aNonEmptyDestinationIsRefused() throws {
        let source = ImportFixtures.folder(["_posts/2020-01-01-a.md": "---\ntitle: A\n---\n"])
        let destination = ImportFixtures.folder(["notes.txt": "mine"])
        defer { try? FileManager.default.removeItem(at: source); try? FileManager.default.removeItem(at: destination) }
        let run = try Self.run(["jekyll", source.path, destination.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(destination.path): error: is not empty: import into a new or empty folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["notes.txt"])
    }

    @Test func wrongCommandLinesExitWithTwo() throws {
        let misspelt = try Self.run(["jekyl", "/tmp"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("cannot import 'jekyl' (did you mean 'jekyll'?)"))
        #expect(try Self.run([]).status == 2)
        #expect(try Self.run(["hugo"]).status == 2)
        #expect(try Self.run(["hugo", "a", "b", "--format", "xml"]).status == 2)
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("sitegen import jekyll|hugo SRC [DIR]"))
        let overview = try SitegenProcess.run(["--help"])
        #expect(overview.stdout.contains("  import "))
    }

    /// An old URL the imported site does not answer makes the exit code 1, unless
    /// --allow-url-changes; the report says which and why, and the site is written all the same.
    @Test func anOldURLThatDoesNotAnswerFailsTheImportUnlessAllowed() throws {
        // Flow-style front matter takes no added keys: the page cannot get the slug that keeps its URL.
        let files = ["_config.yml": "title: Notes\n", "about.md": "---\n{title: About, permalink: /about-me/}\n---\nAbout.\n",
                     "_posts/2020-01-02-a.md": "---\ntitle: A\n---\nText.\n"]
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: source) }
        for allowed in [false, true] {
            let destination = source.appendingPathExtension(allowed ? "allowed" : "strict")
            defer { try? FileManager.default.removeItem(at: destination) }
            let run = try Self.run(["jekyll", source.path, destination.path] + (allowed ? ["--allow-url-changes"] : []))
            #expect(run.status == (allowed ? 0 : 1), "\(run.stderr)")
            #expect(run.stdout.contains("""
                  /about-me/ does not answer: Content/pages/about.md is at /about/, and nothing redirects from /about-me/ (from about.md, permalink /about-me/ (front matter))
                old URLs: 1 of 2 answer
                """))
            #expect(run.stderr.contains("--allow-url-changes") == !allowed)
            #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent("Content/pages/about.md").path))
        }
        let json = try Self.run(["jekyll", source.path, source.appendingPathExtension("json").path, "--format", "json", "--allow-url-changes"])
        defer { try? FileManager.default.removeItem(at: source.appendingPathExtension("json")) }
        let oldURLs = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["oldURLs"] as? [String: Any]
        #expect(oldURLs?["checked"] as? Int == 2 && oldURLs?["answered"] as? Int == 1)
        let help = try Self.run(["--help"])
        #expect(help.stdout.contains("--allow-url-changes"))
    }

    /// docs/import.md names every kind of change by the id `--format json` gives it.
    @Test func theDocsNameEveryConversion() throws {
        let docs = try String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("docs/import.md"), encoding: .utf8)
        for conversion in Conversion.allCases {
            #expect(docs.contains("`\(conversion.rawValue)`"), "docs/import.md does not name \(conversion.rawValue)")
        }
    }
}
