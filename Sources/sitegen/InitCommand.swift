import Foundation
import SiteKit

enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "Start a new site in an empty folder: settings, a first post, .gitignore, a CI workflow.",
        usage: "sitegen init [DIR]",
        options: [],
        positionals: 0...1,
        notes: """
            DIR (default: the current folder) is made if missing and must be empty (a .git folder is \
            fine). The site uses the theme built into sitegen; 'sitegen theme eject' copies it out.
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        let given = arguments.positionals.first
        let folder = given.map { URL(fileURLWithPath: $0, relativeTo: currentFolder).absoluteURL.standardizedFileURL } ?? currentFolder
        let shown = given ?? "the current folder"
        do {
            let written = try NewSite().create(in: folder, shownAs: shown)
            let prefix = given.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
            for path in written { terminal.out("Created \(prefix)\(path)") }
            let enter = given.map { "cd \(shellQuoted($0)) && " } ?? ""
            terminal.out("""
                A new site in \(shown). Next: \(enter)sitegen serve, and open http://127.0.0.1:8000/
                Before the first push, set SITEGEN_GIT in .github/workflows/site.yml (its comments say how).
                """)
            return ExitCode.success
        } catch {
            terminal.err("sitegen init: error: \(error.message)")
            return ExitCode.contentError
        }
    }

    /// `blog`, or `'my blog'` where a shell would split the name.
    private static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
