/// Applies the spec's standalone-line and indentation rules to a token list.
///
/// Runs in document order so an enclosing block strips its intrinsic
/// indentation before nested tags measure theirs; nested indentation then
/// comes out relative to the block, which is what block reindentation needs.
///
/// The rules (see the inheritance spec and its whitespace notes):
/// - A tag that is the only non-whitespace on its line is standalone: its
///   leading whitespace and line ending are dropped. Interpolations never are.
/// - A parent element `{{<p}}…{{/p}}` is standalone as a pair when its opening
///   tag has only whitespace before it and its closing tag only whitespace
///   after it; what lies between is parent body and is ignored anyway.
/// - An argument block (`{{$b}}` directly inside a parent) drops the line
///   ending after its opening tag and the indentation before its closing
///   tag, and removes its intrinsic indentation (that of the line after the
///   opening tag) from every line of its content.
/// - A parameter block (`{{$b}}` elsewhere) follows the single-tag rule for
///   each tag; when the pair is standalone it also gets an indentation that
///   is added to whatever content ends up expanded in its place.
struct MustacheStandaloneLines {
    var tokens: [MustacheToken]
    let bytes: [UInt8]
    /// Index of the matching open/close tag for every section-like tag.
    let partner: [Int]
    /// Whether each token sits directly inside a parent tag pair.
    let inParentBody: [Bool]
    /// Indentation of each standalone partial, parent and parameter block,
    /// keyed by the index of its (opening) tag.
    private(set) var indentation: [Int: String] = [:]

    init(tokens: [MustacheToken], bytes: [UInt8], partner: [Int], inParentBody: [Bool]) {
        self.tokens = tokens
        self.bytes = bytes
        self.partner = partner
        self.inParentBody = inParentBody
    }

    mutating func apply() {
        for index in tokens.indices {
            guard let kind = tokens[index].tagKind else { continue }
            switch kind {
            case .variable, .unescaped:
                continue
            case .parent:
                let close = partner[index]
                if isClearLeft(index) && isClearRight(close) {
                    indentation[index] = removeLeadingWhitespace(before: index)
                    removeLineEnding(after: close)
                }
            case .block where inParentBody[index]:
                if isClearRight(index) {
                    let intrinsic = leadingWhitespaceOfNextLine(after: index)
                    removeLineEnding(after: index)
                    outdent(from: index, to: partner[index], by: intrinsic)
                }
            case .block:
                applyParameterBlock(at: index)
            case .close:
                let open = partner[index]
                if tokens[open].tagKind == .parent { continue }
                if tokens[open].tagKind == .block && inParentBody[open] {
                    if isClearLeft(index) { _ = removeLeadingWhitespace(before: index) }
                } else {
                    removeIfStandalone(index)
                }
            case .partial:
                if isClearLeft(index) && isClearRight(index) {
                    indentation[index] = removeLeadingWhitespace(before: index)
                    removeLineEnding(after: index)
                }
            case .section, .inverted, .comment, .setDelimiters:
                removeIfStandalone(index)
            }
        }
    }

    private mutating func applyParameterBlock(at index: Int) {
        let close = partner[index]
        let openIsAtLineEnd = isClearRight(index)
        guard isClearLeft(index) && isClearRight(close) else {
            removeIfStandalone(index)
            return
        }
        if openIsAtLineEnd {
            // Indentation comes from the content, not the tag: a block written
            // at column 0 with indented default content is still indented.
            let intrinsic = leadingWhitespaceOfNextLine(after: index)
            outdent(from: index, to: close, by: intrinsic)
            indentation[index] = String(decoding: intrinsic, as: UTF8.self)
            _ = removeLeadingWhitespace(before: index)
            removeLineEnding(after: index)
        } else {
            // `  {{$b}}…{{/b}}` on one line: the leading whitespace becomes the
            // indentation of the expansion instead of literal text.
            indentation[index] = removeLeadingWhitespace(before: index)
        }
    }

    private mutating func removeIfStandalone(_ index: Int) {
        if isClearLeft(index) && isClearRight(index) {
            _ = removeLeadingWhitespace(before: index)
            removeLineEnding(after: index)
        }
    }

    // MARK: Clearance

    private func isWhitespaceText(_ token: MustacheToken) -> Bool {
        guard token.kind == .text else { return false }
        for index in token.start..<token.end where bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t") {
            return false
        }
        return true
    }

    /// Only whitespace between the start of the line and the tag.
    private func isClearLeft(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.kind == .newline { return true }
            if !isWhitespaceText(token) { return false }
            cursor -= 1
        }
        return true
    }

    /// Only whitespace between the tag and the end of the line.
    private func isClearRight(_ index: Int) -> Bool {
        var cursor = index + 1
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .newline { return true }
            if !isWhitespaceText(token) { return false }
            cursor += 1
        }
        return true
    }

    // MARK: Removal

    /// Drops the whitespace before a tag on its line and returns it.
    private mutating func removeLeadingWhitespace(before index: Int) -> String {
        var cursor = index - 1
        var removed: [UInt8] = []
        while cursor >= 0, tokens[cursor].kind == .text {
            removed.insert(contentsOf: bytes[tokens[cursor].start..<tokens[cursor].end], at: 0)
            tokens[cursor].start = tokens[cursor].end
            cursor -= 1
        }
        return String(decoding: removed, as: UTF8.self)
    }

    /// Drops the whitespace after a tag on its line and the line ending.
    private mutating func removeLineEnding(after index: Int) {
        var cursor = index + 1
        while cursor < tokens.count {
            switch tokens[cursor].kind {
            case .text:
                tokens[cursor].start = tokens[cursor].end
            case .newline:
                tokens[cursor].isRemoved = true
                return
            case .tag:
                return
            }
            cursor += 1
        }
    }

    // MARK: Intrinsic indentation

    private func leadingWhitespaceOfNextLine(after index: Int) -> [UInt8] {
        var cursor = index + 1
        while cursor < tokens.count && tokens[cursor].kind != .newline { cursor += 1 }
        cursor += 1
        guard cursor < tokens.count, tokens[cursor].kind == .text else { return [] }
        var end = tokens[cursor].start
        while end < tokens[cursor].end && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) {
            end += 1
        }
        return Array(bytes[tokens[cursor].start..<end])
    }

    /// Removes `prefix` (or as much of it as is there) from the start of every
    /// line that begins strictly between `open` and `close`.
    private mutating func outdent(from open: Int, to close: Int, by prefix: [UInt8]) {
        guard !prefix.isEmpty else { return }
        var cursor = open + 1
        while cursor + 1 < close {
            if tokens[cursor].kind == .newline && tokens[cursor + 1].kind == .text {
                var start = tokens[cursor + 1].start
                var matched = 0
                while matched < prefix.count && start < tokens[cursor + 1].end && bytes[start] == prefix[matched] {
                    start += 1
                    matched += 1
                }
                tokens[cursor + 1].start = start
            }
            cursor += 1
        }
    }
}
