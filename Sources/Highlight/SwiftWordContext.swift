/// A Swift token that is not whitespace or a comment, as far as the next word's context needs it.
enum SwiftToken: Equatable, Sendable {
    case none
    case keyword(String)
    /// An identifier, type or function name.
    case name
    case punctuation(UInt8)
    case `operator`
    case attribute
    /// A number, string or literal.
    case value
}

/// What stands around a word, which decides whether a contextual keyword is one: the two
/// tokens before it, whether a line starts before it, and the bytes after it.
struct SwiftWordContext: Sendable {
    private(set) var previous = SwiftToken.none
    private var beforePrevious = SwiftToken.none
    /// A line break came after `previous` (or nothing came before).
    var startsLine = true

    mutating func remember(_ token: SwiftToken) {
        beforePrevious = previous
        previous = token
        startsLine = false
    }

    /// Whether `word`, a word of `role` that ends at `end`, is a keyword here.
    func isKeyword(_ word: String, as role: SwiftWord, in text: SourceBytes, endingAt end: Int) -> Bool {
        let afterDot = previous == .punctuation(UInt8(ascii: "."))
        let isArgumentLabel = (previous == .punctuation(UInt8(ascii: "(")) || previous == .punctuation(UInt8(ascii: ",")))
            && text[end] == UInt8(ascii: ":") && text[end + 1] != UInt8(ascii: ":")
        switch role {
        case .reserved, .literal:
            return afterDot ? word == "init" || word == "self" : !isArgumentLabel
        case .modifier, .effect, .accessor, .opaque:
            if afterDot || isArgumentLabel { return false }
            if case .keyword(let keyword) = previous, SwiftWord.introducers.contains(keyword) { return false }
        }
        let next = text.skippingBlanks(from: end, acrossLines: role == .accessor)
        switch role {
        case .modifier: return modifies(text, at: next, after: end)
        case .effect: return !startsUse(text[next], text[next + 1])
        case .accessor: return isAccessor(word, text, at: next)
        case .opaque: return SourceBytes.isUppercase(text[next])
        case .reserved, .literal: return true
        }
    }

    /// A modifier stands where a declaration or parameter type starts, before a word
    /// (`lazy var`, `borrowing T`) or `(set)`, `(safe)`, `(unsafe)`.
    private func modifies(_ text: SourceBytes, at next: Int, after end: Int) -> Bool {
        switch previous {
        case .name, .operator, .value: guard startsLine else { return false }
        default: break
        }
        if next == end && text[next] == UInt8(ascii: "(") {
            return text.has("set)", at: next + 1) || text.has("safe)", at: next + 1) || text.has("unsafe)", at: next + 1)
        }
        return SourceBytes.isIdentifierStart(text[next]) && !isWord("in", text, at: next)
    }

    /// What follows a name rather than an effect keyword: `async: true`, `throws = 1`, `await.x`.
    private func startsUse(_ byte: UInt8, _ following: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"): return following != UInt8(ascii: ":")
        case UInt8(ascii: "="): return following != UInt8(ascii: "=")
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "]"): return true
        default: return false
        }
    }

    /// `get`, `set`, `willSet`, `didSet` open an accessor block's entry (`{ get set }`,
    /// `set(newValue) {`, `mutating get {`), or are the `set` of `private(set)`.
    private func isAccessor(_ word: String, _ text: SourceBytes, at next: Int) -> Bool {
        switch previous {
        case .punctuation(UInt8(ascii: "(")):
            guard case .keyword(let modifier) = beforePrevious else { return false }
            return word == "set" && SwiftWord.accessModifiers.contains(modifier) && text[next] == UInt8(ascii: ")")
        case .punctuation(UInt8(ascii: "{")), .punctuation(UInt8(ascii: "}")), .punctuation(UInt8(ascii: ";")):
            break
        case .keyword(let keyword) where SwiftWord.of(keyword) == .accessor || keyword == "mutating" || keyword == "nonmutating":
            break
        default:
            return false
        }
        switch text[next] {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return true
        case UInt8(ascii: "("): return word != "get"
        case let byte: return SourceBytes.isIdentifierStart(byte) && !isWord("in", text, at: next)
        }
    }

    private func isWord(_ word: StaticString, _ text: SourceBytes, at index: Int) -> Bool {
        text.has(word, at: index) && !SourceBytes.isIdentifierByte(text[index + word.utf8CodeUnitCount])
    }
}
