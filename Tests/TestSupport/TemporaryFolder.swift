import Foundation

enum TemporaryFolder {
    /// An empty temporary folder, removed by the caller.
    static func empty() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
