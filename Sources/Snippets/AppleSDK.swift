import Foundation
import Support

/// The Apple SDK that `check-snippets --platform apple` compiles every program against
/// (`platform=apple` blocks included), found through Xcode's `xcrun`:
///
///     xcrun --sdk iphonesimulator --find swiftc           the compiler
///     xcrun --sdk iphonesimulator --show-sdk-path         -sdk PATH
///     xcrun --sdk iphonesimulator --show-sdk-version      part of every cache key
///
/// Programs are then compiled with `-sdk PATH -target ARCH-apple-ios17.0-simulator` (or
/// `ARCH-apple-macos14.0` for `--sdk macosx`), and the real frameworks replace the stubs.
/// This project's machines have no Mac: what is tested is this against a fake `xcrun`
/// (the argument vectors, the cache keys, the compiler's output read back), not Xcode itself.
package struct AppleSDK: Sendable, Hashable {
    package enum Name: String, Sendable, CaseIterable {
        case iphonesimulator, macosx
    }

    var name: Name
    /// What `--show-sdk-path` answered.
    var path: String
    /// What `--show-sdk-version` answered ("17.5").
    var version: String
    /// The machine's architecture, as a target triple starts.
    var architecture: String = AppleSDK.hostArchitecture

    /// `-target`: the oldest OS the code must build for.
    var target: String {
        switch name {
        case .iphonesimulator: "\(architecture)-apple-ios17.0-simulator"
        case .macosx: "\(architecture)-apple-macos14.0"
        }
    }

    /// The compiler flags that select it.
    var flags: [String] { ["-sdk", path, "-target", target] }

    /// Part of every cache key: results against one SDK never stand for another's, nor for Linux's.
    var identity: String { "apple \(name.rawValue) \(version) \(path) \(target)" }

    /// Why `run` programs built for it cannot run on this machine, if so: the simulator's
    /// binaries need the simulator.
    var whyProgramsDoNotRun: String? {
        name == .macosx ? nil : "programs built for the iOS simulator do not run on the Mac itself (--sdk macosx runs them)"
    }

    static var hostArchitecture: String {
        #if arch(arm64)
        "arm64"
        #else
        "x86_64"
        #endif
    }

    /// What went wrong finding the SDK, said so that the user knows what to do.
    package struct Unavailable: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The SDK `name` and the compiler `xcrun` names for it; `xcrun` is looked up on `PATH`.
    static func find(_ name: Name, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(Unavailable) -> (sdk: AppleSDK, swiftc: String) {
        guard let xcrun = ExecutableLookup.find(["xcrun"], environment: environment) else {
            throw Unavailable(description: "--platform apple compiles against an Apple SDK through Xcode's xcrun, and there is no xcrun on PATH: "
                + "it runs on a Mac with Xcode; elsewhere platform=apple blocks are skipped")
        }
        func ask(_ question: String) throws(Unavailable) -> String {
            let arguments = ["--sdk", name.rawValue, question] + (question == "--find" ? ["swiftc"] : [])
            let answer = ProcessRunner.run(xcrun, arguments, in: FileManager.default.temporaryDirectory, environment: environment,
                                           timeout: 60, outputLimit: 65536)
            let text = answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard answer.status == 0, !text.isEmpty, !text.contains("\n") else {
                let said = answer.stderr.split(separator: "\n").first.map(String.init) ?? answer.endingDescription
                throw Unavailable(description: "`xcrun \(arguments.joined(separator: " "))` failed (\(said)): is Xcode installed, with the \(name.rawValue) SDK?")
            }
            return text
        }
        let swiftc = try ask("--find")
        let sdk = AppleSDK(name: name, path: try ask("--show-sdk-path"), version: try ask("--show-sdk-version"))
        return (sdk, swiftc)
    }
}
