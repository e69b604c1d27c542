/// The text a render writes, with the indentation of the standalone partials,
/// parents and blocks being expanded, stopped at a size limit.
struct MustacheOutput {
    /// UTF-8: appending bytes skips the bookkeeping a `String` does on each of the
    /// hundreds of appends a page takes; every piece appended is whole scalars.
    private(set) var bytes: [UInt8] = []
    let maximumBytes: Int
    /// Set once `text` reaches `maximumBytes`; later writes are dropped and the
    /// renderer fails at its next check, so memory stays bounded however much a
    /// single write would add.
    private(set) var isFull = false
    /// One piece per enclosing standalone expansion, outermost first. Pieces
    /// rather than one concatenated string, so each level of nesting adds a
    /// reference, not a copy of all the indentation around it.
    private var indentation: [String] = []
    /// Whether the next write starts a template line and so needs the
    /// indentation first. Only meaningful while there is indentation.
    private var atLineStart = true

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
        bytes.reserveCapacity(1024)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    var indentationDepth: Int { indentation.count }

    /// A standalone tag's line was removed, so its expansion starts a line.
    mutating func indent(by extra: String) {
        if !extra.isEmpty { indentation.append(extra) }
        atLineStart = true
    }

    /// Drops the indentation of the expansions entered since `depth` was read.
    mutating func restoreIndentation(to depth: Int) {
        if depth < indentation.count { indentation.removeSubrange(depth...) }
    }

    /// Interpolated values are indented where they start a line but never
    /// inside: a value's own line breaks are data, not template lines.
    mutating func appendValue(_ value: String, escaped: Bool) {
        guard !value.isEmpty && !isFull else { return }
        if atLineStart { appendIndentation() }
        atLineStart = false
        if escaped {
            MustacheHTMLEscaping.append(value, to: &bytes)
        } else {
            append(value)
        }
        checkSize()
    }

    /// Template text gets the indentation at the start of each of its lines;
    /// blank lines stay blank so indented output has no trailing spaces.
    mutating func appendTemplateText(_ template: String) {
        guard !isFull else { return }
        guard !indentation.isEmpty else {
            append(template)
            checkSize()
            return
        }
        let utf8 = template.utf8
        var lineStart = utf8.startIndex
        var index = lineStart
        while index != utf8.endIndex && !isFull {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            if byte == UInt8(ascii: "\n") {
                appendLine(Substring(utf8[lineStart..<index]))
                atLineStart = true
                lineStart = index
            }
        }
        if lineStart != utf8.endIndex && !isFull {
            appendLine(Substring(utf8[lineStart...]))
        }
    }

    private mutating func appendLine(_ line: Substring) {
        if atLineStart && line != "\n" && line != "\r\n" { appendIndentation() }
        atLineStart = false
        var line = line
        line.withUTF8 { bytes.append(contentsOf: $0) }
        checkSize()
    }

    private mutating func appendIndentation() {
        for piece in indentation where !isFull {
            append(piece)
            checkSize()
        }
    }

    /// The string's bytes copied whole (appending its UTF-8 view went through a
    /// sequence's generic path, a few hundred instructions for every piece of a page).
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func checkSize() {
        if bytes.count > maximumBytes { isFull = true }
    }
}
