import Foundation

/// The lines of one file, found by number from an index of where each line starts, so a
/// file with thousands of diagnostics is read and scanned once, not once per diagnostic.
struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// The offset of each line's first byte.
    private let starts: [Int]

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
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = number < starts.count ? starts[number] : bytes.count
        if end > start, bytes[end - 1] == 10 { end -= 1 }
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
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
        let place = min(max(column - 1, 0), scalars.count)
        guard scalars.count > width else {
            self.text = line
            self.column = place + 1
            return
        }
        var start = max(0, place - width / 2)
        let end = min(scalars.count, start + width)
        start = max(0, end - width)
        var text = start > 0 ? "…" : ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        if end < scalars.count { text += "…" }
        self.text = text
        self.column = place - start + (start > 0 ? 1 : 0) + 1
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
        let path = file.hasPrefix("/") ? file : root.appendingPathComponent(file).path
        guard let status = FileStatus.of(path), status.kind == .file else { return nil }
        return lock.withLock { () -> String? in
            let index: LineIndex
            if let entry = entries[path], entry.status == status {
                index = entry.index
            } else {
                guard boundary.problem(withFile: path) == nil, let bytes = try? RegularFile.read(path) else { return nil }
                index = LineIndex(bytes)
                entries[path] = (status, index)
            }
            recent.removeAll { $0 == path }
            recent.append(path)
            if recent.count > Self.capacity { entries[recent.removeFirst()] = nil }
            return index.line(number)
        }
    }
}
