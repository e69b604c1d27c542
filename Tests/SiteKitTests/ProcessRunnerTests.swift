import Foundation
import Testing
@testable import Support
@testable import TestSupport

/// The process runner every tool sitegen starts goes through (swiftc, `run` programs, node):
/// no wait past the time limit, no stream held past its cap, nothing left running.
@Suite("Process runner")
struct ProcessRunnerTests {
    static let folder = FileManager.default.temporaryDirectory

    @Test func outputAndStatusOfAProcessThatExits() {
        let result = ProcessRunner.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], in: Self.folder)
        #expect(result.ending == .exited(3))
        #expect(result.stdout == "out\n")
        #expect(result.stderr == "err\n")
        #expect(result.endingDescription == "exited with status 3")
    }

    @Test func aProcessIgnoringSIGTERMIsKilledAtTheTimeLimitAndReportedAsATimeout() {
        let start = Date()
        let result = ProcessRunner.run("/bin/sh", ["-c", "trap '' TERM; while :; do sleep 0.1; done"], in: Self.folder,
                                       timeout: 0.5, gracePeriod: 0.5)
        #expect(result.ending == .timedOut(seconds: 0.5))
        #expect(result.endingDescription == "timed out after 0.5 s", "a timeout, never 'exited with status -1'")
        #expect(Date().timeIntervalSince(start) < 5, "SIGKILL after the grace period")
    }

    @Test func backgroundChildrenDieWithTheProcess() throws {
        let pidFile = Self.folder.appendingPathComponent("runner-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let start = Date()
        // The child keeps the output pipe open: the runner must not wait for it.
        let result = ProcessRunner.run("/bin/sh", ["-c", "sleep 60 & echo $! > \(pidFile.path); exit 0"], in: Self.folder)
        #expect(result.ending == .exited(0))
        #expect(Date().timeIntervalSince(start) < 5)
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var alive = ProcessTable.isAlive(pid)
        for _ in 0..<20 where alive {
            usleep(50_000)
            alive = ProcessTable.isAlive(pid)
        }
        #expect(!alive, "the background sleep was killed with its process group")
    }

    @Test func outputPastTheCapIsCutAndTheProcessStopped() {
        let start = Date()
        let result = ProcessRunner.run("/usr/bin/yes", [], in: Self.folder, timeout: 30, outputLimit: 64 << 10)
        #expect(result.ending == .outputCapped(bytes: 64 << 10))
        #expect(result.stdout.utf8.count == 64 << 10)
        #expect(result.endingDescription == "printed more than 64 KiB and was stopped (output cut there)")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func anEmptyEnvironmentIsEmpty() {
        let result = ProcessRunner.run("/usr/bin/env", [], in: Self.folder, environment: [:])
        #expect(result.ending == .exited(0))
        #expect(result.stdout == "")
    }

    @Test func standardInputComesFromTheGivenBytes() throws {
        let folder = Self.folder.appendingPathComponent("runner-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ProcessRunner.run("/bin/cat", [], in: folder, input: Data("hello".utf8))
        #expect(result.stdout == "hello")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "the input file is removed")
    }

    @Test func aMissingExecutableIsReportedNotRun() {
        let result = ProcessRunner.run("/nonexistent/tool", [], in: Self.folder)
        guard case .couldNotStart = result.ending else { Issue.record("expected couldNotStart, got \(result.ending)"); return }
        #expect(result.status == -1)
    }
}
