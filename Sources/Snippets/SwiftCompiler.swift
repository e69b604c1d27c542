import Foundation
import SiteKit
import Support

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
        let status = FileStatus.of(resolved)
        let identity = "\(resolved) \(status?.size ?? 0) \((status?.modifiedNanoseconds ?? 0) / 1_000_000_000)"
        var toolchain = SwiftToolchain(swiftc: path, identity: identity, hasAppleSDK: false)
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
