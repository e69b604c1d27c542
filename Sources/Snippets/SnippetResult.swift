import SiteKit
import Support
/// What became of one block.
public struct SnippetResult: Sendable {
    public enum Outcome: Sendable {
        case passed
        /// Each problem located in the Markdown file where possible.
        case failed([Diagnostic])
        case skipped(reason: String)
    }

    public var block: SnippetBlock
    /// The program it was checked in (`main`, `module:Lib`, `fails:42`, …); empty when skipped.
    public var program: String
    public var outcome: Outcome

    public var isFailure: Bool { if case .failed = outcome { return true } else { return false } }
    public var isSkipped: Bool { if case .skipped = outcome { return true } else { return false } }
}

/// Everything a `check-snippets` run found.
public struct SnippetReport: Sendable {
    public var results: [SnippetResult]
    /// Compiler processes started by this run (0 when every result came from the cache).
    public var compilerProcesses: Int
    public var programs: Int
    public var cachedPrograms: Int
    public var seconds: Double

    public var passed: Int { results.filter { if case .passed = $0.outcome { return true } else { return false } }.count }
    public var failed: Int { results.filter(\.isFailure).count }
    public var skipped: Int { results.filter(\.isSkipped).count }

    /// `N passed, N failed, N skipped`, the report's last line.
    public var summaryLine: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
}
