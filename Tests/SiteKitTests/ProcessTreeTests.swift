import Foundation
import Testing
@testable import Support
@testable import TestSupport

/// The helper that keeps a program's whole process tree within reach (`sitegen
/// __process-tree`), alone: exit statuses and signals come through, and what the program
/// left behind, in a session of its own or not, is gone when it returns.
@Suite("Process trees", .enabled(if: ProcessTree.helper != nil, "no sitegen executable beside the tests (Linux only)"))
struct ProcessTreeTests {
    static let folder = FileManager.default.temporaryDirectory

    static func contained(_ script: String, timeout: TimeInterval = 30) -> ProcessResult {
        let command = ProcessTree.contained(["/bin/sh", "-c", script], helper: ProcessTree.helper!)
        return ProcessRunner.run(command[0], Array(command.dropFirst()), in: folder, environment: [:], timeout: timeout, gracePeriod: 1)
    }

    @Test func theProgramsStatusSignalAndOutputComeThrough() {
        let exited = Self.contained("echo out; echo err >&2; exit 3")
        #expect(exited.ending == .exited(3))
        #expect(exited.stdout == "out\n" && exited.stderr == "err\n")
        #expect(Self.contained("kill -SEGV $$").ending == .signalled(SIGSEGV))
        #expect(Self.contained("kill -KILL $$").ending == .signalled(SIGKILL))
    }

    @Test func whatTheProgramLeftIsKilledAtItsEndAndAtItsTimeout() throws {
        for (script, timeout) in [("", 30.0), ("; trap '' TERM; while :; do sleep 0.1; done", 1.0)] {
            let marker = Self.folder.appendingPathComponent("sitegen-tree-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: marker) }
            // A session of its own that ignores SIGTERM, and a plain background child.
            let result = Self.contained("setsid sh -c 'trap \"\" TERM; echo $$ >> \(marker.path); exec sleep 45' & sleep 45 & echo $! >> \(marker.path); "
                + "while [ $(wc -l < \(marker.path)) -lt 2 ]; do sleep 0.05; done\(script)", timeout: timeout)
            #expect(timeout > 1 ? result.ending == .exited(0) : result.ending == .timedOut(seconds: 1), "\(result.ending)")
            let pids = try String(contentsOf: marker, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
            #expect(pids.count == 2)
            Thread.sleep(forTimeInterval: 0.5)
            for pid in pids {
                #expect(!ProcessTable.isAlive(pid), "\(pid) outlived the program")
                if ProcessTable.isAlive(pid) { kill(pid, SIGKILL) }
            }
        }
    }

    @Test func theParentIsReadAfterTheLastParenthesisOfTheCommand() {
        #expect(ProcessTree.parentInStat(ArraySlice(Array("12 (a) b) (c) S 7 12 12 0".utf8))) == 7)
        #expect(ProcessTree.descendants(of: 1, in: [2: 1, 3: 2, 4: 3, 5: 9]).sorted() == [2, 3, 4])
    }
}
