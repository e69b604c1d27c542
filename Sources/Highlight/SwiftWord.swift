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

    /// Whether the word at `range` is shaped like one of the table's (a lowercase ASCII letter,
    /// then letters): most names are not, and are known not to be keywords without making a
    /// string of them and hashing it.
    static func mayBeKeyword(_ text: SourceBytes, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty, range.count <= 16, text[range.lowerBound] >= UInt8(ascii: "a"), text[range.lowerBound] <= UInt8(ascii: "z") else {
            return false
        }
        return range.allSatisfy { SourceBytes.isLetter(text[$0]) }
    }

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
