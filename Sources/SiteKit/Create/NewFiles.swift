import Foundation

/// Why `sitegen init` or `sitegen theme eject` wrote nothing (or stopped part way, said in
/// the message).
public struct CreateError: Error, Sendable {
    public var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// Writes new files into a folder: `sitegen init` and `sitegen theme eject` make new
/// things, so an existing file is never replaced.
enum NewFiles {
    /// Writes each file (path relative to `folder`), making its folders; `shown` says how
    /// messages name a path. Stops at the first file it cannot write.
    static func write(_ files: [(path: String, bytes: [UInt8])], into folder: URL,
                      shown: (String) -> String) throws(CreateError) {
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url, options: .withoutOverwriting)
            } catch {
                throw CreateError("cannot write \(shown(file.path)): \(error.localizedDescription)")
            }
        }
    }

    /// What `folder` holds, `.git` aside (a fresh clone of an empty repository is a
    /// fine place for a new site); nil when it does not exist.
    static func entries(of folder: URL) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0 != ".git" }.sorted()
    }
}
