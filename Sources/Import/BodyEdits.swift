/// Replacements in a body's bytes, made all at once at the end so every decision is taken
/// on the text as the author wrote it. Edits never overlap; one that would is refused.
struct BodyEdits: Sendable {
    private(set) var edits: [(range: Range<Int>, replacement: [UInt8])] = []

    /// Whether `range` is free (no edit touches it), so an edit there would be accepted.
    func isFree(_ range: Range<Int>) -> Bool {
        !edits.contains { $0.range.overlaps(range) || ($0.range.isEmpty && range.contains($0.range.lowerBound)) || (range.isEmpty && $0.range.contains(range.lowerBound)) }
    }

    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String) -> Bool {
        guard isFree(range) else { return false }
        edits.append((range, Array(text.utf8)))
        return true
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset..<offset, with: text)
    }

    var isEmpty: Bool { edits.isEmpty }

    func applied(to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var position = 0
        for edit in sortedEdits {
            result += bytes[position..<edit.range.lowerBound]
            result += edit.replacement
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// Where the byte at `old` of the original is in the edited text (for an offset inside a
    /// replaced range: where the replacement starts).
    func newOffset(_ old: Int) -> Int {
        var shift = 0
        for edit in sortedEdits {
            if edit.range.lowerBound > old || (edit.range.isEmpty && edit.range.lowerBound == old) { break }
            if edit.range.contains(old) { return edit.range.lowerBound + shift }
            shift += edit.replacement.count - edit.range.count
        }
        return old + shift
    }

    private var sortedEdits: [(range: Range<Int>, replacement: [UInt8])] {
        edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }
}

/// Line arithmetic over a body's bytes.
struct BodyLines: Sendable {
    let bytes: [UInt8]

    func lineStart(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset of the line's `\n` (or the end of the body).
    func lineEnd(_ offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// What comes before `offset` on its line, when that is only indentation and quote
    /// markers (`  `, `> `); nil when there is text.
    func blankPrefix(before offset: Int) -> String? {
        let start = lineStart(offset)
        let prefix = bytes[start..<offset]
        guard prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }) else { return nil }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// Whether only blanks follow `offset` up to the end of its line.
    func isBlankAfter(_ offset: Int) -> Bool {
        bytes[offset..<lineEnd(offset)].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// `range` widened to its whole line and the line's `\n`, when nothing else is on it.
    func wholeLine(around range: Range<Int>) -> Range<Int>? {
        guard blankPrefix(before: range.lowerBound).map({ !$0.contains(">") }) == true, isBlankAfter(range.upperBound) else { return nil }
        let end = lineEnd(range.upperBound)
        return lineStart(range.lowerBound)..<min(bytes.count, end + 1)
    }

    /// `range` widened over the blanks after it to the end of its line (not the `\n`).
    func throughLineEnd(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound..<lineEnd(range.upperBound)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
