import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What became of a process ``ProcessRunner`` started.
package struct ProcessResult: Sendable {
    package enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Still running at the time limit: stopped (SIGTERM, then SIGKILL).
        case timedOut(seconds: Double)
        /// Its output passed the cap: stopped there, as a runaway.
        case outputCapped(bytes: Int)
        case couldNotStart(String)
    }

    package var ending: Ending
    package var stdout: String
    package var stderr: String

    package init(ending: Ending, stdout: String, stderr: String) {
        (self.ending, self.stdout, self.stderr) = (ending, stdout, stderr)
    }

    /// The exit status; -1 when the process did not exit by itself.
    package var status: Int32 {
        if case .exited(let status) = ending { return status }
        return -1
    }

    package var timedOut: Bool {
        if case .timedOut = ending { return true }
        return false
    }

    /// What happened, for a message: "exited with status 2", "timed out after 10 s".
    package var endingDescription: String {
        switch ending {
        case .exited(let status): return "exited with status \(status)"
        case .signalled(let signal): return "was killed by signal \(signal)\(signal == SIGKILL ? " (SIGKILL: a resource limit?)" : "")"
        case .timedOut(let seconds): return "timed out after \(ProcessRunner.seconds(seconds))"
        case .outputCapped(let bytes): return "printed more than \(ProcessRunner.size(bytes)) and was stopped (output cut there)"
        case .couldNotStart(let reason): return "could not be started: \(reason)"
        }
    }
}

/// Runs a process to completion in its own process group, reading its output through pipes
/// as it comes (no pipe can fill up and stall it), with three guarantees a build tool owes
/// its user: it never waits past `timeout`, it never holds more than `outputLimit` bytes of
/// a stream, and nothing the process started outlives it. A stop is SIGTERM to the group,
/// then SIGKILL after `gracePeriod` for what ignored it.
package enum ProcessRunner {
    package static let defaultOutputLimit = 64 << 20

    /// `input`, if given, is the process's standard input; otherwise it reads nothing.
    /// `environment` nil inherits this process's.
    package static func run(_ executable: String, _ arguments: [String], in folder: URL, input: Data? = nil,
                            environment: [String: String]? = nil, timeout: TimeInterval = 300,
                            outputLimit: Int = defaultOutputLimit, gracePeriod: TimeInterval = 2) -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let inURL = folder.appendingPathComponent(".stdin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: inURL) }
        var inputHandle = FileHandle.nullDevice
        if let input {
            guard FileManager.default.createFile(atPath: inURL.path, contents: input),
                  let handle = try? FileHandle(forReadingFrom: inURL) else {
                return ProcessResult(ending: .couldNotStart("cannot create an input file in \(folder.path)"), stdout: "", stderr: "")
            }
            inputHandle = handle
        }
        defer { if inputHandle !== FileHandle.nullDevice { try? inputHandle.close() } }
        guard var out = OutputPipe(limit: outputLimit), var err = OutputPipe(limit: outputLimit) else {
            return ProcessResult(ending: .couldNotStart("cannot create pipes: \(String(cString: strerror(errno)))"), stdout: "", stderr: "")
        }
        defer { out.closeReading(); err.closeReading() }
        process.standardOutput = out.writing
        process.standardError = err.writing
        process.standardInput = inputHandle
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            out.closeWriting(); err.closeWriting()
            return ProcessResult(ending: .couldNotStart(error.localizedDescription), stdout: "", stderr: "")
        }
        // The child has its copies; ours must go, or the pipes never reach end of file.
        out.closeWriting(); err.closeWriting()
        // Foundation starts the child in a process group of its own, led by it.
        let group = process.processIdentifier
        let start = DispatchTime.now()
        let deadline = start + timeout
        var stopped: ProcessResult.Ending?
        var exitSeen: DispatchTime?
        while out.isOpen || err.isOpen {
            let now = DispatchTime.now()
            if now >= deadline {
                stopped = .timedOut(seconds: timeout)
                break
            }
            if !process.isRunning {
                if let seen = exitSeen {
                    // Something outside the group still holds a pipe: stop reading.
                    if now >= seen + 1 { break }
                } else {
                    exitSeen = now
                    kill(-group, SIGKILL)  // background children left behind
                }
            }
            let wait = min(100, Int((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1)
            waitForOutput(&out, &err, milliseconds: Int32(wait))
            if out.overflowed || err.overflowed {
                stopped = .outputCapped(bytes: outputLimit)
                break
            }
        }
        if let stopped {
            stop(group: group, exited: exited, gracePeriod: gracePeriod)
            return ProcessResult(ending: stopped, stdout: out.text, stderr: err.text)
        }
        if exited.wait(timeout: deadline) == .timedOut {
            stop(group: group, exited: exited, gracePeriod: gracePeriod)
            return ProcessResult(ending: .timedOut(seconds: timeout), stdout: out.text, stderr: err.text)
        }
        process.waitUntilExit()
        kill(-group, SIGKILL)
        let ending: ProcessResult.Ending = process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        return ProcessResult(ending: ending, stdout: out.text, stderr: err.text)
    }

    /// SIGTERM to the whole group, SIGKILL after the grace period to whatever is left.
    private static func stop(group: pid_t, exited: DispatchSemaphore, gracePeriod: TimeInterval) {
        kill(-group, SIGTERM)
        _ = exited.wait(timeout: .now() + gracePeriod)
        kill(-group, SIGKILL)
        _ = exited.wait(timeout: .now() + 5)
    }

    private static func waitForOutput(_ out: inout OutputPipe, _ err: inout OutputPipe, milliseconds: Int32) {
        var fds = [out, err].filter(\.isOpen).map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        guard !fds.isEmpty else { return }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return }
        for entry in fds where entry.revents != 0 {
            if entry.fd == out.fd { out.readAvailable() } else { err.readAvailable() }
        }
    }

    /// `1.5 s`, `60 s`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `1 MiB`, `512 KiB`, `100 bytes`.
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// One output stream of a child: a pipe whose reading end is ours, kept up to a limit.
private struct OutputPipe {
    let fd: Int32
    /// The child's end, handed to `Process`; closed here once the child has it.
    let writing: FileHandle
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var isOpen = true
    /// More than `limit` bytes arrived; `bytes` holds the first `limit`.
    private(set) var overflowed = false

    init?(limit: Int) {
        var ends: [Int32] = [0, 0]
        // Close-on-exec: children that other threads start at the same time must not inherit
        // these ends, or this pipe would not reach end of file until they exit too.
        if let pipe2 = Self.pipe2 {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
        } else {
            guard pipe(&ends) == 0 else { return nil }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        fd = ends[0]
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        self.limit = limit
    }

    /// glibc's `pipe2`, which Swift's Glibc module does not declare: it sets close-on-exec
    /// atomically, where `pipe` then `fcntl` leaves a moment for another thread's spawn.
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()

    func closeWriting() { try? writing.close() }

    mutating func closeReading() {
        if isOpen { close(fd); isOpen = false }
    }

    mutating func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { closeReading() }
            return
        }
        let room = max(0, limit - bytes.count)
        bytes += buffer.prefix(min(room, count))
        if count > room { overflowed = true }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
