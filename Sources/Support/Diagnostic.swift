/// One message about the content, in the form swiftc and most editors
/// understand: `path:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    /// The file, relative to the site root where possible.
    public var file: String
    /// Nil for problems with the file as a whole (unreadable, not UTF-8 at a known place is located).
    public var location: SourceLocation?
    public var message: String
    /// Related places, printed as `note:` lines (the other file of a duplicate slug, ...).
    public var notes: [Diagnostic]

    package init(
        _ severity: Severity, file: String, at location: SourceLocation?, _ message: String,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.notes = notes
    }

    package static func error(_ file: String, _ location: SourceLocation?, _ message: String, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, file: file, at: location, message, notes: notes)
    }

    package static func warning(_ file: String, _ location: SourceLocation?, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: file, at: location, message)
    }

    package static func note(_ file: String, _ location: SourceLocation?, _ message: String) -> Diagnostic {
        Diagnostic(.note, file: file, at: location, message)
    }

    /// `file:line:col: severity: message`, the first line of the swiftc form.
    public var headline: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(severity.rawValue): \(message)"
    }

    public var description: String {
        ([headline] + notes.map(\.headline)).joined(separator: "\n")
    }
}

/// Thrown when a stage finished with errors: every diagnostic it found, not just the first,
/// so an author fixes all problems in one round.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension Diagnostic {
    /// By file, then by place in the file, as a reader goes through them.
    package static func inReadingOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            if a.element.file != b.element.file { return a.element.file < b.element.file }
            let la = a.element.location ?? SourceLocation(line: 0, column: 0)
            let lb = b.element.location ?? SourceLocation(line: 0, column: 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
