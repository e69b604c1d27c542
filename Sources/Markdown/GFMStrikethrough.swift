/// One sibling sequence of inlines while the extensions rewrite it: libcmark's nodes,
/// and what the text scan found in its texts.
enum InlinePiece {
    case inline(MarkdownInline)
    /// An extended autolink: the URL to link to and the text as written.
    case autolink(url: String, text: String)
    /// Up to 100 tildes from one run (cmark-gfm reads a run in chunks of 100).
    case tildes(Int)
    /// `[^label]` without a definition: text, but atomic (no strikethrough inside).
    case atomicText(String)
}

/// cmark-gfm's strikethrough: tilde runs of one or two are delimiters that open when
/// left-flanking and close when right-flanking; a closer takes the nearest opener of the
/// same length, subject to the emphasis "multiple of 3" rule, and everything between
/// becomes `<del>`. Runs within one sibling sequence only (see the extension's notes).
struct StrikethroughResolver {
    let maximumNesting: Int
    /// Nesting of the sequence's parent, counted from the document.
    let depth: Int
    let line: Int

    private enum Element {
        case inline(MarkdownInline, strikeDepth: Int)
        case pending(count: Int)
    }

    private struct Delimiter {
        let id: Int
        let count: Int
        let canOpen: Bool
        let canClose: Bool
        let outputIndex: Int
    }

    /// `open` and `close` are the characters just outside the sequence (a newline at the
    /// ends of a paragraph, `*` inside emphasis, `[`/`]` inside link text).
    func resolve(_ pieces: [InlinePiece], open: UInt32, close: UInt32) throws(MarkdownNestingError) -> (inlines: [MarkdownInline], formed: Bool) {
        var output: [Element] = []
        var delimiters: [Delimiter] = []
        var bottoms: [Int?] = [nil, nil, nil]
        var nextID = 0
        var formed = false
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .inline(let inline):
                output.append(.inline(inline, strikeDepth: 0))
            case .autolink(let url, let text):
                output.append(.inline(.link(url: url, title: "", children: [.text(text)]), strikeDepth: 0))
            case .atomicText(let text):
                output.append(.inline(.text(text), strikeDepth: 0))
            case .tildes(let count):
                let before = index > 0 ? Self.boundary(pieces[index - 1], atEnd: true) : open
                let after = index + 1 < pieces.count ? Self.boundary(pieces[index + 1], atEnd: false) : close
                let spaceBefore = UnicodeClass.isSpace(before), spaceAfter = UnicodeClass.isSpace(after)
                let punctuationBefore = UnicodeClass.isPunctuation(before)
                let punctuationAfter = UnicodeClass.isPunctuation(after)
                let left = !spaceAfter && !(punctuationAfter && !spaceBefore && !punctuationBefore)
                let right = !spaceBefore && !(punctuationBefore && !spaceAfter && !punctuationAfter)
                guard (left || right) && (count == 1 || count == 2) else {
                    output.append(.inline(.text(String(repeating: "~", count: count)), strikeDepth: 0))
                    continue
                }
                let id = nextID
                nextID += 1
                if right {
                    var candidate = delimiters.count - 1
                    var found: Int?
                    while candidate >= 0 {
                        let opener = delimiters[candidate]
                        if opener.id == bottoms[count % 3] { break }
                        if opener.canOpen && (!(left || opener.canClose) || count % 3 == 0 || (opener.count + count) % 3 != 0) {
                            found = candidate
                            break
                        }
                        candidate -= 1
                    }
                    if let found {
                        let opener = delimiters[found]
                        if opener.count == count {
                            let (children, innerDepth) = finish(output[(opener.outputIndex + 1)...])
                            guard depth + innerDepth + 1 <= maximumNesting else {
                                throw MarkdownNestingError(line: line, limit: maximumNesting)
                            }
                            output.removeSubrange(opener.outputIndex...)
                            output.append(.inline(.strikethrough(children), strikeDepth: innerDepth + 1))
                            delimiters.removeSubrange(found...)
                            formed = true
                            continue
                        }
                        // Lengths differ: cmark-gfm leaves both delimiters in place.
                        delimiters.append(Delimiter(id: id, count: count, canOpen: left, canClose: right, outputIndex: output.count))
                        output.append(.pending(count: count))
                        continue
                    }
                    bottoms[count % 3] = delimiters.last?.id
                    guard left else {
                        output.append(.inline(.text(String(repeating: "~", count: count)), strikeDepth: 0))
                        continue
                    }
                }
                delimiters.append(Delimiter(id: id, count: count, canOpen: left, canClose: right, outputIndex: output.count))
                output.append(.pending(count: count))
            }
        }
        return (finish(output[...]).inlines, formed)
    }

    /// Unmatched delimiters become text; neighbouring texts are joined.
    private func finish(_ elements: ArraySlice<Element>) -> (inlines: [MarkdownInline], depth: Int) {
        var builder = InlineSequenceBuilder(capacity: elements.count)
        var maximumDepth = 0
        for element in elements {
            switch element {
            case .inline(let node, let strikeDepth):
                maximumDepth = max(maximumDepth, strikeDepth)
                builder.append(node)
            case .pending(let count):
                builder.append(text: String(repeating: "~", count: count))
            }
        }
        return (builder.finish(), maximumDepth)
    }

    /// The character the source has at one side of a piece, for flanking: libcmark keeps
    /// no source text for nodes, so each kind stands for its delimiter (`*` for emphasis,
    /// `` ` `` for code, a newline for a line break).
    static func boundary(_ piece: InlinePiece, atEnd: Bool) -> UInt32 {
        switch piece {
        case .tildes:
            return 0x7E
        case .atomicText:
            return atEnd ? 0x5D : 0x5B
        case .autolink(_, let text):
            return scalar(of: text, atEnd: atEnd)
        case .inline(let inline):
            switch inline {
            case .text(let text): return scalar(of: text, atEnd: atEnd)
            case .softBreak, .lineBreak: return 0x0A
            case .code: return 0x60
            case .html: return atEnd ? 0x3E : 0x3C
            case .emphasis, .strong: return 0x2A
            case .strikethrough: return 0x7E
            case .link: return atEnd ? 0x29 : 0x5B
            case .image: return atEnd ? 0x29 : 0x21
            case .footnoteReference: return atEnd ? 0x5D : 0x5B
            case .custom: return 0x0A
            case .attributed: return atEnd ? 0x7D : 0x5B
            }
        }
    }

    private static func scalar(of text: String, atEnd: Bool) -> UInt32 {
        let scalar = atEnd ? text.unicodeScalars.last : text.unicodeScalars.first
        return scalar?.value ?? 0x0A
    }
}

/// Builds an inline sequence, joining neighbouring texts in one growing string (joining
/// them pairwise would copy the text each time: quadratic on a megabyte of tildes).
struct InlineSequenceBuilder {
    private var inlines: [MarkdownInline] = []
    private var text: String?

    init(capacity: Int = 0) {
        inlines.reserveCapacity(capacity)
    }

    mutating func append(_ inline: MarkdownInline) {
        if case .text(let string) = inline {
            append(text: string)
        } else {
            flush()
            inlines.append(inline)
        }
    }

    mutating func append(text string: String) {
        guard !string.isEmpty else { return }
        if text == nil { text = string } else { text! += string }
    }

    mutating func finish() -> [MarkdownInline] {
        flush()
        return inlines
    }

    private mutating func flush() {
        if let pending = text {
            inlines.append(.text(pending))
            text = nil
        }
    }
}
