import Foundation
import SiteKit
import Support

/// The Swift compiler found on this machine, and what identifies it in cache keys.
package struct SwiftToolchain: Sendable {
    var swiftc: String
    /// Path, size and modification time of the resolved binary, and the Apple SDK if any: a
    /// new toolchain or SDK is a new key, so results of Linux and of each SDK never mix.
    var identity: String
    /// The SDK of `--platform apple` (macOS with Xcode): every program, `platform=apple`
    /// blocks included, is compiled against it instead of the stubs. Nil: this machine's own
    /// platform, where `platform=apple` blocks are skipped.
    var appleSDK: AppleSDK?

    init(swiftc: String, identity: String, appleSDK: AppleSDK? = nil) {
        self.swiftc = swiftc
        self.identity = identity + (appleSDK.map { " \($0.identity)" } ?? "")
        self.appleSDK = appleSDK
    }

    /// Whether `platform=apple` blocks are compiled.
    var hasAppleSDK: Bool { appleSDK != nil }
    /// Flags that select the SDK (`-sdk PATH -target arm64-apple-ios17.0-simulator`), if any.
    var sdkFlags: [String] { appleSDK?.flags ?? [] }

    /// The Swift runtime libraries beside the compiler, which `run` programs load:
    /// `/opt/swift/usr/lib/swift` for `/opt/swift/usr/bin/swiftc`.
    var runtimeRoot: String {
        URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift").path
    }
    /// "6.3.1" from `swiftc --version`, asked once per compiler identity: later runs read it
    /// from `folder`.
    func version(cacheFolder folder: URL) -> String {
        var hash = SHA256()
        hash.update(identity)
        let url = folder.appendingPathComponent("toolchain-\(hash.hexDigest()).version")
        if let known = CacheFile.text(url), !known.isEmpty { return known }
        let said = ProcessRunner.run(swiftc, ["--version"], in: FileManager.default.temporaryDirectory, timeout: 30, outputLimit: 65536)
        let version = Self.version(from: said.stdout + said.stderr) ?? "unknown"
        if version != "unknown" { CacheFile.write(Data(version.utf8), to: url) }
        return version
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → `6.3.1`.
    static func version(from output: String) -> String? {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let version = output[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return version.isEmpty ? nil : String(version)
    }

    /// `$SWIFTC`, else `swiftc` on `PATH`: this machine's own platform.
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> SwiftToolchain? {
        guard let path = ExecutableLookup.find(["swiftc"], preferring: environment["SWIFTC"], environment: environment) else { return nil }
        return SwiftToolchain(swiftc: path, identity: compilerIdentity(path))
    }

    /// `--platform apple`: the compiler and SDK `xcrun` names (see ``AppleSDK``).
    package static func findApple(_ sdk: AppleSDK.Name, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(AppleSDK.Unavailable) -> SwiftToolchain {
        let (found, swiftc) = try AppleSDK.find(sdk, environment: environment)
        return SwiftToolchain(swiftc: swiftc, identity: compilerIdentity(swiftc), appleSDK: found)
    }

    private static func compilerIdentity(_ path: String) -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let status = FileStatus.of(resolved)
        return "\(resolved) \(status?.size ?? 0) \((status?.modifiedNanoseconds ?? 0) / 1_000_000_000)"
    }
}

/// One line of compiler output: `file:line:col: error: message [diagnostic_id]`.
struct CompilerDiagnostic: Sendable, Hashable, Codable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
    /// The ID `-debug-diagnostic-names` appends (`superclass_not_open`), if any.
    var id: String?
    /// The notes printed right after an error or warning ("to match this opening '{'").
    var notes: [CompilerDiagnostic] = []

    /// Parses `-diagnostic-style llvm` output; other lines (source excerpts, carets) are skipped.
    static func parse(_ output: String) -> [CompilerDiagnostic] {
        var result: [CompilerDiagnostic] = []
        for diagnostic in parseLines(output) {
            if diagnostic.severity == "note", !result.isEmpty {
                result[result.count - 1].notes.append(diagnostic)
            } else {
                result.append(diagnostic)
            }
        }
        return result
    }

    private static func parseLines(_ output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line -> CompilerDiagnostic? in
            for severity in ["error", "warning", "note"] {
                guard let marker = line.range(of: ": \(severity): ") else { continue }
                let place = line[..<marker.lowerBound].split(separator: ":")
                guard place.count >= 3, let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { continue }
                var message = String(line[marker.upperBound...])
                var id: String?
                if message.hasSuffix("]"), let open = message.range(of: " [", options: .backwards) {
                    id = String(message[open.upperBound..<message.index(before: message.endIndex)])
                    message = String(message[..<open.lowerBound])
                }
                return CompilerDiagnostic(file: place.dropLast(2).joined(separator: ":"), line: row, column: column,
                                          severity: severity, message: message, id: id)
            }
            return nil
        }
    }
}

/// What one compiler (and, for `run`, program) execution produced. Cached as JSON, unless
/// something was stopped.
struct CompilerOutcome: Sendable, Codable {
    var status: Int32
    var diagnostics: [CompilerDiagnostic]
    /// The compiler's own words when it printed no diagnostic lines (a crash, a bad flag).
    var rawOutput: String
    /// Why the outcome says nothing about the code: the compiler did not finish by itself
    /// ("the compiler timed out after 60 s"), could not start, or failed for a reason of the
    /// machine (``environmentProblem(in:)``). Such an outcome is never cached.
    var stopped: String?
    /// For `run`: what the program did.
    var run: RunOutcome?
    /// For a program that compiled: the identifiers its typed AST gave types to.
    var types: RawTypes?

    /// Whether the result may be cached: nothing was stopped, so the same input gives it again.
    var isComplete: Bool { stopped == nil && (run?.isComplete ?? true) }

    /// The compiler's words when it failed because of the machine, not the code: a module
    /// cache it cannot use (moved, or written by another compiler), an SDK module missing.
    static let environmentMessages = ["was compiled with module cache path", "missing required module 'SwiftShims'",
                                      "module file was created by a different version of the compiler",
                                      "could not build module 'SwiftShims'", "unable to open output file"]

    /// "the compiler could not use its module cache: …" when `stderr` says one of
    /// ``environmentMessages``; nil when the failure (if any) may be the code's.
    static func environmentProblem(in stderr: String) -> String? {
        guard let line = stderr.split(separator: "\n").first(where: { line in environmentMessages.contains { line.contains($0) } })
        else { return nil }
        return "the compiler failed for a reason of this machine, not of the code (\(line.prefix(300)))"
    }
}

/// What a `run` program did.
struct RunOutcome: Sendable, Codable {
    /// Its standard output, cut at the cap.
    var output: String
    /// Why it did not pass: "exited with status 3", "timed out after 10 s", ...
    var problem: String?
    var isComplete: Bool

    init(_ result: ProcessResult) {
        output = result.stdout
        switch result.ending {
        case .exited(0):
            problem = nil
            isComplete = true
        case .exited, .signalled:
            problem = result.endingDescription
            isComplete = true
        case .timedOut, .outputCapped, .couldNotStart:
            problem = result.endingDescription
            isComplete = false
        }
    }
}
