import Foundation
import Support

/// Runs the binary of a `run` program, which is code from a post: perhaps a pull request's.
/// Always in a fresh temporary folder, with an empty environment, a wall-clock limit and
/// resource limits (`prlimit`: CPU time, address space, file size, processes, no core
/// dumps). With Debian's bubblewrap (`bwrap`) it also runs in a sandbox: no network, its own
/// process and user namespaces as user `nobody`, a read-only view of `/usr` and the Swift
/// runtime, and nothing writable but the temporary folder. Without bubblewrap it runs with
/// the user's rights, and the report says so; its processes are then kept under sitegen's
/// ``ProcessTree`` helper, so that all of them, `setsid` ones included, are killed when it
/// ends or times out.
struct ProgramSandbox: Sendable {
    enum Isolation: Sendable, Equatable {
        case bubblewrap(String)
        /// Why there is no sandbox, for the report's warning.
        case none(String)
    }

    var isolation: Isolation
    /// Wall-clock limit; CPU time is limited to the same.
    var timeout: TimeInterval = 10
    var outputLimit = 1 << 20
    /// Read-only folders the program needs: the Swift runtime, the stub libraries.
    var readable: [String] = []
    var prlimit: String? = ExecutableLookup.find(["prlimit"], environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
    /// Without a sandbox: the helper that kills every process the program started (nil: none found).
    var processTreeHelper: String? = ProcessTree.helper

    static let memoryLimit = 1 << 30
    static let fileSizeLimit = 16 << 20
    static let processLimit = 4096

    /// bubblewrap when it is installed and can make a sandbox on this machine (it needs user
    /// namespaces); checked with one tiny run.
    static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> Isolation {
        guard let bwrap = ExecutableLookup.find(["bwrap"], environment: environment) else {
            return .none("bubblewrap (bwrap) is not installed (apt-get install bubblewrap)")
        }
        let probe = ProcessRunner.run(bwrap, systemBinds() + ["--unshare-all", "--die-with-parent", "--", "/usr/bin/true"],
                                      in: FileManager.default.temporaryDirectory, environment: [:], timeout: 10, outputLimit: 4096)
        guard probe.status == 0 else {
            let said = probe.stderr.split(separator: "\n").first.map(String.init) ?? probe.endingDescription
            return .none("bubblewrap cannot make a sandbox on this machine (\(said))")
        }
        return .bubblewrap(bwrap)
    }

    /// The warning a report gives when programs ran without a sandbox.
    var warning: String? {
        guard case .none(let reason) = isolation else { return nil }
        let leftovers = processTreeHelper == nil ? ", and processes they started may still be running" : ""
        return "`run` blocks ran without a sandbox, with your rights: \(reason)\(leftovers); use --no-run or `snippets: { run: false }` for untrusted posts"
    }

    /// Copies `binary` into a fresh temporary folder and runs it there.
    func run(_ binary: URL) -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("program")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            // Not FileManager's copy: its descriptor is inherited by every process started
            // while it is open (a compile, another program), and the program cannot be
            // executed ("Text file busy") until they end.
            try RegularFile.copy(binary.path, to: program.path, mode: 0o755)
        } catch {
            return ProcessResult(ending: .couldNotStart("cannot prepare a temporary folder: \((error as? RegularFile.Failure)?.message ?? error.localizedDescription)"), stdout: "", stderr: "")
        }
        var command = [program.path]
        if let prlimit {
            command = [prlimit, "--cpu=\(Int(timeout.rounded(.up)))", "--as=\(Self.memoryLimit)", "--fsize=\(Self.fileSizeLimit)",
                       "--nproc=\(Self.processLimit)", "--core=0", "--"] + command
        }
        // bubblewrap sets PWD even with --clearenv: `env -i` leaves nothing.
        command = ["/usr/bin/env", "-i"] + command
        switch isolation {
        case .bubblewrap(let bwrap):
            var arguments = Self.systemBinds()
            // A folder that is not there (a toolchain without its runtime beside it) would stop bubblewrap.
            for path in readable where !path.hasPrefix("/usr/") && FileManager.default.fileExists(atPath: path) {
                arguments += ["--ro-bind", path, path]
            }
            arguments += ["--bind", folder.path, folder.path, "--chdir", folder.path,
                          "--unshare-all", "--uid", "65534", "--gid", "65534",
                          "--die-with-parent", "--new-session", "--clearenv", "--"] + command
            return ProcessRunner.run(bwrap, arguments, in: folder, environment: [:], timeout: timeout, outputLimit: outputLimit)
        case .none:
            // Its process group cannot hold what calls setsid: the helper holds the whole tree.
            if let processTreeHelper { command = ProcessTree.contained(command, helper: processTreeHelper) }
            return ProcessRunner.run(command[0], Array(command.dropFirst()), in: folder, environment: [:], timeout: timeout,
                                     outputLimit: outputLimit)
        }
    }

    /// `/usr` read-only, the merged-`/usr` links (or the folders where they are real),
    /// `/proc` of the sandbox's own processes, a minimal `/dev` and an empty `/tmp`.
    private static func systemBinds() -> [String] {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        for name in ["bin", "sbin", "lib", "lib32", "lib64"] {
            let path = "/" + name
            guard let status = FileStatus.ofLink(path) else { continue }
            if status.kind == .symbolicLink, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
            } else if status.kind == .folder {
                arguments += ["--ro-bind", path, path]
            }
        }
        return arguments + ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    }
}
