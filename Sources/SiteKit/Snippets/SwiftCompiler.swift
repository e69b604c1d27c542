import Foundation

/// The Swift compiler found on this machine, and what identifies it in cache keys.
public struct SwiftToolchain: Sendable {
    public var swiftc: String
    /// Path, size and modification time of the resolved binary: a new toolchain is a new key.
    public var identity: String
    /// Whether programs are checked against an Apple SDK (macOS with Xcode) or the stubs.
    public var hasAppleSDK: Bool
    /// Flags that select the SDK: on macOS the iOS simulator SDK
    /// (`-sdk $(xcrun --sdk iphonesimulator --show-sdk-path) -target arm64-apple-ios17.0-simulator`).
    public var sdkFlags: [String] = []

    /// `$SWIFTC`, else `swiftc` on `PATH`.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> SwiftToolchain? {
        guard let path = ExecutableLookup.find(["swiftc"], preferring: environment["SWIFTC"], environment: environment) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        stat(resolved, &info)
        #if os(Linux)
        let modified = info.st_mtim.tv_sec
        #else
        let modified = info.st_mtimespec.tv_sec
        #endif
        var toolchain = SwiftToolchain(swiftc: path, identity: "\(resolved) \(info.st_size) \(modified)", hasAppleSDK: false)
        #if os(macOS)
        // Not run on this project's CI (Linux): the real UIKit replaces the stubs.
        let sdk = ProcessRunner.run("/usr/bin/xcrun", ["--sdk", "iphonesimulator", "--show-sdk-path"],
                                    in: FileManager.default.temporaryDirectory)
        if sdk.status == 0 {
            toolchain.hasAppleSDK = true
            toolchain.sdkFlags = ["-sdk", sdk.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                                  "-target", "arm64-apple-ios17.0-simulator"]
        }
        #endif
        return toolchain
    }
}

/// One line of compiler output: `file:line:col: error: message [diagnostic_id]`.
public struct CompilerDiagnostic: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var message: String
    /// The ID `-debug-diagnostic-names` appends (`superclass_not_open`), if any.
    public var id: String?
    /// The notes printed right after an error or warning ("to match this opening '{'").
    public var notes: [CompilerDiagnostic] = []

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

/// What one compiler (and, for `run`, program) execution produced. Cached as JSON.
struct CompilerOutcome: Sendable, Codable {
    var status: Int32
    var diagnostics: [CompilerDiagnostic]
    /// The compiler's own words when it printed no diagnostic lines (a crash, a bad flag).
    var rawOutput: String
    /// For `run`: the program's exit status and standard output.
    var runStatus: Int32?
    var runOutput: String?
}

/// Runs a process to completion, its input and output in files (no pipe can fill up and stall it).
enum ProcessRunner {
    /// `input`, if given, is the process's standard input; otherwise it reads nothing.
    static func run(_ executable: String, _ arguments: [String], in folder: URL, input: Data? = nil,
                    timeout: TimeInterval = 300) -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let outURL = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        let inURL = folder.appendingPathComponent(".stdin-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        guard let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL) else {
            return (-1, "", "cannot create output files in \(folder.path)")
        }
        var inputHandle = FileHandle.nullDevice
        if let input {
            guard FileManager.default.createFile(atPath: inURL.path, contents: input),
                  let handle = try? FileHandle(forReadingFrom: inURL) else {
                return (-1, "", "cannot create an input file in \(folder.path)")
            }
            inputHandle = handle
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inputHandle
        // Woken by the process's exit instead of polling for it.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return (-1, "", "cannot run \(executable): \(error.localizedDescription)")
        }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            return (-1, "", "\(URL(fileURLWithPath: executable).lastPathComponent) did not finish in \(Int(timeout)) s and was stopped")
        }
        process.waitUntilExit()
        for handle in [out, err, inputHandle] where handle !== FileHandle.nullDevice { try? handle.close() }
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, stdout, stderr)
    }
}
