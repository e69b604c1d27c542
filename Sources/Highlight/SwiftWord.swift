/// What a Swift word can be, before its context is known: the keyword tables.
enum SwiftWord: Sendable {
    /// Always a keyword (as a name it needs backticks), except as an argument label or a
    /// member after `.`: `let`, `if`, `self`.
    case reserved
    /// `true`, `false`, `nil`.
    case literal
    /// A declaration modifier, a keyword only before what it modifies: `lazy var`,
    /// `actor Counter`, `unowned(unsafe)`, `x: borrowing T`.
    case modifier
    /// An effect or an expression keyword, a keyword unless used as a name: `async`,
    /// `await`, `throws`, `rethrows`, `consume`.
    case effect
    /// An accessor, a keyword only in an accessor block or `private(set)`: `get`, `set`,
    /// `willSet`, `didSet`.
    case accessor
    /// `some`, `any`: keywords before a type.
    case opaque

    static func of(_ word: String) -> SwiftWord? { table[word] }

    /// The table's word at `range` of `text` and its role, if the word there is one. Every
    /// name of every Swift block comes here, so the word is compared as bytes with the few
    /// table words of its length and first letter, rather than made a string and hashed.
    static func keyword(in text: SourceBytes, _ range: Range<Int>) -> (word: String, role: SwiftWord)? {
        let first = text[range.lowerBound]
        guard range.count <= longest, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        let bytes = text.bytes(range)
        for candidate in buckets[bucket(length: range.count, first: first)] where bytes.elementsEqual(candidate.bytes) {
            return (candidate.word, candidate.role)
        }
        return nil
    }

    /// Every table word starts with a lowercase ASCII letter.
    private static func bucket(length: Int, first: UInt8) -> Int {
        length * 26 + Int(first - UInt8(ascii: "a"))
    }

    private static let longest = table.keys.map(\.utf8.count).max() ?? 0

    private static let buckets: [[(word: String, bytes: [UInt8], role: SwiftWord)]] = {
        var buckets = [[(word: String, bytes: [UInt8], role: SwiftWord)]](repeating: [], count: (longest + 1) * 26)
        for (word, role) in table {
            let bytes = Array(word.utf8)
            buckets[bucket(length: bytes.count, first: bytes[0])].append((word, bytes, role))
        }
        return buckets
    }()

    /// Words after which a name is declared, so `let set`, `func get` and `case open` are names.
    static let introducers: Set<String> = [
        "let", "var", "func", "case", "class", "struct", "enum", "protocol", "actor", "typealias",
        "associatedtype", "macro", "operator", "precedencegroup", "import",
    ]

    /// Access modifiers, which take `(set)`.
    static let accessModifiers: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]

    private static let table: [String: SwiftWord] = {
        var table: [String: SwiftWord] = [:]
        let reserved = """
            associatedtype class deinit enum extension fileprivate func import init inout internal let
            operator precedencegroup private protocol public static struct subscript typealias var
            break case catch continue default defer do else fallthrough for guard if in repeat return
            switch throw where while as is super self try
            """
        let modifiers = """
            mutating nonmutating override convenience required lazy weak unowned final open indirect
            nonisolated isolated consuming borrowing sending actor macro package dynamic optional
            prefix postfix infix distributed
            """
        for (words, role) in [(reserved, SwiftWord.reserved), ("true false nil", .literal), (modifiers, .modifier),
                              ("async await throws rethrows consume", .effect),
                              ("get set willSet didSet", .accessor), ("some any", .opaque)] {
            for word in words.split(whereSeparator: { $0 == " " || $0 == "\n" }) { table[String(word)] = role }
        }
        return table
    }()
}
