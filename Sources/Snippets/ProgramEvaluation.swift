import Foundation
import SiteKit
import Support

/// Turns what the compiler (and, for `run`, the program) did into a result for each block of
/// one program. A block passes only when its program compiled: a block with no error of its
/// own in a program that failed is "not proven", never "passed".
struct ProgramEvaluation {
    var program: SnippetProgram
    var outcome: CompilerOutcome
    /// Files whose lines a report may show: the post, the prelude, the stubs. A diagnostic
    /// naming any other file is never echoed, so a block cannot make the report print a line
    /// of a file of the machine.
    var readableFiles: Set<String>
    /// The generated source's own name (`main.swift`): its messages are shown, not its lines.
    var generatedFile: String
    /// Why `run` programs were not run; nil when they were.
    var notRun: String?

    func results() -> [SnippetResult] {
        evaluate().map { result in
            var result = result
            result.isCacheable = outcome.isComplete
            return result
        }
    }

    private func evaluate() -> [SnippetResult] {
        let blocks = program.blocks
        guard let first = blocks.first else { return [] }
        let errors = placedErrors(first: first)
        if case .expectedFailure(let expected) = program.kind {
            return [expectedFailure(first, expected, errors: errors)]
        }
        var failures: [Int: [Diagnostic]] = [:]
        for error in errors {
            let index = block(of: error).flatMap { found in blocks.firstIndex { $0 == found } } ?? 0
            failures[index, default: []].append(diagnostic(error))
        }
        if let stopped = outcome.stopped {
            failures[0, default: []].insert(.error(first.file, fence(first), "\(stopped) while checking program `\(program.name)` (not cached)"), at: 0)
        } else if outcome.status != 0 && errors.isEmpty {
            failures[0, default: []].append(.error(first.file, fence(first),
                                                   "the compiler failed without a diagnostic: \(outcome.rawOutput.prefix(2000))"))
        }
        var skipped: [Int: String] = [:]
        if case .run(let expected) = program.kind, errors.isEmpty, outcome.status == 0, outcome.stopped == nil,
           let runIndex = blocks.lastIndex(where: { $0.attributes.run }) {
            let runBlock = blocks[runIndex]
            if let notRun {
                skipped[runIndex] = "compiled, not run: \(notRun)"
            } else if let problem = runProblem(expected) {
                failures[runIndex, default: []].append(.error(runBlock.file, fence(runBlock), problem))
            }
        }
        let compiled = outcome.status == 0 && outcome.stopped == nil
        let failedAt = failures.keys.min().flatMap { failures[$0]?.first }.map { diagnostic in
            diagnostic.location.map { "\(diagnostic.file):\($0.line)" } ?? diagnostic.file
        } ?? first.place
        let outputs = runOutputs()
        return blocks.enumerated().map { index, block in
            let outcome: SnippetResult.Outcome
            if let problems = failures[index] {
                outcome = .failed(problems)
            } else if let reason = skipped[index] {
                outcome = .skipped(reason: reason)
            } else if !compiled {
                let how = self.outcome.stopped.map { "was stopped (\($0))" } ?? "failed at \(failedAt)"
                outcome = .notProven(reason: "program `\(program.name)` \(how)")
            } else {
                outcome = .passed
            }
            var result = SnippetResult(block: block, program: program.name, outcome: outcome)
            if result.isPassed { result.output = outputs[block] }
            return result
        }
    }

    /// What each `run` block printed: up to its marker (``RunOutput``), the rest for the
    /// last one; all of it for the last one when the markers are not all there.
    private func runOutputs() -> [SnippetBlock: String] {
        guard let output = outcome.run?.output, let last = program.blocks.last(where: { $0.attributes.run }) else { return [:] }
        let marked = program.markedRunBlocks
        guard let segments = RunOutput.segments(output, marked: marked.count) else { return [last: RunOutput.printed(output)] }
        var outputs = Dictionary(zip(marked, segments), uniquingKeysWith: { first, _ in first })
        outputs[last, default: ""] += segments[segments.count - 1]
        return outputs
    }

    /// A `fails=` block passes when its errors are exactly the expected one. Errors in the
    /// blocks before it mean nothing is proven: they are reported in their own program.
    private func expectedFailure(_ target: SnippetBlock, _ expected: SnippetAttributes.ExpectedFailure,
                                 errors: [CompilerDiagnostic]) -> SnippetResult {
        func result(_ outcome: SnippetResult.Outcome) -> SnippetResult {
            SnippetResult(block: target, program: program.name, outcome: outcome)
        }
        if let stopped = outcome.stopped {
            return result(.failed([.error(target.file, fence(target), "\(stopped) (not cached)")]))
        }
        let own = errors.filter { block(of: $0) == target }
        if let before = errors.first(where: { block(of: $0) != target }) {
            return result(.notProven(reason: "the code before it does not compile (\(before.file):\(before.line))"))
        }
        if own.contains(where: { Self.matches($0, expected) }) && own.allSatisfy({ Self.matches($0, expected) }) {
            var passed = result(.passed)
            // As the compiler printed them, for the page: without the diagnostic IDs.
            passed.messages = own.map { .error($0.file, location($0), $0.message) }
            return passed
        }
        if own.isEmpty {
            return result(.failed([.error(target.file, fence(target), outcome.status == 0
                ? "expected to fail with \(expected), but it compiled"
                : "expected to fail with \(expected), but the compiler failed without a diagnostic: \(outcome.rawOutput.prefix(2000))")]))
        }
        return result(.failed([.error(target.file, fence(target), "expected to fail with exactly \(expected), but the compiler said otherwise:")]
                              + own.map(diagnostic)))
    }

    private func runProblem(_ expected: String) -> String? {
        guard let run = outcome.run else { return "the program was not run" }
        if let problem = run.problem { return "the program \(problem)" }
        let printed = RunOutput.printed(run.output)
        if printed != expected {
            return "the program printed \(printed.debugDescription), expected \(expected.debugDescription)"
        }
        return nil
    }

    /// The closing fence counts as the block's: an unclosed `{` is reported there.
    private func block(of error: CompilerDiagnostic) -> SnippetBlock? {
        program.blocks.first { $0.file == error.file && ($0.lines.contains(error.line) || error.line == $0.lines.upperBound + 1) }
    }

    /// The errors, each at a place a report may show. An error at the end of the generated
    /// file (a `{` never closed) takes the place of its note in a block ("to match this
    /// opening '{'"); one in a file that is not the post's is put at the first block's fence.
    private func placedErrors(first: SnippetBlock) -> [CompilerDiagnostic] {
        outcome.diagnostics.filter { $0.severity == "error" }.map { error -> CompilerDiagnostic in
            var placed = error
            placed.notes = error.notes.filter { readableFiles.contains($0.file) }
            if block(of: error) == nil, let note = placed.notes.first(where: { block(of: $0) != nil }) {
                (placed.file, placed.line, placed.column) = (note.file, note.line, note.column)
                return placed
            }
            guard !readableFiles.contains(error.file) else { return placed }
            let generated = error.file == generatedFile || error.file == "<unknown>"
            placed.message = generated
                ? "the compiler reported an error in the generated source: \(error.message)"
                : "the compiler reported an error in a file that is not part of the post (not shown)"
            placed.id = generated ? error.id : nil
            (placed.file, placed.line, placed.column) = (first.file, first.fenceLine, 1)
            return placed
        }
    }

    private func fence(_ block: SnippetBlock) -> SourceLocation { SourceLocation(line: block.fenceLine, column: 1) }

    private func location(_ diagnostic: CompilerDiagnostic) -> SourceLocation {
        SourceLocation(line: diagnostic.line, column: diagnostic.column + (block(of: diagnostic)?.indentation ?? 0))
    }

    private func diagnostic(_ error: CompilerDiagnostic) -> Diagnostic {
        .error(error.file, location(error), error.message + (error.id.map { " [\($0)]" } ?? ""),
               notes: error.notes.map { .note($0.file, location($0), $0.message) })
    }

    static func matches(_ error: CompilerDiagnostic, _ expected: SnippetAttributes.ExpectedFailure) -> Bool {
        switch expected {
        case .id(let id): return error.id == id
        case .message(let message): return error.message == message
        }
    }
}
