import Foundation
@testable import SiteKit
@testable import Support

/// A small site written inline by a test into a fresh temporary folder.
struct FixtureSite {
    let root: URL

    /// `withTheme`: copy the project's `Themes/default`, so fixtures render with the real theme.
    /// The settings of a fixture site unless it gives its own.
    static let defaultConfig = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n"

    init(_ files: [String: String] = [:], config: String? = FixtureSite.defaultConfig,
         withTheme: Bool = true) {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-fixture-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: root.appendingPathComponent("Content/posts"), withIntermediateDirectories: true)
        if withTheme {
            try! FileManager.default.createDirectory(at: root.appendingPathComponent("Themes"), withIntermediateDirectories: true)
            try! FileManager.default.copyItem(at: SharedFolder.projectRoot.appendingPathComponent("Themes/default"),
                                              to: root.appendingPathComponent("Themes/default"))
        }
        if let config { write("Content/site.yml", config) }
        for (path, text) in files { write(path, text) }
    }

    /// A site already on disk (one a test moved or copied).
    init(root: URL) {
        self.root = root
    }

    var output: URL { root.appendingPathComponent("Output") }

    func write(_ path: String, _ text: String) {
        write(path, bytes: Array(text.utf8))
    }

    func write(_ path: String, bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
    }

    func read(_ path: String) -> String? {
        try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    func build(drafts: Bool = false) throws(DiagnosticsError) -> SiteBuilder.Summary {
        try SiteBuilder(options: .init(siteRoot: root, includeDrafts: drafts)).build()
    }

    /// The diagnostics of a build that must fail.
    func failingBuild() -> [Diagnostic] {
        do {
            _ = try build()
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// Every file below the output folder with its bytes, to prove a failed build changed nothing.
    func outputSnapshot() -> [String: Data] {
        var snapshot: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: output.path) else { return [:] }
        for case let path as String in enumerator {
            let url = output.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            snapshot[path] = isDirectory.boolValue ? Data("<dir>".utf8) : (try? Data(contentsOf: url))
        }
        return snapshot
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A post file with front matter lines and a body.
    static func post(_ frontMatter: String, body: String = "Some text.\n") -> String {
        "---\n\(frontMatter)\n---\n\n\(body)"
    }
}

extension Array where Element == Diagnostic {
    var errors: [Diagnostic] { filter { $0.severity == .error } }
    var headlines: [String] { map(\.headline) }
}
