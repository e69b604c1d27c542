import Foundation

/// The `sitegen` executable as a user runs it, for the tests of every target: its exit
/// status and both streams.
enum SitegenProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable SwiftPM built beside this test bundle.
    static let executable: URL = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundleFolder, bundleFolder.deletingLastPathComponent(),
                          SharedFolder.projectRoot.appendingPathComponent(".build/debug")]
        return candidates.map { $0.appendingPathComponent("sitegen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2].appendingPathComponent("sitegen")
    }()

    static func run(_ arguments: [String], in folder: URL? = nil, executable: String? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? Self.executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        // A CI service's CI=true changes what a build accepts (math it cannot render): a
        // test that wants it says so.
        env.removeValue(forKey: "CI")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }
}
