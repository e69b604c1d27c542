import DefaultTheme
import Foundation
import Support

/// The default theme as built into sitegen (the `DefaultTheme` target, generated from
/// `Themes/default` at build time). A site whose theme is `default` and that has no
/// `Themes/default/` folder renders with it; `sitegen theme eject` writes it out.
public enum BuiltInTheme {
    public static let name = DefaultTheme.name

    /// Each file's path in the theme folder (`templates/post.mustache`) and its bytes, sorted by path.
    static var files: [(path: String, bytes: [UInt8])] { DefaultTheme.files }

    /// How messages name a file of it: it is on no disk, and `Themes/default/…` would send
    /// the reader to a file that does not exist.
    static func displayPath(_ path: String) -> String {
        "(built-in theme \(name))/\(path)"
    }

    static func file(_ path: String) -> [UInt8]? {
        files.first { $0.path == path }?.bytes
    }

    /// Template name → file, by the rule of a theme folder: `.mustache` files directly in
    /// `templates/`, hidden files left out.
    static var templates: [String: ThemeFile] {
        let prefix = "templates/", suffix = "." + Theme.fileExtension
        var found: [String: ThemeFile] = [:]
        for (path, bytes) in files where path.hasPrefix(prefix) && path.hasSuffix(suffix) {
            let name = path.dropFirst(prefix.count).dropLast(suffix.count)
            guard !name.contains("/"), !name.hasPrefix(".") else { continue }
            found[String(name)] = .builtIn(path: path, bytes: bytes)
        }
        return found
    }

    /// The files of `static/`, relative to it, copied into the output before `Content/static/`.
    static var staticFiles: [(path: String, bytes: [UInt8])] {
        files.compactMap { $0.path.hasPrefix("static/") ? (String($0.path.dropFirst("static/".count)), $0.bytes) : nil }
    }
}

extension SiteLayout {
    /// The folders of `Themes/` (hidden ones aside), by name: the themes on disk.
    public var themeFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: themes.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: theme(named: name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}

/// A file of a theme: in a folder on disk, or built into sitegen.
enum ThemeFile: Sendable {
    case disk(URL)
    case builtIn(path: String, bytes: [UInt8])

    func displayPath(in layout: SiteLayout) -> String {
        switch self {
        case .disk(let url): layout.displayPath(url)
        case .builtIn(let path, _): BuiltInTheme.displayPath(path)
        }
    }

    func read(in layout: SiteLayout) throws(Diagnostic) -> SourceText {
        switch self {
        case .disk(let url): try SourceText.read(url, displayPath: layout.displayPath(url))
        case .builtIn(let path, let bytes): try SourceText.decode(bytes, displayPath: BuiltInTheme.displayPath(path))
        }
    }
}
