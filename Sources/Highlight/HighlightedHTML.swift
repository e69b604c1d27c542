/// What a lexer writes into: the source's bytes in order, each exactly once, HTML-escaped
/// as cmark escapes code (`&`, `<`, `>`, `"` and nothing else), with `<span class="…">`
/// around the tokens that have a kind.
///
/// A lexer never hands over text, only where each token ends: `write(upTo:as:)` writes
/// everything from `position`, where the last write stopped, so no byte can be skipped or
/// repeated. Adjacent tokens of one kind share a span: a token of the open span's kind only
/// moves `position`, and its bytes are escaped with the rest of the span's when the kind
/// changes, so most tokens cost a comparison and a store.
struct HighlightedHTML {
    private let text: SourceBytes
    /// How many source bytes are written: where the next token starts.
    private(set) var position = 0
    /// How many source bytes are escaped into `output`: those up to `position` are of `openKind`.
    private var escaped = 0
    private var output: OutputBytes
    /// The kind of the span open in `output` (`nil`: none is).
    private var openKind: TokenKind?
    /// `Self.openTags` and `StaticBytes.closeTag`, held here: reading a static on each
    /// write costs a `swift_once` check.
    private let openTags: [StaticBytes]
    private let closeTag: StaticBytes

    /// The code's length in bytes.
    var codeLength: Int { text.count }

    init(_ text: SourceBytes) {
        self.text = text
        output = OutputBytes(capacity: text.count * 2 + 64)
        openTags = Self.openTags
        closeTag = StaticBytes.closeTag
    }

    /// Writes the source from `position` up to `end` as a token of `kind` (`nil`: plain
    /// text). A span never ends inside a UTF-8 sequence: the token is extended to the end
    /// of its last scalar.
    @inline(__always)
    mutating func write(upTo end: Int, as kind: TokenKind?) {
        var end = min(end, text.count)
        guard end > position else { return }
        while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
        if kind != openKind { open(kind) }
        position = end
    }

    /// Escapes the open span's bytes, closes it and opens one of `kind`.
    @inline(never)
    private mutating func open(_ kind: TokenKind?) {
        escapeWritten()   // reserves room for the two tags too
        if openKind != nil { output.appendReserved(closeTag) }
        if let kind { output.appendReserved(openTags[Int(kind.rawValue)]) }
        openKind = kind
    }

    /// Escapes the bytes written since the last escape into `output`, with room for two tags after them.
    @inline(__always)
    private mutating func escapeWritten() {
        let source = text.bytes(escaped..<position)
        output.reserve(source.count * 6 + 2 * StaticBytes.padded)
        output.appendEscaped(source)
        escaped = position
    }

    /// Writes the source from `position` up to `end` as `html`, another lexer's HTML of
    /// exactly those bytes (a Markdown fence's code, an HTML page's script).
    mutating func append(_ html: String, upTo end: Int) {
        guard end > position else { return }
        open(nil)
        var html = html
        html.withUTF8 { output.append($0) }
        position = end
        escaped = end
    }

    /// The source text of `range`, for a lexer that hands part of it to another.
    var source: SourceBytes { text }

    /// The HTML, with whatever the lexer left unwritten as plain text.
    consuming func finish() -> String {
        write(upTo: text.count, as: nil)
        open(nil)
        return output.string
    }

    /// The open tags, indexed by `TokenKind.rawValue`.
    private static let openTags = TokenKind.allCases.map { StaticBytes("<span class=\"\($0.cssClass)\">") }
}

/// A few bytes of HTML written often (a tag), kept where copying them needs no retain,
/// and padded with zeros to `padded` bytes so that a copy is one fixed-size move.
struct StaticBytes: @unchecked Sendable {
    let pointer: UnsafeBufferPointer<UInt8>

    /// The most bytes a tag has, and what `OutputBytes.appendReserved` copies.
    static let padded = 32

    static let closeTag = StaticBytes("</span>")

    init(_ text: String) {
        precondition(text.utf8.count <= Self.padded, "a static tag is at most \(Self.padded) bytes: \(text)")
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.padded)
        bytes.initialize(repeating: 0)
        _ = bytes.initialize(from: text.utf8)
        pointer = UnsafeBufferPointer(rebasing: bytes[..<text.utf8.count])   // static tables only: never freed
    }
}

/// The HTML as it is written: a growing buffer of bytes, appended to without the checks an
/// `Array` makes on each append (uniqueness, capacity per element).
final class OutputBytes {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for `more` bytes, for the `…Reserved` appends.
    @inline(__always)
    func reserve(_ more: Int) {
        if count + more > capacity { grow(toFit: more) }
    }

    @inline(never)
    private func grow(toFit more: Int) {
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = grown
    }

    func append(_ bytes: StaticBytes) {
        append(bytes.pointer)
    }

    /// Appends `bytes`, for which `reserve` made room (`StaticBytes.padded` of it: the
    /// padding is copied too, and written over by what follows).
    @inline(__always)
    func appendReserved(_ bytes: StaticBytes) {
        UnsafeMutableRawPointer(start + count).copyMemory(from: bytes.pointer.baseAddress!, byteCount: StaticBytes.padded)
        count += bytes.pointer.count
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// `bytes` escaped as cmark escapes code: `&`, `<`, `>` and `"`, nothing else; `reserve`
    /// made room for six bytes each.
    @inline(__always)
    func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var next = bytes.baseAddress else { return }
        let last = next + bytes.count
        var end = start + count
        while next < last {
            let byte = next.pointee
            next += 1
            // The four are below 64: one bit test tells every other byte.
            guard byte < 64 && (Self.escaped >> UInt64(byte)) & 1 != 0 else {
                end.initialize(to: byte)
                end += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "&"): end = Self.put("&amp;", at: end)
            case UInt8(ascii: "<"): end = Self.put("&lt;", at: end)
            case UInt8(ascii: ">"): end = Self.put("&gt;", at: end)
            case UInt8(ascii: "\""): end = Self.put("&quot;", at: end)
            default:
                end.initialize(to: byte)
                end += 1
            }
        }
        count = end - start
    }

    /// The bytes that are escaped, as bits of their values (all are below 64).
    private static var escaped: UInt64 {
        1 << UInt64(UInt8(ascii: "&")) | 1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">")) | 1 << UInt64(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func put(_ entity: StaticString, at end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        end.update(from: entity.utf8Start, count: entity.utf8CodeUnitCount)
        return end + entity.utf8CodeUnitCount
    }

    var string: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
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

/// A lexer that writes one token (or line) at a time into its ``HighlightedHTML``.
protocol TokenLexer {
    var html: HighlightedHTML { get set }
    mutating func lexToken()
}

extension TokenLexer {
    /// The driving loop: tokens until the code is written. A guard, not a rule: a token that
    /// writes nothing changes the state so the next one does; should one ever not (three in a
    /// row), a byte is written plain rather than loop.
    mutating func highlightAll() -> String {
        var stalled = 0
        while html.position < html.codeLength {
            let before = html.position
            lexToken()
            stalled = html.position == before ? stalled + 1 : 0
            if stalled > 2 { html.write(upTo: before + 1, as: nil) }
        }
        return html.finish()
    }
}
