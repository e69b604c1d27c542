import Foundation

/// A file outside a fixture site, as a CI machine has one: what a symbolic link committed
/// into the site must never publish or inline.
enum OutsideFile {
    /// A private key's first line, in a folder of its own (removed by the caller).
    static func secret() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("id_rsa")
        try Data("-----BEGIN PRIVATE KEY----- not for readers\n".utf8).write(to: file)
        return file
    }
}
