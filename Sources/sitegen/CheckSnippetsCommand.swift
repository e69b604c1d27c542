import Foundation
import SiteKit
import Snippets
import Support

enum CheckSnippetsCommand {
    static let spec = CommandSpec(
        name: "check-snippets",
        summary: "Compile the Swift code blocks of the posts; report each at its Markdown line.",
        usage: "sitegen check-snippets [--site DIR] [--format text|github|json] [--jobs N] [--emit DIR] [--verbose] [FILE...]",
        options: [
            OptionSpec(name: "--site", valueName: "DIR", help: "The site's root folder (default: the current folder)."),
            OptionSpec(name: "--format", valueName: "FORMAT", help: "text (default), github (workflow annotations) or json."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Compiler processes at once (default: the number of cores)."),
            OptionSpec(name: "--emit", valueName: "DIR", help: "Also write the assembled programs as a Swift package, a target per program."),
            OptionSpec(name: "--verbose", valueName: nil, help: "Print every warning of the site's content; by default a few of each kind."),
        ],
        positionals: 0...Int.max)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        let format = arguments.value("--format") ?? "text"
        guard ["text", "github", "json"].contains(format) else {
            terminal.err("sitegen check-snippets: error: unknown format '\(format)'\(DidYouMean.hint(for: format, among: ["text", "github", "json"])); use text, github or json")
            return ExitCode.usage
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = arguments.value("--jobs") {
            guard let value = Int(text), value >= 1 else {
                terminal.err("sitegen check-snippets: error: --jobs needs a whole number of at least 1, not '\(text)'")
                return ExitCode.usage
            }
            jobs = value
        }
        guard let root = siteRoot(arguments, terminal: terminal) else { return ExitCode.contentError }
        guard let toolchain = SwiftToolchain.find() else {
            terminal.err("sitegen check-snippets: error: no swiftc found (set SWIFTC or put swiftc on PATH)")
            return ExitCode.contentError
        }
        let showProgress = format == "text" && isatty(STDERR_FILENO) == 1
        var progress: (@Sendable (Int, Int) -> Void)?
        if showProgress {
            progress = { done, total in
                FileHandle.standardError.write(Data("\rchecking snippets: \(done)/\(total) programs\u{1B}[K".utf8))
            }
        }
        let checker = SnippetChecker(options: .init(siteRoot: root, files: arguments.positionals, jobs: jobs, toolchain: toolchain),
                                     progress: progress)
        let report: SnippetReport
        do {
            if let emit = arguments.value("--emit") {
                let folder = URL(fileURLWithPath: emit, relativeTo: currentFolder).absoluteURL
                try SnippetPackageEmitter(plan: checker.plan()).write(to: folder)
            }
            report = try checker.check()
        } catch {
            if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            printer(arguments, terminal: terminal, siteRoot: root).print(error.diagnostics)
            terminal.err("sitegen check-snippets: the snippets could not be checked")
            return ExitCode.contentError
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        switch format {
        case "github": FileHandle.standardOutput.write(Data(SnippetReportFormat.github(report).utf8))
        case "json": FileHandle.standardOutput.write(Data(SnippetReportFormat.json(report).utf8))
        default: printText(report, terminal: terminal, root: root)
        }
        return report.failed > 0 ? ExitCode.contentError : ExitCode.success
    }

    private static func printText(_ report: SnippetReport, terminal: Terminal, root: URL) {
        for result in report.results {
            let place = result.block.place
            switch result.outcome {
            case .passed:
                terminal.out("passed  \(place)  (\(result.program))")
            case .skipped(let reason):
                terminal.out("skipped \(place): \(reason)")
            case .failed(let diagnostics):
                terminal.out("FAILED  \(place)\(result.program.isEmpty ? "" : "  (\(result.program))")")
                for diagnostic in diagnostics { terminal.report(diagnostic, siteRoot: root) }
            }
        }
        let cached = report.cachedPrograms == report.programs && report.programs > 0 ? ", all from the cache" : ""
        terminal.out("\(report.programs) programs, \(report.compilerProcesses) compiler processes\(cached), \(duration(report.seconds))")
        terminal.out(report.summaryLine)
    }
}
