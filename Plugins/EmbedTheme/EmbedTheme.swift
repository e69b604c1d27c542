import Foundation
import PackagePlugin

/// Builds `Themes/default` into the `DefaultTheme` target: at every build, ThemeEmbedder
/// writes the theme's files as a Swift source, so the installed binary needs no copy of the
/// theme and git holds only the one in `Themes/`. Every file and folder of the theme is an
/// input, so an edited, added or removed file regenerates the source. SwiftPM asks this
/// plugin for its inputs only when it plans the build again (Package.swift or the Sources
/// folders changed), so a file in a folder made after that is missed until the next plan;
/// BuiltInThemeTests compares the embedded files with the folder and says so.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "Themes/default")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
        return [.buildCommand(
            displayName: "Embedding Themes/default",
            executable: try context.tool(named: "ThemeEmbedder").url,
            arguments: [theme.path, output.path],
            inputFiles: files(below: theme),
            outputFiles: [output])]
    }

    /// The theme's files, hidden ones too (the build copies them from a theme's static/), and
    /// its folders: a folder's modification time is what changes when a file is added.
    private func files(below folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [folder] }
        return [folder] + walk.compactMap { $0 as? URL }
    }
}
