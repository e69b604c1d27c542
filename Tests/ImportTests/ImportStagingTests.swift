import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Issue 22, finding 9: an import killed with `kill -9` left its staging folder
/// (`.DIR.sitegen-import-PID`, beside DIR) and the next import did not remove it. An import
/// now marks its staging folder and removes the marked ones of imports that are gone, as a
/// build does with its own (``StaleFolders``).
@Suite("Import: staging folders of killed imports", .serialized)
struct ImportStagingTests {
    static let source = ["_config.yml": "title: Notes\n", "_posts/2024-01-01-a.md": "---\ntitle: A\n---\nText.\n"]

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-\(name)-\(UUID().uuidString)")
    }

    /// Runs `script` in `sh` with `arguments` ($1, $2, …) and returns what it printed; the
    /// script may end by killing itself.
    static func shell(_ script: String, _ arguments: [String]) throws -> (output: String, process: Process) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), process)
    }

    /// A staging folder as an import killed in the middle of writing leaves it: made, marked
    /// and half filled by a process that then gets SIGKILL.
    static func killedImportsFolder(beside destination: URL) throws -> URL {
        let script = """
            folder="$1/.$2.sitegen-import-$$"
            mkdir -p "$folder/site/Content/posts" && : > "$folder/.sitegen-import" && echo half > "$folder/site/Content/posts/a.md"
            echo "$folder"
            kill -9 $$
            """
        let (path, process) = try shell(script, [destination.deletingLastPathComponent().path, destination.lastPathComponent])
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(FileManager.default.fileExists(atPath: path + "/site/Content/posts/a.md"))
        return URL(fileURLWithPath: path)
    }

    /// The id of a process that has ended.
    static func endedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func anImportRemovesTheStagingFolderAKilledImportLeft() throws {
        let parent = Self.temporary("staging")
        let source = ImportFixtures.folder(Self.source)
        defer { try? FileManager.default.removeItem(at: parent); try? FileManager.default.removeItem(at: source) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let destination = parent.appendingPathComponent("blog")
        let killed = try Self.killedImportsFolder(beside: destination)
        // Kept: the folder of an import still running (a live process's id), one that is not
        // sitegen's (no marker, something in it), and one beside another destination.
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let running = parent.appendingPathComponent(".blog.sitegen-import-\(sleeper.processIdentifier)")
        let foreign = parent.appendingPathComponent(".blog.sitegen-import-\(try Self.endedProcessID())")
        let other = try Self.killedImportsFolder(beside: parent.appendingPathComponent("other"))
        for folder in [running, foreign] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: running.appendingPathComponent(".sitegen-import").path, contents: Data())

        _ = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()

        #expect(!FileManager.default.fileExists(atPath: killed.path), "the killed import's folder is removed")
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent("Content/posts/2024-01-01-a.md").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(left == [running.lastPathComponent, foreign.lastPathComponent, other.lastPathComponent, "blog"].sorted(),
                "the import's own staging folder is gone too")
    }

    @Test func anImportThatFailsRemovesItToo() throws {
        let parent = Self.temporary("staging")
        let source = ImportFixtures.folder(["_config.yml": "title: [unclosed\n"])
        defer { try? FileManager.default.removeItem(at: parent); try? FileManager.default.removeItem(at: source) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let destination = parent.appendingPathComponent("blog")
        let killed = try Self.killedImportsFolder(beside: destination)
        #expect(throws: DiagnosticsError.self) {
            _ = try SiteImporter(options: .init(generator: .jekyll, source: source, destination: destination)).run()
        }
        #expect(!FileManager.default.fileExists(atPath: killed.path))
    }

    /// The real thing: `sitegen import` killed with SIGKILL while it writes, then run again.
    @Test func aRealImportKilledWhileWritingIsCleanedUpByTheNext() throws {
        let parent = Self.temporary("staging")
        var files = Self.source
        for index in 0..<3000 { files["_posts/2023-01-01-post-\(index).md"] = "---\ntitle: Post \(index)\n---\n" + String(repeating: "Some text. ", count: 100) + "\n" }
        let source = ImportFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: parent); try? FileManager.default.removeItem(at: source) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let destination = parent.appendingPathComponent("blog")
        let process = Process()
        process.executableURL = SitegenProcess.executable
        process.arguments = ["import", "jekyll", source.path, destination.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let staging = parent.appendingPathComponent(".blog.sitegen-import-\(process.processIdentifier)/site/Content")
        var caught = false
        while process.isRunning {
            if FileManager.default.fileExists(atPath: staging.path) {
                kill(process.processIdentifier, SIGKILL)
                caught = true
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        try #require(caught, "the import ended before its staging folder was seen; nothing to test")
        #expect(process.terminationReason == .uncaughtSignal)
        let leftover = staging.deletingLastPathComponent().deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: leftover.path), "the killed import left its staging folder")
        #expect(!FileManager.default.fileExists(atPath: destination.path))

        let run = try SitegenProcess.run(["import", "jekyll", source.path, destination.path])
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: leftover.path), "the next import removed it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["blog"])
    }
}
