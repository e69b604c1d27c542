import Foundation

/// `../shared` beside the project (or `$SITEGEN_SHARED`): specs and seeds that are read
/// from there and never copied in. Tests that need it are skipped, saying so, where it is absent.
enum SharedFolder {
    /// The repository: this file is `Tests/TestSupport/SharedFolder.swift`.
    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["SITEGEN_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return projectRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }
}
