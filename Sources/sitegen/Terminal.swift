import Foundation
import SiteKit
import Support

/// Writes to stdout and stderr, with colour only on a terminal and never under `NO_COLOR`.
struct Terminal {
    let colorOnStderr: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colorOnStderr = !noColor && environment["TERM"] != "dumb" && isatty(STDERR_FILENO) == 1
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func paint(_ text: String, _ code: String) -> String {
        colorOnStderr ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A diagnostic as swiftc prints it: the headline, then the source line and a caret.
    func report(_ diagnostic: Diagnostic, siteRoot: URL) {
        let place = diagnostic.location.map { "\(diagnostic.file):\($0.line):\($0.column)" } ?? diagnostic.file
        let label: String
        switch diagnostic.severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;30")
        }
        err("\(paint(place + ":", "1")) \(label) \(paint(diagnostic.message, "1"))")
        if let location = diagnostic.location, let line = sourceLine(diagnostic.file, location.line, siteRoot: siteRoot) {
            err(line)
            let prefix = line.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
            err(prefix + paint("^", "1;32"))
        }
        for note in diagnostic.notes { report(note, siteRoot: siteRoot) }
    }

    private func sourceLine(_ file: String, _ line: Int, siteRoot: URL) -> String? {
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : siteRoot.appendingPathComponent(file)
        guard line >= 1, let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        return String(lines[line - 1]).replacingOccurrences(of: "\r", with: "")
    }
}
