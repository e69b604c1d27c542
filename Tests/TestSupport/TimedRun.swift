import Foundation

/// The `sitegen` executable run with a deadline, for inputs that once hung it or killed it
/// with a signal: a hang becomes a failed expectation instead of a stuck test run.
struct TimedRun {
    var status: Int32
    /// The signal that ended the process, if one did.
    var signal: Int32?
    var timedOut: Bool
    var stdout: String
    var stderr: String
    /// User and system CPU seconds of sitegen, when asked for (`cpuTime: true`).
    var cpuSeconds: Double?

    /// `shell`: a bash line run before sitegen starts (`ulimit -f 64`). sitegen then starts with
    /// every signal's default action, as from a user's shell: the test runner ignores some
    /// (SIGXFSZ), and a child inherits that.
    /// `cpuTime`: also measure sitegen's CPU time (bash's `times`), which a busy machine
    /// changes far less than the wall time. sitegen then runs on one core: the CPU time of
    /// threads on two cores includes their waiting on each other, which grows with the share of
    /// parallel work. 800 to 3,200 clashing posts ran the same instructions per post (callgrind:
    /// 0.95, 1.87, 3.71 G) but took 2.6× CPU time per doubling on two cores, 2.0× on one.
    static func sitegen(_ arguments: [String], shell: String? = nil, cpuTime: Bool = false, timeout: Double = 60) throws -> TimedRun {
        let process = Process()
        if cpuTime {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[^0-9].*//'); taskset -c \"$cpu\" \"$0\" \"$@\"; status=$?; times >&2; exit $status", SitegenProcess.executable.path] + arguments
        } else if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell + "; exec env --default-signal \"$0\" \"$@\"", SitegenProcess.executable.path] + arguments
        } else {
            process.executableURL = SitegenProcess.executable
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let stdout = Collected(out.fileHandleForReading), stderr = Collected(err.fileHandleForReading)
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let signalled = process.terminationReason == .uncaughtSignal
        var run = TimedRun(status: process.terminationStatus, signal: signalled ? process.terminationStatus : nil,
                           timedOut: timedOut, stdout: stdout.text(), stderr: stderr.text())
        if cpuTime { run.takeTimes() }
        return run
    }

    /// Removes the two lines of `times` from stderr; the second is the child's `0m1.5s 0m0.2s`.
    private mutating func takeTimes() {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count >= 2 else { return }
        let child = lines.removeLast()
        lines.removeLast()
        stderr = lines.joined(separator: "\n") + "\n"
        cpuSeconds = child.split(separator: " ").reduce(0.0) { total, field in
            let parts = field.dropLast().split(separator: "m")
            guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return total }
            return total + minutes * 60 + seconds
        }
    }

    /// A pipe read to its end on a thread of its own, so a full pipe never blocks the child.
    final class Collected: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
