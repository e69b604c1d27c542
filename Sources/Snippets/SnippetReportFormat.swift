import Foundation
import SiteKit

/// The machine formats of a report: GitHub workflow annotations and JSON.
public enum SnippetReportFormat {
    /// `::error file=…,line=…,col=…::message` for each problem, `::notice` for each skip,
    /// then the summary line.
    public static func github(_ report: SnippetReport) -> String {
        var lines: [String] = []
        for result in report.results {
            switch result.outcome {
            case .passed:
                continue
            case .failed(let diagnostics):
                for diagnostic in diagnostics {
                    var place = "file=\(escapeProperty(diagnostic.file))"
                    if let location = diagnostic.location { place += ",line=\(location.line),col=\(location.column)" }
                    lines.append("::error \(place)::\(escapeData(diagnostic.message))")
                }
            case .skipped(let reason):
                lines.append("::notice file=\(escapeProperty(result.block.file)),line=\(result.block.fenceLine)::\(escapeData("snippet skipped: \(reason)"))")
            }
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every block with its status, and the run's counts.
    public static func json(_ report: SnippetReport) -> String {
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
            var status: String
            var reason: String?
            var diagnostics: [Problem]
        }
        struct Document: Encodable {
            var blocks: [Block]
            var passed: Int
            var failed: Int
            var skipped: Int
            var programs: Int
            var cachedPrograms: Int
            var compilerProcesses: Int
            var seconds: Double
        }
        let blocks = report.results.map { result -> Block in
            switch result.outcome {
            case .passed:
                return Block(file: result.block.file, line: result.block.fenceLine, program: result.program, status: "passed", diagnostics: [])
            case .skipped(let reason):
                return Block(file: result.block.file, line: result.block.fenceLine, program: result.program, status: "skipped", reason: reason, diagnostics: [])
            case .failed(let diagnostics):
                return Block(file: result.block.file, line: result.block.fenceLine, program: result.program, status: "failed",
                             diagnostics: diagnostics.map { Problem(file: $0.file, line: $0.location?.line, column: $0.location?.column, message: $0.message) })
            }
        }
        let document = Document(blocks: blocks, passed: report.passed, failed: report.failed, skipped: report.skipped,
                                programs: report.programs, cachedPrograms: report.cachedPrograms,
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
