import Foundation
import Import
import Support

enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        summary: "Make a sitegen site from a Jekyll or Hugo site; report what was converted and what was left.",
        usage: "sitegen import jekyll|hugo SRC [DIR] [--format text|json] [--allow-url-changes]",
        options: [
            OptionSpec(name: "--format", valueName: "FORMAT", help: "text (default) or json (every place of every construct)."),
            OptionSpec(name: "--allow-url-changes", valueName: nil, help: "exit 0 even when an old URL does not answer in the imported site (the report lists each)."),
        ],
        positionals: 0...3,
        notes: """
            SRC is never written to. DIR (default: ./<name of SRC>-sitegen) must not exist or be empty; the
            site is written beside it and moved into place only when the whole import worked.
            The import then builds the new site (into a temporary folder) and checks that every URL the old
            site served answers, as a page or a redirect: "old URLs: N of M answer". A URL that does not
            answer makes the exit code 1, unless --allow-url-changes.
            docs/import.md lists every conversion.
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        let kinds = SourceGenerator.allCases.map(\.rawValue)
        guard let kind = arguments.positionals.first else {
            return spec.usageError("say what to import: sitegen import jekyll|hugo SRC [DIR]", on: terminal)
        }
        guard let generator = SourceGenerator(rawValue: kind) else {
            return spec.usageError("cannot import '\(kind)'\(DidYouMean.hint(for: kind, among: kinds)); 'import' reads: \(kinds.joined(separator: ", "))", on: terminal)
        }
        guard arguments.positionals.count >= 2 else {
            return spec.usageError("name the site to import: sitegen import \(kind) SRC [DIR]", on: terminal)
        }
        let format = arguments.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else {
            return spec.usageError("unknown format '\(format)'\(DidYouMean.hint(for: format, among: ["text", "json"])); use text or json", on: terminal)
        }
        let source = URL(fileURLWithPath: arguments.positionals[1], relativeTo: currentFolder).absoluteURL.standardizedFileURL
        let destination = arguments.positionals.count > 2
            ? URL(fileURLWithPath: arguments.positionals[2], relativeTo: currentFolder).absoluteURL
            : currentFolder.appendingPathComponent(source.lastPathComponent + "-sitegen")
        let importer = SiteImporter(options: .init(generator: generator, source: source, destination: destination))
        do {
            let report = try importer.run()
            if format == "json" {
                FileHandle.standardOutput.write(Data(ImportReportFormat.json(report).utf8))
            } else {
                terminal.out(ImportReportFormat.text(report))
                terminal.out("\nNext: cd \(relativeToCurrentFolder(destination)) && sitegen build")
            }
            if report.oldURLsNotAnswering > 0, !arguments.has("--allow-url-changes") {
                terminal.err("sitegen import: old URLs do not answer in \(destination.path) (listed above): fix them there, or pass --allow-url-changes to accept that")
                return ExitCode.contentError
            }
            return ExitCode.success
        } catch {
            for diagnostic in error.diagnostics { terminal.report(diagnostic, siteRoot: source) }
            terminal.err("sitegen import: nothing was written to \(destination.path)")
            return ExitCode.contentError
        }
    }

    private static func relativeToCurrentFolder(_ url: URL) -> String {
        let here = currentFolder.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }
}
