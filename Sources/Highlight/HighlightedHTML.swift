/// What a lexer writes into: the source's bytes in order, each exactly once, HTML-escaped
/// as cmark escapes code (`&`, `<`, `>`, `"` and nothing else), with `<span class="hl-…">`
/// around the tokens that have a kind.
///
/// A lexer never hands over text, only where each token ends: `write(upTo:as:)` writes
/// everything from `position`, where the last write stopped, so no byte can be skipped or
/// repeated. Adjacent tokens of one kind share a span.
struct HighlightedHTML {
    private let text: SourceBytes
    /// How many source bytes are written: where the next token starts.
    private(set) var position = 0
    private var output: [UInt8] = []
    private var openKind: TokenKind?

    init(_ text: SourceBytes) {
        self.text = text
        output.reserveCapacity(text.count + text.count / 2 + 64)
    }

    /// Writes the source from `position` up to `end` as a token of `kind` (`nil`: plain
    /// text). A span never ends inside a UTF-8 sequence: the token is extended to the end
    /// of its last scalar.
    mutating func write(upTo end: Int, as kind: TokenKind?) {
        var end = min(end, text.count)
        guard end > position else { return }
        while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
        if kind != openKind {
            if openKind != nil { output.append(contentsOf: Self.closeTag) }
            if let kind { output.append(contentsOf: Self.openTag(of: kind)) }
            openKind = kind
        }
        appendEscaped(position..<end)
        position = end
    }

    /// The HTML, with whatever the lexer left unwritten as plain text.
    consuming func finish() -> String {
        write(upTo: text.count, as: nil)
        if openKind != nil { output.append(contentsOf: Self.closeTag) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Copies the runs between the four special bytes whole.
    private mutating func appendEscaped(_ range: Range<Int>) {
        var runStart = range.lowerBound
        for index in range {
            let entity: [UInt8]
            switch text[index] {
            case UInt8(ascii: "&"): entity = Self.amp
            case UInt8(ascii: "<"): entity = Self.lt
            case UInt8(ascii: ">"): entity = Self.gt
            case UInt8(ascii: "\""): entity = Self.quot
            default: continue
            }
            output.append(contentsOf: text.bytes(runStart..<index))
            output.append(contentsOf: entity)
            runStart = index + 1
        }
        output.append(contentsOf: text.bytes(runStart..<range.upperBound))
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8), quot = Array("&quot;".utf8)
    private static let closeTag = Array("</span>".utf8)
    /// The open tags in `TokenKind.allCases` order: a token boundary is a few compares away
    /// from its tag, where hashing the kind for a dictionary cost more than writing the tag.
    private static let kinds = TokenKind.allCases
    private static let openTags = kinds.map { Array("<span class=\"\($0.cssClass)\">".utf8) }
    private static func openTag(of kind: TokenKind) -> [UInt8] {
        openTags[kinds.firstIndex(of: kind) ?? 0]
    }
}

/// A lexer writes its text into `html` a token at a time.
protocol Lexer {
    init(_ text: SourceBytes)
    var html: HighlightedHTML { get }
    /// Writes the token at `html.position`. A call that writes nothing must change the
    /// lexer's state so that the next one does (the shell lexer's empty line of output).
    mutating func lexToken()
}

extension Lexer {
    static func highlight(_ text: SourceBytes) -> String {
        var lexer = Self(text)
        while lexer.html.position < text.count {
            lexer.lexToken()
        }
        return lexer.html.finish()
    }
}
