#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a lexer writes into: the source's bytes in order, each exactly once, HTML-escaped
/// as cmark escapes code (`&`, `<`, `>`, `"` and nothing else), with `<span class="…">`
/// around the tokens that have a kind.
///
/// A lexer never hands over text, only where each token ends: `write(upTo:as:)` writes
/// everything from `position`, where the last write stopped, so no byte can be skipped or
/// repeated. Adjacent tokens of one kind share a span: a token of the open span's kind only
/// moves `position`, and its bytes are written with the rest of the span's when the kind
/// changes, so most tokens cost a comparison and a store.
///
/// A change of kind is written in place (it is inlined into each lexer), as two eight-byte
/// moves of the span's bytes and one fixed-size move of the tags: a span is a few bytes,
/// and most have nothing to escape (`EscapeScan` knows where the next byte to escape is).
struct HighlightedHTML {
    private let text: SourceBytes
    /// How many source bytes are written: where the next token starts.
    private(set) var position = 0
    /// How many source bytes are in the HTML: those up to `position` are of `openKind`.
    private var copied = 0
    /// The kind of the span open in the HTML (`nil`: none is).
    private var openKind: TokenKind?
    /// The HTML so far, and the room for more: a lexer writes through `next`, up to `limit`.
    private let output: OutputBytes
    private var next: UnsafeMutablePointer<UInt8>
    private var limit: UnsafeMutablePointer<UInt8>
    /// `SpanTags.shared`, held here: reading a static on each write costs a `swift_once` check.
    private let tags: SpanTags
    /// Where the next byte to escape is: the spans before it are copied as they are.
    private var escapes: EscapeScan

    /// The code's length in bytes.
    var codeLength: Int { text.count }

    init(_ text: SourceBytes) {
        self.text = text
        output = OutputBytes(capacity: text.count * 2 + 64)
        next = output.start
        limit = output.start + output.capacity
        tags = SpanTags.shared
        escapes = EscapeScan(text)
    }

    /// Writes the source from `position` up to `end` as a token of `kind` (`nil`: plain
    /// text). A span never ends inside a UTF-8 sequence: the token is extended to the end
    /// of its last scalar.
    @inline(__always)
    mutating func write(upTo end: Int, as kind: TokenKind?) {
        var end = min(end, text.count)
        guard end > position else { return }
        while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
        if kind != openKind { change(to: kind) }
        position = end
    }

    /// Writes the open span's bytes, closes it and opens one of `kind`.
    @inline(__always)
    private mutating func change(to kind: TokenKind?) {
        let count = position &- copied
        // Room for the bytes escaped (six for one at most) and the tags.
        if count > 16 || limit - next < 6 &* 16 &+ StaticBytes.padded { makeRoom(count) }
        if count <= 16 && position <= escapes.nearest && copied &+ 16 <= text.count {
            UnsafeMutableRawPointer(next).storeBytes(of: text.load8(at: copied), as: UInt64.self)
            UnsafeMutableRawPointer(next + 8).storeBytes(of: text.load8(at: copied &+ 8), as: UInt64.self)
            next += count
        } else {
            copySlowly()
        }
        copied = position
        next = tags.write(from: openKind, to: kind, at: next)
        openKind = kind
    }

    /// Makes room for `count` bytes escaped and the tags after them.
    @inline(never)
    private mutating func makeRoom(_ count: Int) {
        let used = next - output.start
        output.reserve(used: used, more: count * 6 + 6 * 16 + StaticBytes.padded)
        next = output.start + used
        limit = output.start + output.capacity
    }

    /// The span's bytes from `copied` to `position`, escaped where they have to be.
    @inline(never)
    private mutating func copySlowly() {
        if position <= escapes.nearest {
            let count = position - copied
            if count > 0 { next.update(from: text.bytes(copied..<position).baseAddress!, count: count) }
            next += count
        } else {
            next = OutputBytes.escape(text.bytes(copied..<position), at: next)
            escapes.advance(to: position, in: text)
        }
    }

    /// Writes the source from `position` up to `end` as `html`, another lexer's HTML of
    /// exactly those bytes (a Markdown fence's code, an HTML page's script).
    mutating func append(_ html: String, upTo end: Int) {
        guard end > position else { return }
        change(to: nil)
        var html = html
        html.withUTF8 { bytes in
            makeRoom(bytes.count)
            if !bytes.isEmpty { next.update(from: bytes.baseAddress!, count: bytes.count) }
            next += bytes.count
        }
        position = end
        copied = end
    }

    /// The source text of `range`, for a lexer that hands part of it to another.
    var source: SourceBytes { text }

    /// The HTML, with whatever the lexer left unwritten as plain text.
    consuming func finish() -> String {
        write(upTo: text.count, as: nil)
        change(to: nil)
        return output.string(count: next - output.start)
    }
}

/// The HTML between two spans: the close of the first (if any) and the open of the next
/// (if any), `</span><span class="k">`, one fixed-size move for each change of kind.
struct SpanTags: @unchecked Sendable {   // immutable; its tables are never freed
    /// The opens (the first is none), then each after a close: as `write` indexes them.
    private let tags: UnsafeBufferPointer<StaticBytes>

    static let shared = SpanTags()

    private init() {
        let opens = [""] + TokenKind.allCases.map { "<span class=\"\($0.cssClass)\">" }
        let all = opens.map { StaticBytes($0) } + opens.map { StaticBytes("</span>" + $0) }
        let tags = UnsafeMutableBufferPointer<StaticBytes>.allocate(capacity: all.count)
        _ = tags.initialize(from: all)
        self.tags = UnsafeBufferPointer(tags)
    }

    /// Writes the tags between a span of `open` and one of `next` at `end`, where there is
    /// room for `StaticBytes.padded` bytes; returns where they end.
    @inline(__always)
    func write(from open: TokenKind?, to next: TokenKind?, at end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let closing = open == nil ? 0 : TokenKind.allCases.count &+ 1
        let opening = next.map { Int($0.rawValue) &+ 1 } ?? 0
        let tag = tags[closing &+ opening].pointer
        UnsafeMutableRawPointer(end).copyMemory(from: tag.baseAddress!, byteCount: StaticBytes.padded)
        return end + tag.count
    }
}

/// Where the next `&`, `<`, `>` and `"` of the code are, from where the writing has got
/// to: the spans before the nearest are copied as they are. Each of the four is looked for
/// with `memchr` once it is passed, so the code is searched about once per byte value.
struct EscapeScan {
    /// The index of the next of each (the code's length: none is left).
    private var ampersand: Int
    private var less: Int
    private var greater: Int
    private var quote: Int
    /// The least of the four.
    private(set) var nearest = 0

    init(_ text: SourceBytes) {
        ampersand = Self.find(UInt8(ascii: "&"), in: text, from: 0)
        less = Self.find(UInt8(ascii: "<"), in: text, from: 0)
        greater = Self.find(UInt8(ascii: ">"), in: text, from: 0)
        quote = Self.find(UInt8(ascii: "\""), in: text, from: 0)
        nearest = min(ampersand, less, greater, quote)
    }

    /// Finds the next of each that is before `index` (those were escaped) anew from there.
    mutating func advance(to index: Int, in text: SourceBytes) {
        if ampersand < index { ampersand = Self.find(UInt8(ascii: "&"), in: text, from: index) }
        if less < index { less = Self.find(UInt8(ascii: "<"), in: text, from: index) }
        if greater < index { greater = Self.find(UInt8(ascii: ">"), in: text, from: index) }
        if quote < index { quote = Self.find(UInt8(ascii: "\""), in: text, from: index) }
        nearest = min(ampersand, less, greater, quote)
    }

    private static func find(_ byte: UInt8, in text: SourceBytes, from index: Int) -> Int {
        guard index < text.count else { return text.count }
        let bytes = text.bytes(index..<text.count)
        guard let found = memchr(bytes.baseAddress!, Int32(byte), bytes.count) else { return text.count }
        return index + (UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!))
    }
}

/// A few bytes of HTML written often (a tag), kept where copying them needs no retain,
/// and padded with zeros to `padded` bytes so that a copy is one fixed-size move.
struct StaticBytes: @unchecked Sendable {
    let pointer: UnsafeBufferPointer<UInt8>

    /// The most bytes a tag has, and what `SpanTags.write` moves.
    static let padded = 32

    init(_ text: String) {
        precondition(text.utf8.count <= Self.padded, "a static tag is at most \(Self.padded) bytes: \(text)")
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.padded)
        bytes.initialize(repeating: 0)
        _ = bytes.initialize(from: text.utf8)
        pointer = UnsafeBufferPointer(rebasing: bytes[..<text.utf8.count])   // static tables only: never freed
    }
}

/// The memory the HTML is written into, owned here (freed with it) and written through a
/// `HighlightedHTML`'s pointer, with none of the checks an `Array` makes on each append.
final class OutputBytes {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for `more` bytes after the `used` ones.
    func reserve(used: Int, more: Int) {
        guard used + more > capacity else { return }
        let grown = max(capacity * 2, used + more)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: start, count: used)
        start.deallocate()
        start = larger
        capacity = grown
    }

    /// Writes `bytes` at `end` escaped as cmark escapes code: `&`, `<`, `>` and `"`, nothing
    /// else, where there is room for six bytes each; returns where they end.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var end = end
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): end = put("&amp;", at: end)
            case UInt8(ascii: "<"): end = put("&lt;", at: end)
            case UInt8(ascii: ">"): end = put("&gt;", at: end)
            case UInt8(ascii: "\""): end = put("&quot;", at: end)
            default:
                end.initialize(to: byte)
                end += 1
            }
        }
        return end
    }

    @inline(__always)
    private static func put(_ entity: StaticString, at end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        end.update(from: entity.utf8Start, count: entity.utf8CodeUnitCount)
        return end + entity.utf8CodeUnitCount
    }

    /// The first `count` bytes, as a string.
    func string(count: Int) -> String {
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
