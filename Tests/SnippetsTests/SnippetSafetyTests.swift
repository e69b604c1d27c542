import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// check-snippets on posts that may come from a pull request: no file of the machine in the
/// report, no hang, no runaway output, `run` programs boxed in.
@Suite("Snippets: safety and limits", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetSafetyTests {
    static func check(_ site: FixtureSite, toolchain: SwiftToolchain? = nil,
                      _ configure: (inout SnippetChecker.Options) -> Void = { _ in }) throws -> SnippetReport {
        var options = SnippetChecker.Options(siteRoot: site.root, cacheFolder: site.root.appendingPathComponent(".sitegen-cache/snippets"),
                                             toolchain: toolchain ?? SnippetFixtures.toolchain!)
        configure(&options)
        return try SnippetChecker(options: options).check()
    }

    /// A stand-in for swiftc: a shell script that answers `--version` and otherwise runs `body`.
    static func fakeCompiler(_ body: String) throws -> (toolchain: SwiftToolchain, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fake-swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("swiftc")
        try SnippetFixtures.writeScript("#!/bin/sh\ncase \"$1\" in --version) echo 'Swift version 0.1 (fake)'; exit 0;; esac\n\(body)\n", to: script)
        return (SwiftToolchain(swiftc: script.path, identity: "fake \(UUID().uuidString)"), folder)
    }

    static func messages(_ report: SnippetReport) -> [String] {
        report.results.flatMap { result -> [String] in
            guard case .failed(let diagnostics) = result.outcome else { return [] }
            return diagnostics.map(\.headline)
        }
    }

    @Test func aBlockMayNotSayWhichFileItsLinesAreIn() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            let fine = 1
            ```

            ```swift isolated
            let before = 0
              #sourceLocation(file: "/etc/passwd", line: 5)
            let a: Int = "x"
            ```

            ```swift isolated
            #line 5 "/etc/passwd"
            let b: Int = "x"
            ```

            ```swift skip(explains the directive; never compiled)
            #sourceLocation(file: "other.swift", line: 1)
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(Self.messages(report) == [
            "Content/posts/p.md:12:3: error: a snippet may not contain #sourceLocation or a #line directive: check-snippets maps lines to the post itself, and a directive could make the report show any file of this machine",
            "Content/posts/p.md:17:1: error: a snippet may not contain #sourceLocation or a #line directive: check-snippets maps lines to the post itself, and a directive could make the report show any file of this machine",
        ])
        #expect(report.summaryLine == "1 passed, 2 failed, 1 skipped, 0 not proven")
    }

    @Test func thePreludeAndTheStubsMayNotEither() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        site.write("Content/snippets/prelude.swift", "import Foundation\n#sourceLocation(file: \"/etc/passwd\", line: 1)\n")
        do {
            _ = try Self.check(site)
            Issue.record("a prelude with #sourceLocation was compiled")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.headlines == ["Content/snippets/prelude.swift:2:1: error: \(LineDirective.message)"])
        }
        site.write("Content/snippets/prelude.swift", "import Foundation\n")
        site.write("Content/snippets/stubs/UIKit/UIKit.swift", "public class UIView {}\n  #line 1 \"/etc/shadow\"\n")
        do {
            _ = try Self.check(site)
            Issue.record("a stub with a #line directive was compiled")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.headlines == ["Content/snippets/stubs/UIKit/UIKit.swift:2:3: error: \(LineDirective.message)"])
        }
    }

    @Test func diagnosticsNamingAFileOutsideThePostAreNeitherReadNorEchoed() throws {
        let fake = try Self.fakeCompiler("echo '/etc/passwd:1:1: error: leaked line' >&2\necho 'main.swift:3:1: error: in the generated file' >&2\nexit 1")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        let report = try Self.check(site, toolchain: fake.toolchain)
        #expect(Self.messages(report) == [
            "Content/posts/p.md:6:1: error: the compiler reported an error in a file that is not part of the post (not shown)",
            "Content/posts/p.md:6:1: error: the compiler reported an error in the generated source: in the generated file",
        ])
        let run = try SitegenProcess.run(["check-snippets", "--site", site.root.path], environment: ["SWIFTC": fake.toolchain.swiftc])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("passwd") && !run.stderr.contains("root:"), "\(run.stderr)")
    }

    @Test func aCompileRunningPastTheTimeoutIsStoppedEvenIgnoringSIGTERMAndNeverCached() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fake-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let fake = try Self.fakeCompiler("sleep 120 &\necho $! >> \(marker.path)\ntrap '' TERM\nwhile :; do sleep 0.1; done")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n\n```swift\nlet b = a\n```\n")
        defer { site.remove() }
        let start = Date()
        let report = try Self.check(site, toolchain: fake.toolchain) { $0.timeout = 1 }
        #expect(Date().timeIntervalSince(start) < 15, "SIGTERM ignored: SIGKILL after the grace period")
        // The wall clock stops a compiler that waits without working, after 4 × --timeout.
        #expect(Self.messages(report) == ["Content/posts/p.md:6:1: error: the compiler timed out after 4 s while checking program `main` (not cached)"])
        #expect(report.results.last?.isNotProven == true)
        for line in try String(contentsOf: marker, encoding: .utf8).split(separator: "\n") {
            #expect(!ProcessTable.isAlive(Int32(line) ?? 0), "the compiler's background child was killed with it")
        }
        let again = try Self.check(site, toolchain: fake.toolchain) { $0.timeout = 1 }
        #expect(again.compilerProcesses == 1, "a timeout is never a cached result")
        #expect(!again.fromManifest)
    }

    /// Issue 27, finding 1: a failure of the machine (here a module cache the compiler cannot
    /// use) is reported, and never cached as the block's result.
    @Test func aFailureOfTheMachineIsReportedAndNeverCached() throws {
        let fake = try Self.fakeCompiler("""
            echo "<unknown>:0: error: precompiled file '/b/SwiftShims-1.pcm' was compiled with module cache path '/a', but the path is currently '/b' [error_from_clang]" >&2
            echo "<unknown>:0: error: missing required module 'SwiftShims' [serialization_missing_single_dependency]" >&2
            exit 1
            """)
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        let report = try Self.check(site, toolchain: fake.toolchain)
        let messages = Self.messages(report)
        #expect(messages.count == 1 && messages[0].hasPrefix("Content/posts/p.md:6:1: error: the compiler failed for a reason of this machine, not of the code"), "\(messages)")
        #expect(messages.first?.hasSuffix("while checking program `main` (not cached)") == true)
        let again = try Self.check(site, toolchain: fake.toolchain)
        #expect(again.compilerProcesses == 1 && !again.fromManifest, "compiled again: the failure was not the block's")
    }

    /// Issue 27, finding 8: under load, compiles passed the 60 s wall limit and were
    /// reported as failures. --timeout counts the compiler's CPU time: waiting costs nothing.
    @Test func theTimeoutCountsCPUTimeNotWallTime() throws {
        let slow = try Self.fakeCompiler("sleep 3\nexit 0")
        defer { try? FileManager.default.removeItem(at: slow.folder) }
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        let waited = try Self.check(site, toolchain: slow.toolchain) { $0.timeout = 2 }
        #expect(waited.summaryLine == "1 passed, 0 failed, 0 skipped, 0 not proven", "3 s on the wall clock, no CPU: \(Self.messages(waited))")
        let busy = try Self.fakeCompiler("while :; do :; done")
        defer { try? FileManager.default.removeItem(at: busy.folder) }
        let start = Date()
        let spun = try Self.check(site, toolchain: busy.toolchain) { $0.timeout = 2 }
        #expect(Date().timeIntervalSince(start) < 30)
        // The CPU limit stops it; on a machine so loaded that the loop cannot get 2 s of CPU in
        // 8 s, the wall-clock backstop (4 × the limit) does. Either way it is stopped, never cached.
        let stopped = Self.messages(spun)
        #expect(stopped == ["Content/posts/p.md:6:1: error: the compiler used more than 2 s of CPU time while checking program `main` (not cached)"]
                || stopped == ["Content/posts/p.md:6:1: error: the compiler timed out after 8 s while checking program `main` (not cached)"], "\(stopped)")
        let again = try Self.check(site, toolchain: busy.toolchain) { $0.timeout = 2 }
        #expect(again.compilerProcesses == 1, "never cached")
    }

    /// Issue 27, finding 1: a compiler that cannot start is the machine's failure, not the
    /// block's: reported, never cached.
    @Test func aCompilerThatCannotStartIsReportedAndNeverCached() throws {
        let missing = SwiftToolchain(swiftc: "/nonexistent-\(UUID().uuidString)/swiftc", identity: "missing \(UUID().uuidString)")
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        let report = try Self.check(site, toolchain: missing)
        let messages = Self.messages(report)
        #expect(messages.count == 1 && messages[0].hasPrefix("Content/posts/p.md:6:1: error: the compiler could not be started: "), "\(messages)")
        let again = try Self.check(site, toolchain: missing)
        #expect(again.compilerProcesses == 1 && !again.fromManifest)
    }

    @Test func theTypeCheckerGivesUpOnAnExpressionBeforeTheTimeout() throws {
        let arguments = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fake-args-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: arguments) }
        let fake = try Self.fakeCompiler("echo \"$@\" > \(arguments.path)")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n")
        defer { site.remove() }
        _ = try Self.check(site, toolchain: fake.toolchain) { $0.timeout = 60 }
        // A type-checker bomb becomes an error at its expression, long before the timeout.
        #expect(try String(contentsOf: arguments, encoding: .utf8).contains("-Xfrontend -solver-expression-time-threshold=30"))
    }

    @Test func runProgramsRunInAFreshFolderWithAnEmptyEnvironmentAndAWarningWithoutASandbox() throws {
        let site = SnippetFixtures.site(body: """
            ```swift run
            import Foundation
            let folder = FileManager.default.currentDirectoryPath
            print(ProcessInfo.processInfo.environment.isEmpty)
            print(folder.hasPrefix("\(FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-run-").path)"))
            ```
            ```output
            true
            true
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site) { $0.isolation = .none("bwrap was left out by the test") }
        #expect(report.failed == 0, "\(Self.messages(report))")
        #expect(report.warnings == ["`run` blocks ran without a sandbox, with your rights: bwrap was left out by the test; use --no-run or `snippets: { run: false }` for untrusted posts"])
    }

    /// The processes running `setsid sh -c "trap '' TERM; sleep 45"`'s `sh` and `sleep` in
    /// `folder` (children keep the program's working folder), by PID: only this test's.
    static func setsidProcesses(in folder: String) -> [Int32: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var found: [Int32: String] = [:]
        for name in names {
            guard let pid = Int32(name), ProcessTable.isAlive(pid),
                  let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/cwd"),
                  cwd == folder || cwd == folder + " (deleted)",
                  let bytes = FileHandle(forReadingAtPath: "/proc/\(name)/cmdline")?.readDataToEndOfFile() else { continue }
            let command = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}").joined(separator: " ")
            if command == "sleep 45" || command == "sh -c trap '' TERM; sleep 45" { found[pid] = command }
        }
        return found
    }

    /// Checks a `run` block (`body`, given where to write its working folder) without a
    /// sandbox on another thread, noting the PIDs of the `sh` and `sleep` it starts while it
    /// runs; then, a second after the check returned, which of them are still alive.
    static func survivors(of body: (String) -> String, runTimeout: TimeInterval = 10) throws
        -> (report: SnippetReport, seen: [Int32: String], alive: [Int32: String]) {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-setsid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let site = SnippetFixtures.site(body: body(marker.path))
        defer { site.remove() }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<SnippetReport, any Error>?
        Thread.detachNewThread {
            outcome = Result { try Self.check(site) { $0.isolation = .none("bwrap was left out by the test"); $0.runTimeout = runTimeout } }
            done.signal()
        }
        var seen: [Int32: String] = [:]
        var folder: String?
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            if folder == nil { folder = try? String(contentsOf: marker, encoding: .utf8) }
            if let folder { seen.merge(Self.setsidProcesses(in: folder)) { old, _ in old } }
        }
        let report = try outcome!.get()
        Thread.sleep(forTimeInterval: 1)
        let alive = seen.filter { ProcessTable.isAlive($0.key) }
        for pid in alive.keys { kill(pid, SIGKILL) }  // what the code before the fix left behind
        return (report, seen, alive)
    }

    /// The block of the finding (it notes its working folder in `marker`), then `then`.
    static func setsidBlock(_ marker: String, then: String) -> String {
        """
        ```swift run
        import Foundation
        try FileManager.default.currentDirectoryPath.write(toFile: "\(marker)", atomically: true, encoding: .utf8)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        shell.arguments = ["sh", "-c", "trap '' TERM; sleep 45"]
        try shell.run()
        \(then)
        ```
        """
    }

    /// Found by trying: without bubblewrap a block that starts `setsid sh -c "trap '' TERM;
    /// sleep 45"` passed, and the `sh` and the `sleep` outlived check-snippets in a session
    /// of their own, out of reach of the group kill.
    @Test func withoutASandboxNothingARunProgramStartedOutlivesItAtItsEndOrTimeoutNotEvenInASessionOfItsOwn() throws {
        let ended = try Self.survivors { Self.setsidBlock($0, then: "Thread.sleep(forTimeInterval: 2)") }
        #expect(ended.report.passed == 1, "\(Self.messages(ended.report))")
        #expect(ended.seen.values.contains("sleep 45"), "the block started its sleep: \(ended.seen)")
        #expect(ended.alive.isEmpty, "still running after check-snippets returned: \(ended.alive)")

        let timedOut = try Self.survivors(of: { Self.setsidBlock($0, then: "while true { Thread.sleep(forTimeInterval: 0.01) }") }, runTimeout: 3)
        #expect(Self.messages(timedOut.report) == ["Content/posts/p.md:6:1: error: the program timed out after 3 s"])
        #expect(timedOut.seen.values.contains("sleep 45"), "the block started its sleep: \(timedOut.seen)")
        #expect(timedOut.alive.isEmpty, "still running after check-snippets returned: \(timedOut.alive)")
    }

    static let hasBubblewrap: Bool = {
        if case .bubblewrap = ProgramSandbox.detect() { return true }
        return false
    }()

    @Test(.enabled(if: hasBubblewrap, "bubblewrap is not installed or cannot make a sandbox here"))
    func inBubblewrapARunProgramHasNoNetworkNoWritableSiteAndNoSecrets() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }
        _ = listen(listener, 4)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &size) } }
        let port = UInt16(bigEndian: address.sin_port)
        let probe = FixtureSite()
        let site = SnippetFixtures.site(body: """
            ```swift run
            import Foundation
            import Glibc
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(\(port)).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
            print("network", connected)
            print("write", FileManager.default.createFile(atPath: "\(probe.root.path)/escaped.txt", contents: Data("x".utf8)))
            print("read", FileManager.default.isReadableFile(atPath: "\(probe.root.path)/Content/site.yml"))
            print("environment", ProcessInfo.processInfo.environment.count)
            ```
            ```output
            network false
            write false
            read false
            environment 0
            ```
            """)
        defer { site.remove(); probe.remove() }
        let report = try Self.check(site)
        #expect(report.failed == 0, "\(Self.messages(report))")
        #expect(report.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: probe.root.appendingPathComponent("escaped.txt").path))
    }

    @Test func aRunProgramIsStoppedAtItsTimeLimitAndNotCached() throws {
        let site = SnippetFixtures.site(body: "```swift run\nwhile true {}\n```\n")
        defer { site.remove() }
        let report = try Self.check(site) { $0.runTimeout = 1 }
        #expect(Self.messages(report) == ["Content/posts/p.md:6:1: error: the program timed out after 1 s"])
        let again = try Self.check(site) { $0.runTimeout = 1 }
        #expect(again.compilerProcesses == 1, "a timeout is never a cached result")
    }

    @Test func aRunProgramPrintingWithoutEndIsCutAtOneMebibyte() throws {
        let site = SnippetFixtures.site(body: "```swift run\nwhile true { print(\"spam spam spam\") }\n```\n")
        defer { site.remove() }
        let report = try Self.check(site)
        #expect(Self.messages(report) == ["Content/posts/p.md:6:1: error: the program printed more than 1 MiB and was stopped (output cut there)"])
    }

    @Test func aRunProgramHasAMemoryLimit() throws {
        let site = SnippetFixtures.site(body: """
            ```swift run
            let bytes = [UInt8](repeating: 1, count: 3 << 30)
            print(bytes.count)
            ```
            """)
        defer { site.remove() }
        let report = try Self.check(site)
        let message = try #require(Self.messages(report).first)
        // Killed (or failed) at the allocation: without the limit it prints the count.
        #expect(message.hasPrefix("Content/posts/p.md:6:1: error: the program ") && !message.contains("printed"), "\(message)")
    }

    @Test func noRunAndTheSiteSettingTypeCheckRunBlocksWithoutRunningThem() throws {
        let body = """
            ```swift run
            print("actual") // Prints "not what it prints"
            ```

            ```swift program=broken run
            let x: Int = "no"
            ```
            """
        let site = SnippetFixtures.site(body: body)
        defer { site.remove() }
        let run = try Self.check(site)
        #expect(run.results.map(\.isFailure) == [true, true], "run, the first block's output is wrong")
        let noRun = try Self.check(site) { $0.runPrograms = false }
        #expect(noRun.results.map(\.isSkipped) == [true, false])
        #expect(noRun.results.map(\.isFailure) == [false, true], "a compile error is still an error")
        guard case .skipped(let reason) = noRun.results[0].outcome else { Issue.record("expected a skip"); return }
        #expect(reason == "compiled, not run: running programs is turned off (--no-run or `snippets: { run: false }`)")
        site.write("Content/site.yml", "title: T\nsnippets:\n  run: false\n")
        #expect(try Self.check(site).results.map(\.isSkipped) == [true, false])
        let command = try SitegenProcess.run(["check-snippets", "--no-run", "--site", site.root.path])
        #expect(command.stdout.contains("skipped Content/posts/p.md:6: compiled, not run"))
    }
    /// A CI run failed with "the program exited with status 126": the program's copy was
    /// written through a descriptor every process started meanwhile (a compile, another
    /// program) inherited, and Linux refuses to execute a file some process holds open for
    /// writing ("Text file busy").
    @Test func aProgramRunsWhileOtherProcessesStartAroundItsCopy() throws {
        let stop = Flag()
        let spawners = (0..<4).map { _ in
            Thread {
                while !stop.isSet {
                    _ = ProcessRunner.run("/bin/sleep", ["0.05"], in: FileManager.default.temporaryDirectory,
                                          environment: [:], timeout: 10, outputLimit: 1024)
                }
            }
        }
        spawners.forEach { $0.start() }
        defer { stop.set() }
        // perl: an executable large enough (3.8 MB) that processes start while it is copied,
        // and that exits 0 at once on an empty input.
        let sandbox = ProgramSandbox(isolation: ProgramSandbox.detect())
        var failures: [String] = []
        for _ in 0..<60 {
            let result = sandbox.run(URL(fileURLWithPath: "/usr/bin/perl"))
            if result.status != 0 { failures.append("\(result.endingDescription): \(result.stderr)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 60 runs failed, first: \(failures.first ?? "")")
    }
}

/// Set once, read from other threads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
