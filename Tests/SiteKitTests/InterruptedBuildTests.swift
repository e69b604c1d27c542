import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Builds stopped by Ctrl-C, SIGTERM or kill -9 at any moment: no staging folder is left
/// for good, the output is the old site or the new one, and the messages say what happened.
@Suite("Interrupted builds", .serialized)
struct InterruptedBuildTests {
    /// Enough highlighted posts that a build takes a few seconds, so it can be caught mid-render.
    static func largeSite(posts: Int = 1_200) -> FixtureSite {
        let code = "```swift\n" + String(repeating: "let value: Array<Int> = [1, 2, 3].map { $0 * 2 } // \"twice\"\n", count: 40) + "```\n"
        let body = String(repeating: "A paragraph with *emphasis* and `code`.\n\n", count: 20) + code
        return FixtureSite(Dictionary(uniqueKeysWithValues: (0..<posts).map { index in
            ("Content/posts/p\(index).md", FixtureSite.post("title: Post \(index)\ndate: 2017-01-01\ntags: [a\(index % 50), b]", body: body))
        }))
    }

    static func stagingFolders(_ site: FixtureSite) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.root.path)) ?? []).filter { $0.hasPrefix(".Output.sitegen-") }.sorted()
    }

    /// Starts `sitegen build`, and once its staging folder holds rendered posts, sends `signal`;
    /// returns how the process ended.
    static func interruptMidRender(_ site: FixtureSite, with signal: Int32) throws -> Process {
        let process = Process()
        // Every signal's default action, as from a user's shell (the test runner ignores some).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", SitegenProcess.executable.path, "build", "--quiet", "--site", site.root.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let rendered = site.root.appendingPathComponent(".Output.sitegen-new-\(process.processIdentifier)/posts").path
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && !FileManager.default.fileExists(atPath: rendered) && Date() < deadline {
            usleep(500)
        }
        guard process.isRunning else {
            Issue.record("the build ended before it could be interrupted; make the fixture larger")
            return process
        }
        usleep(20_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }

    @Test func theStagingFolderOfAKilledBuildIsRemovedByTheNextBuild() throws {
        let site = Self.largeSite()
        defer { site.remove() }
        let killed = try Self.interruptMidRender(site, with: SIGKILL)
        #expect(killed.terminationReason == .uncaughtSignal)
        #expect(Self.stagingFolders(site).count == 1, "kill -9 leaves it, necessarily")
        _ = try site.build()
        #expect(Self.stagingFolders(site).isEmpty, "the next build removes it")
        #expect(site.exists("posts/p0/index.html"))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedBuildRemovesItsStagingFolderAndLeavesTheOutput(_ signal: Int32) throws {
        let site = Self.largeSite()
        defer { site.remove() }
        _ = try site.build()
        let before = site.outputSnapshot()
        site.write("Content/posts/p0.md", FixtureSite.post("title: Changed\ndate: 2017-01-01"))
        let interrupted = try Self.interruptMidRender(site, with: signal)
        #expect(interrupted.terminationStatus != 0)
        #expect(Self.stagingFolders(site).isEmpty, "removed before exiting")
        #expect(site.outputSnapshot() == before)
    }

    /// A pid that no process has now: one that has just exited.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// kill -9 between the two renames of a swap used to leave no `Output/`, and the next
    /// failed build deleted both saved copies while it said the output was not changed.
    @Test func aKillBetweenTheRenamesOfASwapIsRepairedByTheNextBuild() throws {
        let site = FixtureSite(BuildTests.twoPosts.merging(
            ["Content/posts/broken.md": FixtureSite.post("title: Broken\ndate: 2017-06-01", body: "[gone](/nowhere/)\n")]) { $1 })
        defer { site.remove() }
        let pid = try Self.deadPID()
        site.write(".Output.sitegen-old-\(pid)/\(OutputWriter.markerName)", "")
        site.write(".Output.sitegen-old-\(pid)/index.html", "the published site")
        site.write(".Output.sitegen-new-\(pid)/\(OutputWriter.markerName)", "")
        site.write(".Output.sitegen-new-\(pid)/index.html", "the new site, never swapped in")
        let run = try TimedRun.sitegen(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(site.read("index.html") == "the published site", "the saved copy is put back")
        #expect(run.stderr.contains("restored"), "\(run.stderr)")
        #expect(!run.stderr.contains("was not changed"), "the build put the output folder back: \(run.stderr)")
        #expect(Self.stagingFolders(site).isEmpty)
    }

    /// The swap exchanges the two folders in one step where the file system can (Linux's
    /// renameat2), so a reader never finds the output folder missing.
    @Test func aReaderAlwaysFindsTheOutputFolderDuringSwaps() throws {
        let site = FixtureSite(BuildTests.twoPosts)
        defer { site.remove() }
        _ = try site.build()
        let watcher = MissingFolderWatcher(path: site.output.path)
        for _ in 0..<40 { _ = try site.build() }
        #expect(watcher.stop() == 0, "times the output folder was missing")
    }
}

/// Checks, as fast as it can on a thread of its own, whether a folder exists.
final class MissingFolderWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var misses = 0
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread.detachNewThread { [self] in
            var missing = 0
            while !lock.withLock({ stopped }) {
                for _ in 0..<1_000 where access(path, F_OK) != 0 { missing += 1 }
            }
            lock.withLock { misses = missing }
            done.signal()
        }
    }

    /// Stops watching; how many checks found the folder missing.
    func stop() -> Int {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { misses }
    }
}
