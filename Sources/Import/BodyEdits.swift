/// Replacements in a body's bytes, made all at once at the end so every decision is taken
/// on the text as the author wrote it. Edits never overlap; one that would is refused.
///
/// Which bytes edits replace, and where insertions go, are kept as sets of offsets, so an
/// edit is checked in the time of its own length, not against every edit before it; the
/// edits are sorted once, when they are applied (thousands of constructs on one line made
/// both quadratic).
struct BodyEdits: Sendable {
    private(set) var edits: [(range: Range<Int>, replacement: [UInt8])] = []
    /// `covered[i]`: some edit replaces byte `i`.
    private var covered: [Bool] = []
    /// Offsets where an edit inserts without replacing.
    private var insertions = Set<Int>()

    /// Whether `range` is free (no edit touches it), so an edit there would be accepted.
    func isFree(_ range: Range<Int>) -> Bool {
        if range.isEmpty { return !isCovered(range.lowerBound) }
        return !range.contains(where: { isCovered($0) || insertions.contains($0) })
    }

    private func isCovered(_ offset: Int) -> Bool {
        offset >= 0 && offset < covered.count && covered[offset]
    }

    @discardableResult
    mutating func replace(_ range: Range<Int>, with text: String) -> Bool {
        guard isFree(range) else { return false }
        edits.append((range, Array(text.utf8)))
        if range.isEmpty {
            insertions.insert(range.lowerBound)
        } else {
            if covered.count < range.upperBound { covered += repeatElement(false, count: range.upperBound - covered.count) }
            for offset in range { covered[offset] = true }
        }
        return true
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset..<offset, with: text)
    }

    var isEmpty: Bool { edits.isEmpty }

    /// The edits in the order they apply, for ``applied(to:)`` and ``Offsets``.
    var sorted: [(range: Range<Int>, replacement: [UInt8])] {
        edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    func applied(to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var position = 0
        for edit in sorted {
            result += bytes[position..<edit.range.lowerBound]
            result += edit.replacement
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return result
    }

    /// Offsets of the original moved to the edited text, each found by a binary search.
    struct Offsets {
        private let edits: [(range: Range<Int>, replacement: [UInt8])]
        /// `shifts[i]`: how much the edits before `edits[i]` lengthened the text.
        private let shifts: [Int]

        init(_ edits: BodyEdits) {
            self.edits = edits.sorted
            var shifts: [Int] = []
            shifts.reserveCapacity(self.edits.count + 1)
            var shift = 0
            for edit in self.edits {
                shifts.append(shift)
                shift += edit.replacement.count - edit.range.count
            }
            shifts.append(shift)
            self.shifts = shifts
        }

        /// Where the byte at `old` of the original is in the edited text (for an offset inside a
        /// replaced range: where the replacement starts; an insertion at `old` comes after it).
        func new(_ old: Int) -> Int {
            // The edits that start before `old` are all before it, but the last may hold it.
            var low = 0, high = edits.count
            while low < high {
                let middle = (low + high) / 2
                if edits[middle].range.lowerBound < old { low = middle + 1 } else { high = middle }
            }
            if low > 0, edits[low - 1].range.contains(old) { return edits[low - 1].range.lowerBound + shifts[low - 1] }
            return old + shifts[low]
        }
    }
}

/// Line arithmetic over a body's bytes, from where each line starts (found once: walking
/// to a construct's line start or end made thousands of them on one line quadratic).
struct BodyLines: Sendable {
    let bytes: [UInt8]
    /// The offset of each line's first byte; a `\n` ends a line.
    private let starts: [Int]
    /// Per line, the offset of its first byte that is not indentation or a quote marker.
    private let textStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.starts = starts
        textStarts = starts.map { start in
            var index = start
            while index < bytes.count, Self.isBlankPrefixByte(bytes[index]) { index += 1 }
            return index
        }
    }

    private static func isBlankPrefixByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">")
    }

    /// The index of the line that holds `offset`: the last that starts at or before it.
    private func line(of offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    func lineStart(_ offset: Int) -> Int {
        starts[line(of: min(offset, bytes.count))]
    }

    /// The offset of the line's `\n` (or the end of the body).
    func lineEnd(_ offset: Int) -> Int {
        guard offset < bytes.count else { return max(offset, bytes.count) }
        let next = line(of: offset) + 1
        return next < starts.count ? starts[next] - 1 : bytes.count
    }

    /// What comes before `offset` on its line, when that is only indentation and quote
    /// markers (`  `, `> `); nil when there is text.
    func blankPrefix(before offset: Int) -> String? {
        let line = line(of: min(offset, bytes.count))
        guard textStarts[line] >= offset else { return nil }
        return String(decoding: bytes[starts[line]..<offset], as: UTF8.self)
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
