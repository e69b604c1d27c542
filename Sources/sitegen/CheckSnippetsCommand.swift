import Foundation
import SiteKit
import Snippets
import Support

enum CheckSnippetsCommand {
    static let spec = CommandSpec(
        name: "check-snippets",
        summary: "Compile the Swift code blocks of the posts; report each at its Markdown line.",
        usage: "sitegen check-snippets [--site DIR] [--format text|github|json] [--jobs N] [--timeout SECONDS] [--no-run] [--baseline FILE [--update-baseline]] [--suggest [--write]] [--emit DIR] [--platform apple [--sdk NAME]] [--verbose] [FILE...]",
        options: [
            OptionSpec(name: "--site", valueName: "DIR", help: "The site's root folder (default: the current folder)."),
            OptionSpec(name: "--format", valueName: "FORMAT", help: "text (default), github (workflow annotations) or json."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Compiler processes at once (default: the number of cores)."),
            OptionSpec(name: "--timeout", valueName: "SECONDS", help: "Stop a compile that uses more CPU time and report it at its block (default: 60)."),
            OptionSpec(name: "--no-run", valueName: nil, help: "Type-check `run` blocks without running them (for untrusted posts)."),
            OptionSpec(name: "--baseline", valueName: "FILE", help: "Known failures: fail only on new ones, and on listed ones that no longer fail."),
            OptionSpec(name: "--update-baseline", valueName: nil, help: "Write the run's failures into the --baseline file."),
            OptionSpec(name: "--suggest", valueName: nil, help: "For each failing block, the fence words that make it compile, or why none can."),
            OptionSpec(name: "--write", valueName: nil, help: "With --suggest: write the suggested words on the fence lines (nothing else changes)."),
            OptionSpec(name: "--emit", valueName: "DIR", help: "Also write the assembled programs as a Swift package, a target per program."),
            OptionSpec(name: "--platform", valueName: "apple", help: "Compile against an Apple SDK through xcrun (a Mac with Xcode), platform=apple blocks included."),
            OptionSpec(name: "--sdk", valueName: "NAME", help: "With --platform apple: iphonesimulator (default) or macosx."),
            OptionSpec(name: "--verbose", valueName: nil, help: "Print every warning of the site's content; by default a few of each kind."),
        ],
        positionals: 0...Int.max)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        func usage(_ message: String) -> Int32 {
            terminal.err("sitegen check-snippets: error: \(message)")
            return ExitCode.usage
        }
        let format = arguments.value("--format") ?? "text"
        guard ["text", "github", "json"].contains(format) else {
            return usage("unknown format '\(format)'\(DidYouMean.hint(for: format, among: ["text", "github", "json"])); use text, github or json")
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = arguments.value("--jobs") {
            guard let value = Int(text), value >= 1 else { return usage("--jobs needs a whole number of at least 1, not '\(text)'") }
            jobs = value
        }
        var timeout: TimeInterval = 60
        if let text = arguments.value("--timeout") {
            guard let value = Double(text), value > 0, value.isFinite else { return usage("--timeout needs a number of seconds above 0, not '\(text)'") }
            timeout = value
        }
        if arguments.has("--update-baseline") && arguments.value("--baseline") == nil {
            return usage("--update-baseline writes the file --baseline names; add --baseline FILE")
        }
        if arguments.has("--write") && !arguments.has("--suggest") {
            return usage("--write writes the suggestions of --suggest; add --suggest")
        }
        guard let root = siteRoot(arguments, terminal: terminal) else { return ExitCode.contentError }
        let toolchain: SwiftToolchain
        switch findToolchain(arguments) {
        case .success(let found): toolchain = found
        case .failure(.usage(let message)): return usage(message)
        case .failure(.unavailable(let message)):
            terminal.err("sitegen check-snippets: error: \(message)")
            return ExitCode.contentError
        }
        let showProgress = format == "text" && isatty(STDERR_FILENO) == 1
        var progress: (@Sendable (Int, Int) -> Void)?
        if showProgress {
            progress = { done, total in
                FileHandle.standardError.write(Data("\rchecking snippets: \(done)/\(total) programs\u{1B}[K".utf8))
            }
        }
        var options = SnippetChecker.Options(siteRoot: root, files: arguments.positionals, jobs: jobs, toolchain: toolchain)
        options.timeout = timeout
        if arguments.has("--no-run") { options.runPrograms = false }
        let checker = SnippetChecker(options: options, progress: progress)
        var report: SnippetReport
        var suggestions: SnippetSuggester.Result?
        do throws(DiagnosticsError) {
            if let emit = arguments.value("--emit") {
                let folder = URL(fileURLWithPath: emit, relativeTo: currentFolder).absoluteURL
                try SnippetPackageEmitter(plan: checker.plan(withAppleBlocks: true)).write(to: folder)
            }
            report = try checker.check()
            if let path = arguments.value("--baseline") {
                try applyBaseline(path, to: &report, update: arguments.has("--update-baseline"), terminal: terminal)
            }
            if arguments.has("--suggest") {
                suggestions = try SnippetSuggester(checker: checker).suggest(for: report)
            }
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
        if let suggestions {
            return SuggestionOutput.print(suggestions, write: arguments.has("--write"), root: root, terminal: terminal)
        }
        return report.fails ? ExitCode.contentError : ExitCode.success
    }

    private enum ToolchainProblem: Error {
        case usage(String)
        case unavailable(String)
    }

    /// This machine's swiftc, or with `--platform apple` the one `xcrun` names with its SDK.
    private static func findToolchain(_ arguments: ParsedArguments) -> Result<SwiftToolchain, ToolchainProblem> {
        let sdkNames = AppleSDK.Name.allCases.map(\.rawValue)
        guard let platform = arguments.value("--platform") else {
            if arguments.value("--sdk") != nil { return .failure(.usage("--sdk chooses the SDK of --platform apple; add --platform apple")) }
            guard let toolchain = SwiftToolchain.find() else { return .failure(.unavailable("no swiftc found (set SWIFTC or put swiftc on PATH)")) }
            return .success(toolchain)
        }
        guard platform == "apple" else {
            return .failure(.usage("unknown platform '\(platform)'\(DidYouMean.hint(for: platform, among: ["apple"])); the only one is apple "
                + "(without --platform, this machine's)"))
        }
        let text = arguments.value("--sdk") ?? AppleSDK.Name.iphonesimulator.rawValue
        guard let sdk = AppleSDK.Name(rawValue: text) else {
            return .failure(.usage("unknown SDK '\(text)'\(DidYouMean.hint(for: text, among: sdkNames)); use \(sdkNames.joined(separator: " or "))"))
        }
        do throws(AppleSDK.Unavailable) {
            return .success(try SwiftToolchain.findApple(sdk))
        } catch {
            return .failure(.unavailable(error.description))
        }
    }

    /// Reads the baseline (or, with `update`, writes this run's failures into it) and marks
    /// the report's known failures and stale entries.
    private static func applyBaseline(_ path: String, to report: inout SnippetReport, update: Bool, terminal: Terminal) throws(DiagnosticsError) {
        let url = URL(fileURLWithPath: path, relativeTo: currentFolder).absoluteURL
        var baseline: SnippetBaseline
        do {
            baseline = try SnippetBaseline.read(url, displayPath: path)
        } catch {
            throw DiagnosticsError([error])
        }
        if update {
            baseline = baseline.updated(with: report)
            do {
                try Data(baseline.text.utf8).write(to: url, options: .atomic)
            } catch {
                throw DiagnosticsError([.error(path, nil, "cannot write the baseline: \(error.localizedDescription)")])
            }
            terminal.err("wrote \(path): \(baseline.entries.count) known failures")
        }
        baseline.apply(to: &report)
    }

    private static func printText(_ report: SnippetReport, terminal: Terminal, root: URL) {
        for diagnostic in report.contentErrors {
            terminal.out("content error \(diagnostic.location.map { "\(diagnostic.file):\($0.line):\($0.column)" } ?? diagnostic.file)")
            terminal.report(diagnostic, siteRoot: root)
        }
        for result in report.results {
            let place = result.block.place
            let program = result.program.isEmpty ? "" : "  (\(result.program))"
            switch result.outcome {
            case .passed:
                terminal.out("passed  \(place)\(program)")
            case .skipped(let reason):
                terminal.out("skipped \(place): \(reason)")
            case .notProven(let reason):
                terminal.out("not proven \(place)\(program): \(reason)")
            case .failed(let diagnostics) where result.known:
                terminal.out("known   \(place)\(program): \(diagnostics.first?.message ?? "")")
            case .failed(let diagnostics):
                terminal.out("FAILED  \(place)\(program)")
                for diagnostic in diagnostics { terminal.report(diagnostic, siteRoot: root) }
            }
        }
        for entry in report.stale ?? [] {
            terminal.out("stale   \(entry.place): \(SnippetReportFormat.staleMessage(entry))")
        }
        for warning in report.warnings { terminal.err("sitegen check-snippets: warning: \(warning)") }
        let how = report.fromManifest ? "no post changed since the last run" : "\(report.programs) programs, \(report.compilerProcesses) compiler processes"
            + (report.cachedPrograms == report.programs && report.programs > 0 ? ", all from the cache" : "")
        terminal.out("\(how), \(duration(report.seconds))")
        terminal.out(report.summaryLine)
        if let line = report.contentErrorLine { terminal.out(line) }
    }
}

/// What `--suggest` prints, and `--write` writes.
enum SuggestionOutput {
    static func print(_ result: SnippetSuggester.Result, write: Bool, root: URL, terminal: Terminal) -> Int32 {
        let suggestions = result.suggestions
        for suggestion in suggestions {
            let place = suggestion.block.place
            if suggestion.kind == .none {
                terminal.out("no suggestion \(place): \(suggestion.reason)")
            } else {
                terminal.out("suggest \(place): \(suggestion.words) (\(suggestion.reason))")
            }
        }
        if suggestions.contains(where: \.needsFoundation) {
            terminal.out("note: some suggestions compile only with `import Foundation`: add it to Content/snippets/prelude.swift")
        }
        let classified = suggestions.count { $0.kind != .none }
        let share = suggestions.isEmpty ? 100 : Int((Double(classified) * 100 / Double(suggestions.count)).rounded())
        terminal.out("\(suggestions.count) blocks to settle: \(classified) with a suggestion (\(share)%), \(suggestions.count - classified) without; "
            + "\(suggestions.count { $0.kind == .compiles }) compile with new words, \(suggestions.count { $0.kind == .apple }) need an Apple SDK, "
            + "\(suggestions.count { $0.kind == .skip }) to skip; \(result.compilerProcesses) compiler processes")
        guard write else { return ExitCode.success }
        do {
            let written = try FenceRewriter.write(suggestions, checked: result.checked, siteRoot: root)
            terminal.out("wrote \(written.lines) fence lines in \(written.posts) posts")
            return ExitCode.success
        } catch {
            for diagnostic in error.diagnostics { terminal.report(diagnostic, siteRoot: root) }
            return ExitCode.contentError
        }
    }
}
