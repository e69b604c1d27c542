import Foundation
import SiteKit
import Support

/// The machine formats of a report: GitHub workflow annotations and JSON.
package enum SnippetReportFormat {
    /// `::error file=…,line=…,col=…::message` for each new failure and stale baseline entry,
    /// `::warning` for each block not proven, `::notice` for each skip, then the summary line.
    package static func github(_ report: SnippetReport) -> String {
        var lines = report.contentErrors.map(error)
        for result in report.results {
            let place = "file=\(escapeProperty(result.block.file)),line=\(result.block.fenceLine)"
            switch result.outcome {
            case .passed:
                continue
            case .failed(let diagnostics):
                // A known failure is the baseline's business, not the pull request's.
                guard !result.known else { continue }
                lines += diagnostics.map(error)
            case .notProven(let reason):
                lines.append("::warning \(place)::\(escapeData("not proven: \(reason)"))")
            case .skipped(let reason):
                lines.append("::notice \(place)::\(escapeData("snippet skipped: \(reason)"))")
            }
        }
        for entry in report.stale ?? [] {
            let place = "file=\(escapeProperty(entry.file))" + (entry.line.map { ",line=\($0)" } ?? "")
            lines.append("::error \(place)::\(escapeData(staleMessage(entry)))")
        }
        for warning in report.warnings { lines.append("::warning::\(escapeData(warning))") }
        lines.append(report.summaryLine)
        if let line = report.contentErrorLine { lines.append(line) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `::error file=…,line=…,col=…::message`.
    private static func error(_ diagnostic: Diagnostic) -> String {
        var place = "file=\(escapeProperty(diagnostic.file))"
        if let location = diagnostic.location { place += ",line=\(location.line),col=\(location.column)" }
        return "::error \(place)::\(escapeData(diagnostic.message))"
    }

    /// Why a stale baseline entry fails the run: its block passes now, or is gone.
    package static func staleMessage(_ entry: BaselineEntry) -> String {
        let listed = "the baseline lists a failure of program `\(entry.program)` (\(entry.hash)\(entry.firstLine.isEmpty ? "" : ": \(entry.firstLine)"))"
        let why = entry.line == nil ? "whose block is no longer in the post (edited or removed)" : "that now passes"
        return "\(listed) \(why); run --update-baseline to remove it"
    }

    /// Every block with its status, and the run's counts.
    package static func json(_ report: SnippetReport) -> String {
        struct Problem: Encodable {
            var file: String
            var line: Int?
            var column: Int?
            var message: String
        }
        struct Block: Encodable {
            var file: String
            var line: Int
            var program: String
            /// `passed`, `failed`, `known` (a failure the baseline lists), `not-proven`, `skipped`.
            var status: String
            var reason: String?
            var diagnostics: [Problem]
        }
        struct Stale: Encodable {
            var file: String
            /// The fence line of its block, which passes now; none when the block is gone.
            var line: Int?
            var program: String
            var hash: String
        }
        struct Document: Encodable {
            var blocks: [Block]
            var passed: Int
            var failed: Int
            var skipped: Int
            var notProven: Int
            var known: Int?
            var stale: [Stale]?
            var contentErrors: [Problem]
            var warnings: [String]
            var programs: Int
            var cachedPrograms: Int
            var compilerProcesses: Int
            var seconds: Double
        }
        func problem(_ diagnostic: Diagnostic) -> Problem {
            Problem(file: diagnostic.file, line: diagnostic.location?.line, column: diagnostic.location?.column, message: diagnostic.message)
        }
        let blocks = report.results.map { result -> Block in
            var block = Block(file: result.block.file, line: result.block.fenceLine, program: result.program, status: "passed", diagnostics: [])
            switch result.outcome {
            case .passed:
                break
            case .skipped(let reason):
                (block.status, block.reason) = ("skipped", reason)
            case .notProven(let reason):
                (block.status, block.reason) = ("not-proven", reason)
            case .failed(let diagnostics):
                block.status = result.known ? "known" : "failed"
                block.diagnostics = diagnostics.map(problem)
            }
            return block
        }
        let document = Document(blocks: blocks, passed: report.passed, failed: report.failed, skipped: report.skipped,
                                notProven: report.notProven, known: report.stale == nil ? nil : report.known,
                                stale: report.stale?.map { Stale(file: $0.file, line: $0.line, program: $0.program, hash: $0.hash) },
                                contentErrors: report.contentErrors.map(problem), warnings: report.warnings, programs: report.programs, cachedPrograms: report.cachedPrograms,
                                compilerProcesses: report.compilerProcesses, seconds: (report.seconds * 1000).rounded() / 1000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// GitHub's workflow-command escaping for messages, and for property values.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
