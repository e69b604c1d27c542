@testable import Highlight

/// The highlighter's HTML read back strictly: runs of text with their class (`nil`: no
/// span). Anything but a `<span class="…">`, a `</span>`, the four entities cmark writes
/// and text without `<`, `>`, `"` or `&` is a format error, so escaping mistakes show.
struct HighlightedTokens {
    struct Token: Equatable, CustomStringConvertible {
        var kind: String?
        var text: String
        var description: String { "\(kind ?? "plain"):\(text.debugDescription)" }
    }

    let html: String
    /// The text with the tags removed and the entities decoded.
    private var decoded: [UInt8] = []
    /// Each token's class (`nil`: plain) and its bytes in `decoded`. Strings are made only
    /// when asked for: the pathological inputs have hundreds of thousands of tokens.
    private var ranges: [(kind: String?, range: Range<Int>)] = []
    private(set) var formatErrors: [String] = []

    init(_ code: String, _ language: HighlightLanguage) {
        self.init(html: SyntaxHighlighter.html(code, language: language))
    }

    init(html: String) {
        self.html = html
        Array(html.utf8).withUnsafeBufferPointer { parse($0) }
    }

    private static let openTag = Array("<span class=\"".utf8), closeTag = Array("</span>".utf8)
    private static let entities = [(Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
                                   (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\""))]

    /// A byte loop over a buffer: the pathological inputs' HTML runs to megabytes, in debug builds.
    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) {
        func has(_ pattern: [UInt8], at index: Int) -> Bool {
            guard index + pattern.count <= bytes.count else { return false }
            for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
            return true
        }
        func isSpecial(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 }
        decoded.reserveCapacity(bytes.count)
        var kind: String?
        var tokenStart = 0
        func endToken() {
            if decoded.count > tokenStart { ranges.append((kind, tokenStart..<decoded.count)) }
            tokenStart = decoded.count
        }
        var index = 0
        while index < bytes.count {
            if !isSpecial(bytes[index]) {
                var end = index + 1
                while end < bytes.count && !isSpecial(bytes[end]) { end += 1 }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            } else if has(Self.openTag, at: index) {
                let classStart = index + Self.openTag.count
                var close = classStart
                while close < bytes.count && bytes[close] != 0x22 { close += 1 }
                guard kind == nil, close + 1 < bytes.count, bytes[close + 1] == 0x3E else {
                    formatErrors.append("bad or nested span at byte \(index)")
                    return
                }
                endToken()
                kind = String(decoding: UnsafeBufferPointer(rebasing: bytes[classStart..<close]), as: UTF8.self)
                index = close + 2
            } else if has(Self.closeTag, at: index) {
                if kind == nil || decoded.count == tokenStart { formatErrors.append("empty or unopened span at byte \(index)") }
                endToken()
                kind = nil
                index += Self.closeTag.count
            } else if let (entity, byte) = Self.entities.first(where: { has($0.0, at: index) }) {
                decoded.append(byte)
                index += entity.count
            } else {
                formatErrors.append("unescaped \(UnicodeScalar(bytes[index])) at byte \(index)")
                return
            }
        }
        if kind != nil { formatErrors.append("unclosed span") }
        endToken()
    }

    var tokens: [Token] {
        ranges.map { Token(kind: $0.kind, text: String(decoding: decoded[$0.range], as: UTF8.self)) }
    }

    /// The code back: the tags removed and the entities decoded.
    var text: String { String(decoding: decoded, as: UTF8.self) }

    /// The class of the tokens whose text is `text`; `plain` where it is only inside
    /// unwrapped text (plain runs merge: `cache.get(x)` is one); `missing`; or `mixed`.
    func kind(of text: String) -> String {
        let tokens = tokens
        let kinds = Set(tokens.filter { $0.text == text }.map { $0.kind ?? "plain" })
        if kinds.count > 1 { return "mixed: \(kinds.sorted())" }
        if let kind = kinds.first { return kind }
        return tokens.contains { $0.kind == nil && $0.text.contains(text) } ? "plain" : "missing"
    }

    /// The texts of the tokens of a class.
    func texts(_ kind: String) -> [String] {
        tokens.filter { $0.kind == kind }.map(\.text)
    }

    /// The input came back byte for byte, from well-formed HTML.
    func roundTrips(_ code: String) -> Bool {
        formatErrors.isEmpty && decoded.elementsEqual(code.utf8)
    }
}
