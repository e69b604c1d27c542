import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps every process a program starts inside its reach, so that all of them can be killed
/// when it ends, even those that left its process group and session (`setsid`, a daemon's
/// double fork), which a group kill cannot reach.
///
/// The program is run under a helper, sitegen itself started as `sitegen __process-tree --
/// PROGRAM…`, which makes itself a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`, no
/// privileges needed): a process of the tree whose parent exits is handed to the helper
/// instead of to init, so every process the program started stays a descendant of the
/// helper. When the program exits, or the helper is told to stop (SIGTERM, SIGINT,
/// SIGHUP, or its parent dying: `PR_SET_PDEATHSIG`), the helper kills its descendants,
/// found by their parent links in `/proc`, round after round until none is left, reaps
/// them, and exits as the program did (its status, or its signal).
///
/// It contains accidents, not an attacker: without a sandbox the program has the user's
/// rights, and can kill the helper first or hand work to a process outside the tree
/// (`at`, `systemd-run --user`, a login shell's files). docs/security.md says so.
package enum ProcessTree {
    /// The helper's command word, never shown in `sitegen --help`.
    package static let command = "__process-tree"

    /// The executable that answers ``command``: this process's own when it is sitegen, else
    /// the sitegen beside it (the test bundle's); nil when there is neither (not Linux).
    package static let helper: String? = {
        #if os(Linux)
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        // `/proc/self/exe` is the running binary even when its file has been replaced since.
        if (executable as NSString).lastPathComponent == "sitegen" { return "/proc/self/exe" }
        let beside = ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent("sitegen")
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
        #else
        return nil
        #endif
    }()

    /// `command`, to be run under the helper.
    package static func contained(_ command: [String], helper: String) -> [String] {
        [helper, Self.command, "--"] + command
    }

    #if os(Linux)
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// glibc's `prctl`, which is variadic and so not imported into Swift.
    private static let prctl: Prctl? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Prctl.self)
    }()

    private static let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
    private static let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
    #endif

    /// The helper: `arguments` is `-- PROGRAM ARGUMENTS…`. Never returns.
    package static func helperMain(_ arguments: [String]) -> Never {
        let command = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        guard !command.isEmpty else {
            FileHandle.standardError.write(Data("sitegen \(Self.command): no program to run\n".utf8))
            exit(125)
        }
        #if os(Linux)
        let parent = getppid()
        guard let prctl, prctl(setChildSubreaper, 1, 0, 0, 0) == 0, prctl(setParentDeathSignal, UInt(SIGTERM), 0, 0, 0) == 0 else {
            FileHandle.standardError.write(Data("sitegen \(Self.command): cannot become a child subreaper: \(String(cString: strerror(errno)))\n".utf8))
            exit(125)
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // The parent died before the death signal was asked for.
        if getppid() != parent { exit(125) }
        let program: pid_t
        switch Spawn.start(command[0], Array(command.dropFirst()), in: FileManager.default.currentDirectoryPath,
                           environment: ProcessInfo.processInfo.environment, input: 0, output: 1, error: 2) {
        case .success(let pid): program = pid
        case .failure(let reason):
            FileHandle.standardError.write(Data("sitegen \(Self.command): cannot run \(command[0]): \(reason)\n".utf8))
            exit(127)
        }
        var status: Int32?
        while status == nil {
            var info = siginfo_t()
            var wait = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            let signal = sigtimedwait(&signals, &info, &wait)
            if signal == SIGTERM || signal == SIGINT || signal == SIGHUP {
                killDescendants()
                exit(128 + signal)
            }
            var waitStatus: Int32 = 0
            while true {
                let reaped = waitpid(-1, &waitStatus, WNOHANG)
                if reaped == -1 && errno == EINTR { continue }
                guard reaped > 0 else { break }
                if reaped == program { status = waitStatus }
            }
        }
        killDescendants()
        switch Spawn.ending(status ?? 0) {
        case .signalled(let signal):
            // Ends as the program did, without a core file of its own.
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            Glibc.signal(signal, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signal)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            kill(getpid(), signal)
            exit(128 + signal)
        case .exited(let code): exit(code)
        default: exit(125)
        }
        #else
        FileHandle.standardError.write(Data("sitegen \(Self.command): Linux only\n".utf8))
        exit(125)
        #endif
    }

    #if os(Linux)
    /// SIGKILL to every descendant of this process, in rounds (one may fork while the round
    /// before kills its parent; the child then comes to this process), reaping them, until
    /// none is left or five seconds have passed.
    static func killDescendants() {
        let me = getpid()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let members = descendants(of: me, in: processParents())
            if members.isEmpty { return }
            for pid in members { kill(pid, SIGKILL) }
            var status: Int32 = 0
            while waitpid(-1, &status, WNOHANG) > 0 {}
            usleep(1_000)
        }
    }

    /// Each process of the machine this user can see, with its parent (`/proc/PID/stat`).
    static func processParents() -> [pid_t: pid_t] {
        var parents: [pid_t: pid_t] = [:]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return parents }
        var buffer = [UInt8](repeating: 0, count: 1024)
        for name in names {
            guard let pid = pid_t(name) else { continue }
            let descriptor = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard count > 0, let parent = parentInStat(buffer[..<count]) else { continue }
            parents[pid] = parent
        }
        return parents
    }

    /// `PID (COMMAND) STATE PPID …`: the command may hold spaces and parentheses, so the
    /// fields are counted from its last `)`.
    static func parentInStat(_ stat: ArraySlice<UInt8>) -> pid_t? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    /// The processes below `root`, by parent links.
    static func descendants(of root: pid_t, in parents: [pid_t: pid_t]) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for (pid, parent) in parents { children[parent, default: []].append(pid) }
        var found: [pid_t] = []
        var frontier = [root]
        var seen: Set<pid_t> = [root]
        while let next = frontier.popLast() {
            for child in children[next] ?? [] where seen.insert(child).inserted {
                found.append(child)
                frontier.append(child)
            }
        }
        return found
    }
    #endif
}
