import Foundation
import Support

/// Static files built into sitegen (the built-in theme's `static/`): copied from memory where
/// a theme folder's files are copied from disk.
extension OutputWriter.StaticFile {
    /// The built-in theme's files, then `onDisk` (`Content/static/`), whose files replace
    /// them, as a theme folder's files are replaced.
    static func overlaying(_ onDisk: [Self], onBuiltIn theme: Theme) -> [Self] {
        guard !theme.builtInStaticFiles.isEmpty else { return onDisk }
        var byPath: [String: Self] = [:]
        for (path, bytes) in theme.builtInStaticFiles {
            byPath[path] = Self(sourcePath: theme.staticFolder.appendingPathComponent(path).path, relative: path,
                                displayName: BuiltInTheme.displayPath("static/\(path)"), builtIn: bytes)
        }
        for file in onDisk { byPath[file.relative] = file }
        return byPath.values.sorted { $0.relative < $1.relative }
    }

    /// Puts the file at `path`: the built-in bytes, or a copy of `sourcePath`.
    func copy(toPath path: String) throws(RegularFile.Failure) {
        guard let builtIn else { return try RegularFile.copy(sourcePath, to: path) }
        guard builtIn.withUnsafeBufferPointer({ FileWriting.write($0, to: path) }) else {
            throw RegularFile.Failure(message: String(cString: strerror(errno)), whileWriting: true)
        }
    }
}
