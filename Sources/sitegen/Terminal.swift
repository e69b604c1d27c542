import Foundation
import SiteKit
import Support

/// Writes to stdout and stderr, with colour only on a terminal and never under `NO_COLOR`.
struct Terminal {
    let colorOnStderr: Bool
    /// Each file a diagnostic names is read once, not once per diagnostic.
    private let sourceLines = SourceLineCaches()

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
        if let location = diagnostic.location,
           let excerpt = sourceLines.cache(for: siteRoot).excerpt(location.line, column: location.column, of: diagnostic.file, root: siteRoot) {
            err(excerpt.text)
            err(excerpt.caretIndent + paint("^", "1;32"))
        }
        for note in diagnostic.notes { report(note, siteRoot: siteRoot) }
    }
}

/// One source line cache per site root (a run reports on one site; tests may use several).
private final class SourceLineCaches: @unchecked Sendable {
    private let lock = NSLock()
    private var caches: [URL: SourceLineCache] = [:]

    func cache(for root: URL) -> SourceLineCache {
        lock.withLock {
            if let cache = caches[root] { return cache }
            let cache = SourceLineCache(root: root)
            caches[root] = cache
            return cache
        }
    }
}
