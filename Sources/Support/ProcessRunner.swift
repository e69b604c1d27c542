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

    var timedOut: Bool {
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
///
/// It spawns with `posix_spawn` rather than Foundation's `Process`, which on Linux learns of
/// a child's exit only when every process holding a socket it passes down has exited, so a
/// background child would keep it waiting.
package enum ProcessRunner {
    static let defaultOutputLimit = 64 << 20

    /// `input`, if given, is the process's standard input; otherwise it reads nothing.
    /// `environment` nil inherits this process's.
    package static func run(_ executable: String, _ arguments: [String], in folder: URL, input: Data? = nil,
                            environment: [String: String]? = nil, timeout: TimeInterval = 300,
                            outputLimit: Int = defaultOutputLimit, gracePeriod: TimeInterval = 2) -> ProcessResult {
        func failure(_ reason: String) -> ProcessResult { ProcessResult(ending: .couldNotStart(reason), stdout: "", stderr: "") }
        let inURL = folder.appendingPathComponent(".stdin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: inURL) }
        var inputPath = "/dev/null"
        if let input {
            guard FileManager.default.createFile(atPath: inURL.path, contents: input) else {
                return failure("cannot create an input file in \(folder.path)")
            }
            inputPath = inURL.path
        }
        let inputFD = open(inputPath, O_RDONLY | O_CLOEXEC)
        guard inputFD >= 0 else { return failure("cannot open \(inputPath): \(String(cString: strerror(errno)))") }
        defer { close(inputFD) }
        guard var out = OutputPipe(limit: outputLimit), var err = OutputPipe(limit: outputLimit) else {
            return failure("cannot create pipes: \(String(cString: strerror(errno)))")
        }
        defer { out.closeReading(); err.closeReading() }
        let spawned = Spawn.start(executable, arguments, in: folder.path, environment: environment,
                                  input: inputFD, output: out.writingFD, error: err.writingFD)
        // The child has its copies; ours must go, or the pipes never reach end of file.
        out.closeWriting(); err.closeWriting()
        let child: pid_t
        switch spawned {
        case .success(let pid): child = pid
        case .failure(let reason): return failure("cannot run \(executable): \(reason)")
        }
        let deadline = DispatchTime.now() + timeout
        var status: Int32?
        var exitSeen: DispatchTime?
        var stopped: ProcessResult.Ending?
        while true {
            if status == nil, let reaped = Spawn.reap(child) {
                status = reaped
                exitSeen = .now()
                kill(-child, SIGKILL)  // background children left behind
            }
            let now = DispatchTime.now()
            if status != nil && (!out.isOpen && !err.isOpen || now >= (exitSeen ?? now) + 1) {
                break  // done; or something outside the group still holds a pipe
            }
            if now >= deadline {
                stopped = .timedOut(seconds: timeout)
                break
            }
            let wait = min(50, Int((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1)
            waitForOutput(&out, &err, milliseconds: Int32(wait))
            if out.overflowed || err.overflowed {
                stopped = .outputCapped(bytes: outputLimit)
                break
            }
        }
        if let stopped {
            if status == nil { stop(child, gracePeriod: gracePeriod) } else { kill(-child, SIGKILL) }
            return ProcessResult(ending: stopped, stdout: out.text, stderr: err.text)
        }
        return ProcessResult(ending: Spawn.ending(status ?? 0), stdout: out.text, stderr: err.text)
    }

    /// SIGTERM to the whole group, SIGKILL after the grace period to whatever is left.
    private static func stop(_ child: pid_t, gracePeriod: TimeInterval) {
        kill(-child, SIGTERM)
        let patience = DispatchTime.now() + gracePeriod
        while Spawn.reap(child) == nil {
            guard DispatchTime.now() < patience else {
                kill(-child, SIGKILL)
                _ = Spawn.reap(child, waiting: true)
                return
            }
            usleep(10_000)
        }
        kill(-child, SIGKILL)
    }

    private static func waitForOutput(_ out: inout OutputPipe, _ err: inout OutputPipe, milliseconds: Int32) {
        var fds = [out, err].filter(\.isOpen).map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        guard !fds.isEmpty else {
            usleep(useconds_t(min(milliseconds, 10)) * 1000)
            return
        }
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return }
        for entry in fds where entry.revents != 0 {
            if entry.fd == out.fd { out.readAvailable() } else { err.readAvailable() }
        }
    }

    /// `1.5 s`, `60 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `1 MiB`, `512 KiB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// `posix_spawn` with the child leading a process group of its own, default signal
/// handling, the given standard streams and working folder; and `waitpid`.
enum Spawn {
    enum Started {
        case success(pid_t)
        case failure(String)
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's (and macOS's) `posix_spawn_file_actions_addchdir_np`, which Swift's Glibc
    /// module does not declare.
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    static func start(_ executable: String, _ arguments: [String], in folder: String, environment: [String: String]?,
                      input: Int32, output: Int32, error: Int32) -> Started {
        guard let addChdir else { return .failure("posix_spawn cannot change folders on this system") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        guard addChdir(&actions, folder) == 0 else { return .failure("cannot enter \(folder)") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { return .failure(String(cString: strerror(result))) }
        return .success(pid)
    }

    /// The child's wait status once it has exited; nil while it runs.
    static func reap(_ pid: pid_t, waiting: Bool = false) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, waiting ? 0 : WNOHANG)
            if result == pid { return status }
            if result == -1 && errno == EINTR { continue }
            // ECHILD: already reaped; nothing more to learn.
            return result == 0 ? nil : status
        }
    }

    /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which are macros Swift cannot call.
    static func ending(_ status: Int32) -> ProcessResult.Ending {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// One output stream of a child: a pipe whose reading end is ours, kept up to a limit.
private struct OutputPipe {
    let fd: Int32
    /// The child's end; closed here once the child has its copy.
    private(set) var writingFD: Int32
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
        writingFD = ends[1]
        self.limit = limit
    }

    /// glibc's `pipe2`, which Swift's Glibc module does not declare: it sets close-on-exec
    /// atomically, where `pipe` then `fcntl` leaves a moment for another thread's spawn.
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()

    mutating func closeWriting() {
        if writingFD >= 0 { close(writingFD); writingFD = -1 }
    }

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
