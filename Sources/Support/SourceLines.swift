import Foundation

/// The lines of one file, found by number from an index of where each line starts, so a
/// file with thousands of diagnostics is read and scanned once, not once per diagnostic.
struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// The offset of each line's first byte.
    private let starts: [Int]
    /// Byte offsets as columns, for excerpts of long lines.
    private var columns = ScalarColumns()

    init(_ bytes: [UInt8]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        self.bytes = Array(body)
        var starts = [0]
        for (offset, byte) in self.bytes.enumerated() {
            if byte == 10 || (byte == 13 && (offset + 1 == self.bytes.count || self.bytes[offset + 1] != 10)) {
                starts.append(offset + 1)
            }
        }
        self.starts = starts
    }

    /// Line `number` (1-based) without its line end, or nil past the end.
    func line(_ number: Int) -> String? {
        bounds(number).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Line `number` as a diagnostic at `column` shows it, read only around the column: what
    /// ``SourceExcerpt/init(line:column:width:)`` makes of the whole line.
    mutating func excerpt(_ number: Int, column: Int, width: Int = 120) -> SourceExcerpt? {
        guard let line = bounds(number) else { return nil }
        return bytes.withUnsafeBufferPointer { text in
            let length = columns.column(of: line.upperBound, lineStart: line.lowerBound, in: text) - 1
            let window = SourceExcerpt.window(length: length, column: column, width: width)
            let from = columns.offset(ofColumn: window.start + 1, lineStart: line.lowerBound, lineEnd: line.upperBound, in: text)
            let to = columns.offset(ofColumn: window.end + 1, lineStart: line.lowerBound, lineEnd: line.upperBound, in: text)
            return SourceExcerpt(window, String(decoding: UnsafeBufferPointer(rebasing: text[from..<to]), as: UTF8.self))
        }
    }

    private func bounds(_ number: Int) -> Range<Int>? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = number < starts.count ? starts[number] : bytes.count
        if end > start, bytes[end - 1] == 10 { end -= 1 }
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        return start..<end
    }
}

/// A source line as a diagnostic shows it: whole when short, else the part around the
/// column between `…` marks (a 10 MB line once came back whole on stderr).
package struct SourceExcerpt: Sendable, Hashable {
    package var text: String
    /// The 1-based column, in Unicode scalars of `text`, of the diagnostic's place.
    var column: Int

    /// - Parameter width: the most Unicode scalars of the line to show.
    package init(line: String, column: Int, width: Int = 120) {
        let scalars = Array(line.unicodeScalars)
        let window = Self.window(length: scalars.count, column: column, width: width)
        self.init(window, String(String.UnicodeScalarView(scalars[window.start..<window.end])))
    }

    /// What of a line of `length` scalars is shown: the scalars `start..<end`, and the place.
    struct Window {
        var start: Int
        var end: Int
        var length: Int
        var place: Int
    }

    static func window(length: Int, column: Int, width: Int) -> Window {
        let place = min(max(column - 1, 0), length)
        guard length > width else { return Window(start: 0, end: length, length: length, place: place) }
        var start = max(0, place - width / 2)
        let end = min(length, start + width)
        start = max(0, end - width)
        return Window(start: start, end: end, length: length, place: place)
    }

    /// The excerpt of `shown`, the scalars of the window.
    init(_ window: Window, _ shown: String) {
        text = (window.start > 0 ? "…" : "") + shown + (window.end < window.length ? "…" : "")
        column = window.place - window.start + (window.start > 0 ? 1 : 0) + 1
    }

    /// Spaces up to the column (tabs where the line has them, so the caret lines up).
    package var caretIndent: String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }))
    }
}

/// Source lines for diagnostics, read once per file (and again only when the file changes,
/// as it does between a preview server's rebuilds). Only regular files inside `boundary` are
/// read: a diagnostic that names another file (a compiler's, through `#sourceLocation`) is
/// printed without its line.
package final class SourceLineCache: @unchecked Sendable {
    private let boundary: FolderBoundary
    private let lock = NSLock()
    private var entries: [String: (status: FileStatus, index: LineIndex)] = [:]
    /// Paths, most recently used last; a few files are kept, as diagnostics come sorted by file.
    private var recent: [String] = []
    private static let capacity = 8

    package init(root: URL) {
        boundary = FolderBoundary(root: root.path)
    }

    /// Line `number` of `file` (relative to the root, or absolute), or nil.
    package func line(_ number: Int, of file: String, root: URL) -> String? {
        withIndex(of: file, root: root) { $0.line(number) }
    }

    /// Line `number` of `file` as a diagnostic at `column` shows it, or nil.
    package func excerpt(_ number: Int, column: Int, of file: String, root: URL) -> SourceExcerpt? {
        withIndex(of: file, root: root) { $0.excerpt(number, column: column) }
    }

    private func withIndex<T>(of file: String, root: URL, _ body: (inout LineIndex) -> T?) -> T? {
        let path = file.hasPrefix("/") ? file : root.appendingPathComponent(file).path
        guard let status = FileStatus.of(path), status.kind == .file else { return nil }
        return lock.withLock { () -> T? in
            var index: LineIndex
            if let entry = entries[path], entry.status == status {
                index = entry.index
            } else {
                guard boundary.problem(withFile: path) == nil, let bytes = try? RegularFile.read(path) else { return nil }
                index = LineIndex(bytes)
            }
            let result = body(&index)
            entries[path] = (status, index)
            recent.removeAll { $0 == path }
            recent.append(path)
            if recent.count > Self.capacity { entries[recent.removeFirst()] = nil }
            return result
        }
    }
}
