/// Applies the inline extensions (footnote references, extended autolinks,
/// strikethrough, e-mail autolinks) to libcmark's inline trees, in document order so that
/// footnotes are numbered as cmark-gfm numbers them.
///
/// libcmark keeps no source text for inline nodes, so the extensions read its text nodes:
/// a tilde run pairs only with tildes in the same sibling sequence (`~a *b~ c*`, where
/// cmark-gfm lets the tildes win over the emphasis, keeps libcmark's emphasis), and a URL
/// ends where its text node ends (at a code span or emphasis inside the URL).
struct InlineExtensionWalker {
    /// What the walk looks for, decided per document (see ``TextFeatures``).
    struct Stops {
        let tildes: Bool
        /// `www.` links.
        let www: Bool
        /// `http://`, `https://` and `ftp://` links.
        let url: Bool
        let email: Bool
        /// With footnotes on, every `[^label]` is a reference while parsing, even without a
        /// definition (and then text again): nothing inside it is a delimiter or a link.
        let footnotes: Bool

        init(tildes: Bool, www: Bool, url: Bool, email: Bool, footnotes: Bool) {
            self.tildes = tildes
            self.www = www
            self.url = url
            self.email = email
            self.footnotes = footnotes
            func pattern(_ byte: UInt8, _ on: Bool) -> UInt64 { on ? UInt64(byte) &* 0x0101_0101_0101_0101 : 0 }
            // A byte that is not needed gets NUL, which no text holds (libcmark replaces it).
            let brackets = www || url || footnotes
            patterns = [pattern(0x3A, url), pattern(0x40, email), pattern(0x5B, brackets), pattern(0x5D, brackets),
                        pattern(0x77, www), pattern(0x7E, tildes)]
        }

        var any: Bool { tildes || www || url || email || footnotes }

        /// What a text must hold for the walk to change anything: without any of these in
        /// any text of a document, the walk is skipped.
        var triggers: [String] {
            var triggers: [String] = []
            if url { triggers.append("://") }
            if www { triggers.append("www.") }
            if email { triggers.append("@") }
            if tildes { triggers.append("~") }
            if footnotes { triggers.append("[^") }
            return triggers
        }

        /// Each stop byte repeated in a word, for ``InlineExtensionWalker/nextStop(_:from:)``.
        let patterns: [UInt64]
    }

    let stops: Stops
    /// Footnote labels, case-folded, to the label of the definition that counts.
    let footnoteLabels: [String: String]
    let maximumNesting: Int
    /// Numbers and reference counts given so far, by definition label.
    private(set) var numbers: [String: Int] = [:]
    private(set) var referenceCounts: [String: Int] = [:]

    init(stops: Stops, footnoteLabels: [String: String], maximumNesting: Int) {
        self.stops = stops
        self.footnoteLabels = footnoteLabels
        self.maximumNesting = maximumNesting
    }

    /// A paragraph's, heading's or cell's inlines: a subject of its own for brackets.
    mutating func process(subject inlines: [MarkdownInline], depth: Int, line: Int) throws(MarkdownNestingError) -> [MarkdownInline]? {
        var context = Context(brackets: 0, depth: depth, line: line)
        return try process(inlines, open: 0x0A, openByte: nil, close: 0x0A, inLink: false, &context)
    }

    private struct Context {
        var brackets: Int
        var depth: Int
        let line: Int
    }

    private mutating func process(_ inlines: [MarkdownInline], open: UInt32, openByte: UInt8?, close: UInt32,
                                  inLink: Bool, _ context: inout Context) throws(MarkdownNestingError) -> [MarkdownInline]? {
        // Pieces stay nil until something in the sequence changes or needs the
        // strikethrough pass: most sequences are left as they are, without allocating.
        var pieces: [InlinePiece]?
        var changed = false
        var hasTildes = false
        var hasAt = false
        context.depth += 1
        defer { context.depth -= 1 }
        func add(_ new: [InlinePiece], at index: Int) {
            if pieces == nil { pieces = inlines[..<index].map { .inline($0) } }
            pieces?.append(contentsOf: new)
        }
        for (index, inline) in inlines.enumerated() {
            var replacement: MarkdownInline?
            switch inline {
            case .text(let text):
                let scanned = scan(text, previous: index == 0 ? openByte : Self.lastByte(of: inlines[index - 1]),
                                   allowLinks: (stops.www || stops.url) && !inLink, &context)
                hasAt = hasAt || scanned.hasAt
                if let split = scanned.pieces {
                    add(split, at: index)
                    changed = changed || scanned.changed
                    hasTildes = hasTildes || scanned.hasTildes
                    continue
                }
            case .emphasis(let children), .strong(let children):
                if let processed = try process(children, open: 0x2A, openByte: 0x2A, close: 0x2A, inLink: inLink, &context) {
                    replacement = Self.isStrong(inline) ? .strong(processed) : .emphasis(processed)
                }
            case .link(let url, let title, let children):
                if let processed = try process(children, open: 0x5B, openByte: 0x5B, close: 0x5D, inLink: true, &context) {
                    replacement = .link(url: url, title: title, children: processed)
                }
            case .image(let url, let title, let children):
                if let processed = try process(children, open: 0x5B, openByte: 0x5B, close: 0x5D, inLink: true, &context) {
                    replacement = .image(url: url, title: title, children: processed)
                }
            default:
                break
            }
            if let replacement {
                add([.inline(replacement)], at: index)
                changed = true
            } else if pieces != nil {
                pieces?.append(.inline(inline))
            }
        }
        var result = inlines
        if let pieces, hasTildes {
            let resolver = StrikethroughResolver(maximumNesting: maximumNesting, depth: context.depth, line: context.line)
            let resolved = try resolver.resolve(pieces, open: open, close: close)
            result = resolved.inlines
            changed = changed || resolved.formed
        } else if let pieces, changed {
            var builder = InlineSequenceBuilder(capacity: pieces.count)
            for piece in pieces {
                switch piece {
                case .inline(let inline): builder.append(inline)
                case .autolink(let url, let text): builder.append(.link(url: url, title: "", children: [.text(text)]))
                case .atomicText(let text): builder.append(text: text)
                case .tildes(let count): builder.append(text: String(repeating: "~", count: count))
                }
            }
            result = builder.finish()
        }
        if stops.email && !inLink && (hasAt || changed), let linked = Self.emailLinks(in: result) {
            result = linked
            changed = true
        }
        return changed ? result : nil
    }

    private struct Scan {
        /// The text's pieces; `nil` when the text stays one text node.
        var pieces: [InlinePiece]?
        var changed = false
        var hasTildes = false
        var hasAt = false
    }

    /// The first byte from `start` that the scan stops at (of `: @ [ ] w ~`, those the
    /// document needs), or `count`. Eight bytes at a time: a word has a byte `b` when
    /// `word ^ b·0x01…01` has a zero byte. This scan reads every text of every document.
    private func nextStop(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        let patterns = stops.patterns
        let (colon, at, open, close, w, tilde) = (patterns[0], patterns[1], patterns[2], patterns[3], patterns[4], patterns[5])
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func has(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
                let x = word ^ pattern
                return (x &- ones) & ~x & highs
            }
            while index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if has(word, colon) | has(word, at) | has(word, open) | has(word, close) | has(word, w) | has(word, tilde) != 0 {
                    break
                }
                index += 8
            }
        }
        while index < count {
            let byte = UInt64(bytes[index]) &* 0x0101_0101_0101_0101
            if byte == colon || byte == at || byte == open || byte == close || byte == w || byte == tilde { return index }
            index += 1
        }
        return count
    }

    /// One text node's pieces; `pieces` is nil when nothing in it concerns the extensions.
    private mutating func scan(_ text: String, previous: @autoclosure () -> UInt8?, allowLinks: Bool,
                               _ context: inout Context) -> Scan {
        var text = text
        return text.withUTF8 { bytes -> Scan in
            var result = Scan()
            var pieces: [InlinePiece] = []
            var segmentStart = 0
            var index = 0
            let count = bytes.count
            func flush(upTo end: Int) {
                if end > segmentStart {
                    pieces.append(.inline(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<end]), as: UTF8.self))))
                }
            }
            while true {
                index = nextStop(bytes, from: index)
                guard index < count else { break }
                switch bytes[index] {
                case UInt8(ascii: "@"):
                    result.hasAt = true
                case UInt8(ascii: "["):
                    if stops.footnotes, index + 1 < count, bytes[index + 1] == UInt8(ascii: "^"),
                       let close = Self.footnoteLabelEnd(bytes, from: index + 2) {
                        flush(upTo: index)
                        let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<close]), as: UTF8.self)
                        if let reference = reference(to: label) {
                            pieces.append(.inline(.footnoteReference(reference)))
                            result.changed = true
                        } else {
                            pieces.append(.atomicText(String(decoding: UnsafeBufferPointer(rebasing: bytes[index...close]), as: UTF8.self)))
                        }
                        index = close + 1
                        segmentStart = index
                        continue
                    }
                    context.brackets += 1
                case UInt8(ascii: "]"):
                    if context.brackets > 0 { context.brackets -= 1 }
                case UInt8(ascii: "w") where allowLinks && stops.www && context.brackets == 0:
                    guard index + 3 < count, bytes[index + 1] == UInt8(ascii: "w"), bytes[index + 2] == UInt8(ascii: "w"),
                          bytes[index + 3] == UInt8(ascii: "."),
                          let match = Autolink.www(bytes, at: index, previous: index > 0 ? bytes[index - 1] : previous()) else { break }
                    flush(upTo: match.range.lowerBound)
                    pieces.append(.autolink(url: match.url, text: String(decoding: UnsafeBufferPointer(rebasing: bytes[match.range]), as: UTF8.self)))
                    result.changed = true
                    index = match.range.upperBound
                    segmentStart = index
                    continue
                case UInt8(ascii: ":") where allowLinks && stops.url && context.brackets == 0:
                    guard index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/"),
                          let match = Autolink.url(bytes, colon: index, segmentStart: segmentStart) else { break }
                    flush(upTo: match.range.lowerBound)
                    pieces.append(.autolink(url: match.url, text: match.url))
                    result.changed = true
                    index = match.range.upperBound
                    segmentStart = index
                    continue
                case UInt8(ascii: "~") where stops.tildes:
                    var end = index
                    while end < count, bytes[end] == UInt8(ascii: "~") { end += 1 }
                    // cmark-gfm reads a run 100 tildes at a time; only a last chunk of one or
                    // two can be a delimiter, the rest stays text.
                    let last = (end - index) > 100 ? (end - index) % 100 : (end - index)
                    if last == 1 || last == 2 {
                        flush(upTo: end - last)
                        pieces.append(.tildes(last))
                        result.hasTildes = true
                        segmentStart = end
                    }
                    index = end
                    continue
                default:
                    break
                }
                index += 1
            }
            if !pieces.isEmpty {
                flush(upTo: count)
                result.pieces = pieces
            }
            return result
        }
    }

    /// The `]` that closes a footnote label starting at `from`: one or more bytes, no `[`.
    private static func footnoteLabelEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"): return index > from ? index : nil
            case UInt8(ascii: "["): return nil
            default: index += 1
            }
        }
        return nil
    }

    /// A numbered reference for `label`, counted; `nil` without a definition.
    private mutating func reference(to label: String) -> MarkdownFootnoteReference? {
        guard let definition = footnoteLabels[FootnoteLabel.fold(label)] else { return nil }
        let number: Int
        if let known = numbers[definition] {
            number = known
        } else {
            number = numbers.count + 1
            numbers[definition] = number
        }
        let occurrence = (referenceCounts[definition] ?? 0) + 1
        referenceCounts[definition] = occurrence
        return MarkdownFootnoteReference(label: definition, number: number, occurrence: occurrence)
    }

    /// E-mail autolinks in every text of a sequence (not inside links), and inside the
    /// strikethroughs just formed from it.
    private static func emailLinks(in inlines: [MarkdownInline]) -> [MarkdownInline]? {
        var result: [MarkdownInline]?
        for (index, inline) in inlines.enumerated() {
            if case .strikethrough(let children) = inline, let linked = emailLinks(in: children) {
                if result == nil { result = Array(inlines[..<index]) }
                result?.append(.strikethrough(linked))
                continue
            }
            guard case .text(let text) = inline, text.utf8.contains(UInt8(ascii: "@")) else {
                result?.append(inline)
                continue
            }
            let bytes = Array(text.utf8)
            let matches = EmailAutolink.matches(bytes)
            guard !matches.isEmpty else {
                result?.append(inline)
                continue
            }
            if result == nil { result = Array(inlines[..<index]) }
            var start = 0
            for match in matches {
                if match.range.lowerBound > start {
                    result?.append(.text(String(decoding: bytes[start..<match.range.lowerBound], as: UTF8.self)))
                }
                let linkText = String(decoding: bytes[match.range], as: UTF8.self)
                result?.append(.link(url: match.url, title: "", children: [.text(linkText)]))
                start = match.range.upperBound
            }
            if start < bytes.count {
                result?.append(.text(String(decoding: bytes[start...], as: UTF8.self)))
            }
        }
        return result
    }

    private static func isStrong(_ inline: MarkdownInline) -> Bool {
        if case .strong = inline { return true }
        return false
    }

    /// The source byte before a text that follows `inline`, for the `www.` rule.
    private static func lastByte(of inline: MarkdownInline) -> UInt8? {
        switch inline {
        case .text(let text): return text.utf8.last
        case .softBreak, .lineBreak: return 0x0A
        case .emphasis, .strong: return UInt8(ascii: "*")
        case .strikethrough: return UInt8(ascii: "~")
        case .code: return UInt8(ascii: "`")
        case .html: return UInt8(ascii: ">")
        case .link, .image: return UInt8(ascii: ")")
        case .footnoteReference: return UInt8(ascii: "]")
        case .custom: return 0x0A
        case .attributed: return UInt8(ascii: "}")
        }
    }
}

/// Footnote labels compare as cmark-gfm's `normalize_map_label` does: case-folded, with
/// whitespace trimmed and collapsed.
enum FootnoteLabel {
    static func fold(_ label: String) -> String {
        let collapsed = label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
        if collapsed.utf8.allSatisfy({ $0 < 0x80 }) { return collapsed.lowercased() }
        // Unicode case folding maps ß (and ẞ, which lowercases to it) to ss; lowercased()
        // alone keeps ß. Other full foldings are rare enough in labels to leave.
        return String(collapsed.lowercased().flatMap { $0 == "ß" ? ["s", "s"] : [$0] })
    }
}
