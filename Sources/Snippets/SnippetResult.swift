import SiteKit
import Support

/// What became of one block.
package struct SnippetResult: Sendable {
    package enum Outcome: Sendable {
        /// Its program compiled (and ran as expected, for `run`): proven.
        case passed
        /// Each problem located in the Markdown file where possible.
        case failed([Diagnostic])
        /// No error of its own, but its program did not compile: nothing was proven
        /// ("program `main` failed at Content/posts/x.md:12").
        case notProven(reason: String)
        case skipped(reason: String)
    }

    package var block: SnippetBlock
    /// The program it was checked in (`main`, `module:Lib`, `fails:42`, …); empty when skipped.
    package var program: String
    package var outcome: Outcome
    /// A failure the baseline lists: reported, but it does not fail the run.
    package var known = false
    /// False when a process was stopped (a timeout): the result is not kept for the next run.
    var isCacheable = true
    /// For a passing `fails=` block: the compiler's messages, which the page shows.
    var messages: [Diagnostic] = []
    /// For a passing `run` block: what the program printed, which the page shows.
    var output: String?
    /// For a passing block of a program that compiled: its identifiers as the AST typed them,
    /// in offsets of its code, still mangled.
    var rawTypes: RawTypes?
    /// The same, demangled: what the page shows.
    var types: [TypeMark]?

    init(block: SnippetBlock, program: String, outcome: Outcome) {
        self.block = block
        self.program = program
        self.outcome = outcome
    }

    var isPassed: Bool { if case .passed = outcome { return true } else { return false } }
    var isFailure: Bool { if case .failed = outcome { return true } else { return false } }
    var isSkipped: Bool { if case .skipped = outcome { return true } else { return false } }
    var isNotProven: Bool { if case .notProven = outcome { return true } else { return false } }
    /// A failure the baseline does not list: it fails the run.
    var isNewFailure: Bool { isFailure && !known }

    /// The program as a baseline names it: without the line numbers in `isolated:12` and
    /// `fails:12`, which move when another block of the post is edited.
    var programKind: String {
        if program.isEmpty { return "invalid" }
        if let colon = program.firstIndex(of: ":"), ["isolated", "fails"].contains(program[..<colon]) {
            return String(program[..<colon])
        }
        return program
    }
}

/// Everything a `check-snippets` run found.
package struct SnippetReport: Sendable {
    package var results: [SnippetResult]
    /// Compiler processes started by this run (0 when every result came from the cache).
    package var compilerProcesses: Int
    package var programs: Int
    package var cachedPrograms: Int
    package var seconds: Double
    /// Baseline entries whose block no longer fails (it passes, or is gone): with a baseline,
    /// each fails the run until `--update-baseline` removes it. Nil without a baseline.
    package var stale: [BaselineEntry]?
    /// Said once at the end of the report (no sandbox for `run` programs, …).
    package var warnings: [String] = []
    /// Errors of the site's content (a post without a date, …), each at its `file:line:col`:
    /// they fail the run, and a post that cannot be read is not checked.
    package var contentErrors: [Diagnostic] = []
    /// Whether the results came from the manifest without loading the site.
    package var fromManifest = false
    /// The posts checked (display paths), with or without Swift blocks: a baseline's
    /// entries for other posts are neither known nor stale.
    var checkedFiles: Set<String> = []

    init(results: [SnippetResult], compilerProcesses: Int, programs: Int, cachedPrograms: Int, seconds: Double) {
        self.results = results
        self.compilerProcesses = compilerProcesses
        self.programs = programs
        self.cachedPrograms = cachedPrograms
        self.seconds = seconds
    }

    var passed: Int { results.count(where: \.isPassed) }
    /// New failures: those a baseline lists are counted as `known` instead.
    var failed: Int { results.count(where: \.isNewFailure) }
    var known: Int { results.count { $0.isFailure && $0.known } }
    var skipped: Int { results.count(where: \.isSkipped) }
    var notProven: Int { results.count(where: \.isNotProven) }

    /// Whether the run fails: a new failure, (with a baseline) a listed one that is gone, or
    /// an error of the content.
    package var fails: Bool { failed > 0 || !(stale ?? []).isEmpty || !contentErrors.isEmpty }

    /// `1 content error (…)`, printed after the summary line; nil without content errors.
    package var contentErrorLine: String? {
        guard !contentErrors.isEmpty else { return nil }
        let count = contentErrors.count == 1 ? "1 content error" : "\(contentErrors.count) content errors"
        return "\(count) (sitegen build fails on \(contentErrors.count == 1 ? "it" : "them") too); a post that cannot be read is not checked"
    }

    /// `N passed, N failed, N skipped, N not proven` (with a baseline `, N known, N stale`),
    /// the report's last line.
    package var summaryLine: String {
        var line = "\(passed) passed, \(failed) failed, \(skipped) skipped, \(notProven) not proven"
        if let stale { line += ", \(known) known, \(stale.count) stale" }
        return line
    }
}
