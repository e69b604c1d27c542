import SiteKit
import Support

/// What became of one block.
public struct SnippetResult: Sendable {
    public enum Outcome: Sendable {
        /// Its program compiled (and ran as expected, for `run`): proven.
        case passed
        /// Each problem located in the Markdown file where possible.
        case failed([Diagnostic])
        /// No error of its own, but its program did not compile: nothing was proven
        /// ("program `main` failed at Content/posts/x.md:12").
        case notProven(reason: String)
        case skipped(reason: String)
    }

    public var block: SnippetBlock
    /// The program it was checked in (`main`, `module:Lib`, `fails:42`, …); empty when skipped.
    public var program: String
    public var outcome: Outcome
    /// A failure the baseline lists: reported, but it does not fail the run.
    public var known = false
    /// False when a process was stopped (a timeout): the result is not kept for the next run.
    public var isCacheable = true
    /// For a passing `fails=` block: the compiler's messages, which the page shows.
    public var messages: [Diagnostic] = []
    /// For a passing `run` block: what the program printed, which the page shows.
    public var output: String?

    public init(block: SnippetBlock, program: String, outcome: Outcome) {
        self.block = block
        self.program = program
        self.outcome = outcome
    }

    public var isPassed: Bool { if case .passed = outcome { return true } else { return false } }
    public var isFailure: Bool { if case .failed = outcome { return true } else { return false } }
    public var isSkipped: Bool { if case .skipped = outcome { return true } else { return false } }
    public var isNotProven: Bool { if case .notProven = outcome { return true } else { return false } }
    /// A failure the baseline does not list: it fails the run.
    public var isNewFailure: Bool { isFailure && !known }

    /// The program as a baseline names it: without the line numbers in `isolated:12` and
    /// `fails:12`, which move when another block of the post is edited.
    public var programKind: String {
        if program.isEmpty { return "invalid" }
        if let colon = program.firstIndex(of: ":"), ["isolated", "fails"].contains(program[..<colon]) {
            return String(program[..<colon])
        }
        return program
    }
}

/// Everything a `check-snippets` run found.
public struct SnippetReport: Sendable {
    public var results: [SnippetResult]
    /// Compiler processes started by this run (0 when every result came from the cache).
    public var compilerProcesses: Int
    public var programs: Int
    public var cachedPrograms: Int
    public var seconds: Double
    /// Baseline entries whose block no longer fails (it passes, or is gone): with a baseline,
    /// each fails the run until `--update-baseline` removes it. Nil without a baseline.
    public var stale: [BaselineEntry]?
    /// Said once at the end of the report (no sandbox for `run` programs, …).
    public var warnings: [String] = []
    /// Whether the results came from the manifest without loading the site.
    public var fromManifest = false
    /// The posts checked (display paths), with or without Swift blocks: a baseline's
    /// entries for other posts are neither known nor stale.
    public var checkedFiles: Set<String> = []

    public init(results: [SnippetResult], compilerProcesses: Int, programs: Int, cachedPrograms: Int, seconds: Double) {
        self.results = results
        self.compilerProcesses = compilerProcesses
        self.programs = programs
        self.cachedPrograms = cachedPrograms
        self.seconds = seconds
    }

    public var passed: Int { results.count(where: \.isPassed) }
    /// New failures: those a baseline lists are counted as `known` instead.
    public var failed: Int { results.count(where: \.isNewFailure) }
    public var known: Int { results.count { $0.isFailure && $0.known } }
    public var skipped: Int { results.count(where: \.isSkipped) }
    public var notProven: Int { results.count(where: \.isNotProven) }

    /// Whether the run fails: a new failure, or (with a baseline) a listed one that is gone.
    public var fails: Bool { failed > 0 || !(stale ?? []).isEmpty }

    /// `N passed, N failed, N skipped, N not proven` (with a baseline `, N known, N stale`),
    /// the report's last line.
    public var summaryLine: String {
        var line = "\(passed) passed, \(failed) failed, \(skipped) skipped, \(notProven) not proven"
        if let stale { line += ", \(known) known, \(stale.count) stale" }
        return line
    }
}
