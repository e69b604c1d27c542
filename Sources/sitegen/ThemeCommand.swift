import Foundation
import SiteKit
import Support

enum ThemeCommand {
    /// What `sitegen theme` does.
    static let actions = ["eject", "list"]

    static let spec = CommandSpec(
        name: "theme",
        summary: "List the themes, or copy the built-in theme into Themes/ to change it.",
        usage: "sitegen theme list [--site DIR] | sitegen theme eject [NAME] [--site DIR]",
        options: [
            OptionSpec(name: "--site", valueName: "DIR", help: "The site's root folder (default: the current folder)."),
        ],
        positionals: 1...2,
        notes: """
            eject writes the built-in theme into Themes/NAME/ (default: Themes/default/, which the \
            site then uses instead of the built-in one; for another NAME, set 'theme: NAME' in \
            Content/site.yml). It never writes into an existing folder.
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        let action = arguments.positionals[0]
        guard actions.contains(action) else {
            return spec.usageError("unknown action '\(action)'\(DidYouMean.hint(for: action, among: actions)); 'theme' does: \(actions.joined(separator: ", "))", on: terminal)
        }
        if action == "list" && arguments.positionals.count > 1 {
            return spec.usageError("'theme list' takes no name", on: terminal)
        }
        guard let root = siteRoot(arguments, terminal: terminal) else { return ExitCode.contentError }
        let layout = SiteLayout(root: root)
        if action == "list" {
            list(layout, terminal: terminal)
            return ExitCode.success
        }
        let name = arguments.positionals.count > 1 ? arguments.positionals[1] : BuiltInTheme.name
        do {
            for path in try ThemeEject(name: name).write(in: layout) { terminal.out("Wrote \(path)") }
            if name != BuiltInTheme.name {
                terminal.out("Set 'theme: \(name)' in Content/site.yml to use it.")
            }
            return ExitCode.success
        } catch {
            terminal.err("sitegen theme eject: error: \(error.message)")
            return ExitCode.contentError
        }
    }

    /// Each theme the site can name in `theme:`, where it comes from, and which one it names.
    private static func list(_ layout: SiteLayout, terminal: Terminal) {
        let folders = layout.themeFolders
        let used = usedTheme(layout)
        let names = Set(folders + [BuiltInTheme.name]).sorted()
        let width = names.map(\.count).max() ?? 0
        for name in names {
            var source = folders.contains(name) ? "Themes/\(name)/" : "built in"
            if folders.contains(name) && name == BuiltInTheme.name { source += " (in place of the built-in one)" }
            if name == used { source += "; used by Content/site.yml" }
            terminal.out(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + source)
        }
    }

    /// The `theme:` of `Content/site.yml`, the default when it names none; nil when the
    /// settings cannot be read (the build says why).
    private static func usedTheme(_ layout: SiteLayout) -> String? {
        guard FileManager.default.fileExists(atPath: layout.configFile.path) else { return SiteConfig().theme }
        guard let source = try? SourceText.read(layout.configFile, displayPath: layout.displayPath(layout.configFile)) else { return nil }
        return SiteConfigDecoder.decode(source).config?.theme
    }
}
