import Foundation
import SiteKit
import Support

enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        summary: "Build the site: read Content/, render every page, write Output/.",
        usage: "sitegen build [--site DIR] [--output DIR] [--drafts] [--future] [--quiet] [--timings] [--verbose]",
        options: [
            OptionSpec(name: "--site", valueName: "DIR", help: "The site's root folder, holding Content/ and Themes/ (default: the current folder)."),
            OptionSpec(name: "--output", valueName: "DIR", help: "Where to write the site (default: Output/ in the site root)."),
            OptionSpec(name: "--drafts", valueName: nil, help: "Include posts with 'draft: true'."),
            OptionSpec(name: "--future", valueName: nil, help: "Include posts dated after now, which otherwise wait for their date (as 'future: true' in site.yml)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Print nothing but warnings and errors."),
            OptionSpec(name: "--timings", valueName: nil, help: "Also print the wall time of each stage (load; render and write; static files and swap)."),
            OptionSpec(name: "--verbose", valueName: nil, help: "Print every warning; by default only the first \(DiagnosticPrinter.shownPerKind) of a kind, then their count."),
        ])

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        build(arguments, terminal: terminal) == nil ? ExitCode.contentError : ExitCode.success
    }

    /// Builds as `--site`, `--output` and `--drafts` say, reporting warnings, the summary
    /// (unless `--quiet`) and errors; the options built with, or nil when the build failed.
    static func build(_ arguments: ParsedArguments, terminal: Terminal) -> SiteBuilder.Options? {
        guard let root = siteRoot(arguments, terminal: terminal) else { return nil }
        let output = arguments.value("--output").map { URL(fileURLWithPath: $0, relativeTo: currentFolder) }
        var options = SiteBuilder.Options(siteRoot: root, output: output?.absoluteURL, includeDrafts: arguments.has("--drafts"))
        // CI services set CI=true (GitHub Actions, GitLab, Travis, CircleCI...).
        options.requireMath = ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
        options.includeFuture = arguments.has("--future")
        let interrupts = removeStagingOnInterrupt()
        defer { restoreSignals(interrupts) }
        let outputBefore = FileStatus.ofLink(options.output.path)
        do {
            let summary = try SiteBuilder(options: options).build()
            printer(arguments, terminal: terminal, siteRoot: options.siteRoot).print(summary.warnings)
            if !summary.skippedDrafts.isEmpty {
                terminal.err("note: \(summary.skippedDrafts.count) draft\(summary.skippedDrafts.count == 1 ? "" : "s") left out (build with --drafts to include): \(summary.skippedDrafts.joined(separator: ", "))")
            }
            if let next = summary.scheduledPosts.first {
                let count = summary.scheduledPosts.count
                terminal.err("note: \(count) post\(count == 1 ? "" : "s") dated in the future held back until \(count == 1 ? "its date" : "their dates"), "
                             + "the next \(next.sourcePath) on \(next.date) (build with --future to include)")
            }
            if !arguments.has("--quiet") {
                let where_ = SiteLayout(root: options.siteRoot).displayPath(options.output)
                terminal.out("Built \(counted(summary.pages, "page")) (\(counted(summary.posts, "post"))), \(counted(summary.filesWritten, "file")) in \(where_)/ in \(duration(summary.seconds))")
            }
            if arguments.has("--timings") {
                terminal.out(stageTimes(summary))
            }
            return options
        } catch {
            printer(arguments, terminal: terminal, siteRoot: options.siteRoot).print(error.diagnostics)
            let count = error.diagnostics.filter { $0.severity == .error }.count
            terminal.err("sitegen: build failed with \(count) error\(count == 1 ? "" : "s"); "
                         + outputState(before: outputBefore, after: FileStatus.ofLink(options.output.path)))
            return nil
        }
    }

    /// What a failed build did to the output folder, told from its inode before and after.
    private static func outputState(before: FileStatus?, after: FileStatus?) -> String {
        switch (before, after) {
        case (let before?, let after?) where before.inode == after.inode && before.device == after.device:
            return "the output folder was not changed"
        case (_, nil):
            return before == nil ? "no output folder was made" : "the output folder is gone (see the errors above)"
        default:
            return "the output folder was put back as said above, and not changed otherwise"
        }
    }

    /// Ctrl-C or SIGTERM during a build: the staging folder is removed, then the process
    /// ends by the signal, as it would have without this handler.
    private static func removeStagingOnInterrupt() -> [(number: Int32, previous: (@convention(c) (Int32) -> Void)?, source: DispatchSourceSignal)] {
        [SIGINT, SIGTERM].map { number in
            let previous = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if InterruptedBuilds.shared.removeAll() {
                    FileHandle.standardError.write(Data("sitegen: interrupted; the output folder was not changed\n".utf8))
                }
                signal(number, SIG_DFL)
                kill(getpid(), number)
                usleep(200_000)
                _exit(128 + number)
            }
            source.resume()
            return (number, previous, source)
        }
    }

    /// The handling the signals had before the build (a server's own, or the default).
    private static func restoreSignals(_ installed: [(number: Int32, previous: (@convention(c) (Int32) -> Void)?, source: DispatchSourceSignal)]) {
        for (number, previous, source) in installed {
            source.cancel()
            signal(number, previous)
        }
    }
}

/// Prints diagnostics, every warning with `--verbose`, else a few of each kind.
func printer(_ arguments: ParsedArguments, terminal: Terminal, siteRoot: URL) -> DiagnosticPrinter {
    DiagnosticPrinter(terminal: terminal, siteRoot: siteRoot, verbose: arguments.has("--verbose"))
}

var currentFolder: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

/// The folder `--site` names (default: the current one), or nil, said on stderr, when it
/// has no `Content/` folder.
func siteRoot(_ arguments: ParsedArguments, terminal: Terminal) -> URL? {
    let root = (arguments.value("--site").map { URL(fileURLWithPath: $0, relativeTo: currentFolder) } ?? currentFolder).absoluteURL
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Content").path, isDirectory: &isDirectory),
          isDirectory.boolValue else {
        terminal.err("sitegen: error: no Content/ folder in \(root.path): run in a site's root or pass --site DIR")
        return nil
    }
    return root.standardizedFileURL
}

/// `4 ms`, `1.27 s`: milliseconds below a second, where `0.00 s` would say nothing.
func duration(_ seconds: Double) -> String {
    seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
}

/// `load 12 ms, render 230 ms, write 40 ms`: the stages of ``SiteBuilder/stages``.
func stageTimes(_ summary: SiteBuilder.Summary) -> String {
    summary.stageSeconds.map { "\($0.stage) \(duration($0.seconds))" }.joined(separator: ", ")
}

/// `1 post`, `2 posts`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
