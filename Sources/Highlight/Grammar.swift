/// A language as the generic lexer (`GrammarLexer`) reads it: a small declarative
/// definition of its words, comments, strings and numbers, and of the few places where a
/// name is more than a name. One definition per language lives in `Grammars.swift`.
struct Grammar: Sendable {
    /// SQL's words are matched in any case.
    var caseInsensitiveWords = false
    /// Each word of the language (`add`) and its class (keywords, types, constants,
    /// built-ins), and the introducers' roles, as the lexer looks a name up: by its bytes.
    private(set) var roles = WordTable<WordRole>()
    var lineComments: [LineComment] = []
    var blockComments: [BlockComment] = []
    var strings: [StringRule] = []
    /// `nil`: digits are plain text (YAML's scalars).
    var numbers: NumberStyle? = NumberStyle()
    /// Bytes that may continue a name besides letters, digits and `_` (`$` in JavaScript,
    /// `-` in CSS); `nameStarts`, those that may start one besides letters and `_`.
    var nameBytes = ByteSet()
    var nameStarts = ByteSet()
    /// Ruby's `save!` and `empty?`: one of these bytes ends a method name.
    var nameSuffixes = ByteSet()
    /// The name after one of these words is declared as a function (`def`, `fn`, `func`) or a type (`class`, `struct`).
    var functionIntroducers: Set<String> = [] { didSet { tableRoles() } }
    var classIntroducers: Set<String> = [] { didSet { tableRoles() } }
    /// `int main(` and `public double average(`: a name before `(` right after a type or a
    /// name is a function being declared (a call comes after an operator or punctuation).
    var declarationCalls = false
    /// The class of a name after `.` (Java's `list.size()` is `na` in Pygments).
    var members: TokenKind?
    /// `#` at a line's start begins a preprocessor line, to its end (continued by `\`).
    var preprocessorLines = false
    /// `@` and a name: a decorator or annotation (`@Override`, `@dataclass`).
    var decorators = false
    /// Rust's `#[derive(…)]` and `#![…]`: an attribute, to its `]`, as a preprocessor line.
    var hashAttributes = false
    var operators = ByteSet("+-*/%=<>!&|^~?:")
    var punctuation = ByteSet("(){}[];,.")
    /// Runs written as punctuation, before operators are looked at: `=>`, `::`, `->`.
    var punctuationRuns: [CodeLiteral] = []
    /// `/…/` after an operator or an opening bracket is a regular expression (JavaScript).
    var regexLiterals = false
    /// Ruby's `:name` and `name:` labels.
    var symbols = false
    /// YAML: a name before `: ` (or `:` at the line's end) at a line's start is a key.
    var keys: TokenKind?
    /// INI, properties, xcconfig: each line is `key = value` (or `key: value`).
    var keyValueLines: KeyValueLines?
    /// `[section]` at a line's start is written whole as this (INI's `k`, TOML's tables).
    var sectionHeaders: TokenKind?
    /// A name before `=` (not `==`) is an attribute (Protocol Buffers' fields, Graphviz's attributes).
    var namesBeforeEquals: TokenKind?
    /// A name right after `=` (Graphviz's `shape=box`).
    var namesAfterEquals: TokenKind?
    /// Any other name (Graphviz's node ids, `nt`).
    var otherNames: TokenKind?
    /// Makefile: `target:` at a line's start is `nf`, `NAME =` (`:=`, `?=`, `+=`) `nv`, and `$(` … `)` `k`.
    var makefile = false
    /// Dockerfile: a line's first word is its instruction (`k`, any case); the words after
    /// `FROM`, `WORKDIR`, `EXPOSE`, `USER` are strings.
    var instructions = false
    /// Objective-C: a line starting `-` or `+` declares a method whose selector parts are `nf`.
    var methodSignatures = false
    /// After these words (`package`, `import`), the rest of the line is a dotted path, plain.
    var pathIntroducers: Set<String> = [] { didSet { tableRoles() } }
    /// The class of a name with one of `nameSuffixes` (Rust's macros, `println!`, are `nf`-like `fm`).
    var suffixedNames: TokenKind?
    /// YAML: a value that does not start with a quote, `[`, `{`, `|` or `>` is plain text to
    /// its line's end (or a comment), and a block scalar's (`|`, `>`) more indented lines too.
    var plainScalars = false
    /// Kotlin's `$name` and Ruby's none: a string interpolation of one name after this byte.
    var nameInterpolation: UInt8?

    struct LineComment: Sendable {
        var prefix: CodeLiteral
        var kind: TokenKind = .lineComment
        /// `#` starts a comment only at a line's start or after a blank (YAML's `a#b`, shell's).
        var afterBlank = false
    }

    struct BlockComment: Sendable {
        var open: CodeLiteral
        var close: CodeLiteral
        var kind: TokenKind = .blockComment
        var nests = false
    }

    struct StringRule: Sendable {
        var open: CodeLiteral
        var close: CodeLiteral
        var kind: TokenKind
        /// `\` escapes the next byte (written as `se`).
        var escapes = true
        var multiline = false
        /// The close written twice is one close (SQL's `''`).
        var doubledClose = false
        /// Code inside the string, between these and the matching close (`${` `}`, `#{` `}`, `{` `}`).
        var interpolation: CodeLiteral?
        /// The byte that closes an interpolation, and the class of both delimiters.
        var interpolationClose = UInt8(ascii: "}")
        var interpolationKind = TokenKind.interpolation
        /// The longest a literal may be, else its opening quote is plain (Rust's `'a` lifetimes).
        var maxLength: Int?
    }

    struct NumberStyle: Sendable {
        var integer: TokenKind = .integer
        var float: TokenKind = .float
        var hex: TokenKind = .hex
        /// Letters after the digits are part of the number: `0UL`, `1.5f`, `10px` (as `suffix`).
        var suffixLetters = false
        /// CSS writes a number's unit apart, as a type.
        var suffix: TokenKind?
    }

    struct KeyValueLines: Sendable {
        var key: TokenKind
        var value: TokenKind?
        var separators = ByteSet("=:")
    }
}

/// A grammar's delimiter (`//`, `/*`, `\"\"\"`, `${`, `=begin`), at most eight ASCII bytes
/// held in one integer: compared with the code in place, where a `String`'s UTF-8 view
/// cost a call per byte, and copied with no retain.
struct CodeLiteral: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The bytes, the first in the lowest eight bits.
    private let packed: UInt64
    let count: Int

    init(stringLiteral text: String) {
        self.init(text)
    }

    init(_ text: String) {
        precondition(!text.isEmpty && text.utf8.count <= 8, "a grammar's delimiter is one to eight bytes: \(text)")
        var packed: UInt64 = 0
        for (offset, byte) in text.utf8.enumerated() { packed |= UInt64(byte) << UInt64(8 * offset) }
        self.packed = packed
        count = text.utf8.count
    }

    var first: UInt8 { UInt8(truncatingIfNeeded: packed) }

    /// Whether the literal stands at `index` of `text`.
    func stands(in text: SourceBytes, at index: Int) -> Bool {
        guard index + count <= text.count else { return false }
        var rest = packed
        for offset in 0..<count {
            guard text[index + offset] == UInt8(truncatingIfNeeded: rest) else { return false }
            rest >>= 8
        }
        return true
    }
}

/// A set of bytes, looked up in a bit table.
struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ bytes: String = "") {
        for byte in bytes.utf8 { insert(byte) }
    }

    @inline(__always)
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return bits.0 & bit != 0
        case 1: return bits.1 & bit != 0
        case 2: return bits.2 & bit != 0
        default: return bits.3 & bit != 0
        }
    }
}

/// What a word of a grammar is: its class, and whether the name after it is declared.
struct WordRole: Sendable, Equatable {
    var kind: TokenKind?
    var introducesFunction = false
    var introducesClass = false
    /// After it, the rest of the line is a dotted path (`import a.b.c`).
    var introducesPath = false
}

extension Grammar {
    /// Adds `words` (separated by blanks) as `kind`.
    mutating func add(_ kind: TokenKind, _ list: String) {
        for word in list.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let word = caseInsensitiveWords ? word.lowercased() : String(word)
            roles.insert(word, role(of: word, kind: kind))
        }
    }

    private func role(of word: String, kind: TokenKind?) -> WordRole {
        WordRole(kind: kind, introducesFunction: functionIntroducers.contains(word),
                 introducesClass: classIntroducers.contains(word), introducesPath: pathIntroducers.contains(word))
    }

    /// The introducers' roles again, when a list of them is set: every word's flags as the
    /// lists say, and the introducers that are no word added without a class.
    private mutating func tableRoles() {
        var roles = self.roles
        roles.update { word, role in role = self.role(of: word, kind: role.kind) }
        for word in functionIntroducers.union(classIntroducers).union(pathIntroducers) where roles.value(of: word) == nil {
            roles.insert(word, role(of: word, kind: nil))
        }
        self.roles = roles
    }
}

/// A language's words, looked up by their bytes in the code with no string made and no
/// hash computed: the words are kept in buckets by length and first byte, each packed in two
/// integers, and a name, packed the same way, is compared with the few of its bucket.
/// Every name of every block comes here.
struct WordTable<Value: Sendable>: Sendable {
    /// A word of at most `longest` bytes, the first in the lowest eight bits of `low`.
    private struct Key: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            for (offset, byte) in bytes.enumerated() { set(byte, at: offset) }
        }

        /// `range` of `text` (at most `longest` bytes), its ASCII capitals read as small
        /// letters with `foldingCase`.
        @inline(__always)
        init(_ text: SourceBytes, _ range: Range<Int>, foldingCase: Bool) {
            let bytes = text.bytes(range)
            if !foldingCase && range.lowerBound + 16 <= text.count {
                // Two loads, the bytes past the name masked off.
                let raw = UnsafeRawPointer(bytes.baseAddress!)
                low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & Self.mask(bytes.count)
                if bytes.count > 8 { high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.mask(bytes.count - 8) }
                return
            }
            low = Self.packed(bytes, 0..<min(bytes.count, 8), foldingCase)
            if bytes.count > 8 { high = Self.packed(bytes, 8..<bytes.count, foldingCase) }
        }

        /// The low `count` bytes of a word.
        @inline(__always)
        private static func mask(_ count: Int) -> UInt64 {
            count >= 8 ? ~0 : (1 << UInt64(8 * count)) - 1
        }

        /// The bytes of `offsets` (at most eight), the first lowest.
        @inline(__always)
        private static func packed(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: Range<Int>, _ foldingCase: Bool) -> UInt64 {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            for offset in offsets {
                word |= UInt64(folded(bytes[offset], foldingCase)) << shift
                shift += 8
            }
            return word
        }

        @inline(__always)
        private mutating func set(_ byte: UInt8, at offset: Int) {
            if offset < 8 { low |= UInt64(byte) << UInt64(8 * offset) } else { high |= UInt64(byte) << UInt64(8 * (offset - 8)) }
        }

        var first: UInt8 { UInt8(truncatingIfNeeded: low) }

        /// The word, `count` bytes long.
        func word(count: Int) -> String {
            let bytes = (UInt64(littleEndian: low), UInt64(littleEndian: high))
            return withUnsafeBytes(of: bytes) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
    }

    private struct Entry: Sendable {
        var key: Key
        var value: Value
    }

    /// Longer names are never looked up (as when they were made strings of at most 16 bytes).
    static var longest: Int { 16 }

    private var buckets: [[Entry]] = Array(repeating: [], count: (longest + 1) * 64)

    private static func bucket(length: Int, first: UInt8) -> Int {
        length * 64 + Int(first & 63)
    }

    /// The value of `word`, as `insert` was given it.
    func value(of word: String) -> Value? {
        let bytes = Array(word.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.longest else { return nil }
        let key = Key(bytes)
        return buckets[Self.bucket(length: bytes.count, first: key.first)].first { $0.key == key }?.value
    }

    /// Changes every value, given its word.
    mutating func update(_ change: (String, inout Value) -> Void) {
        for bucket in buckets.indices {
            for entry in buckets[bucket].indices {
                change(buckets[bucket][entry].key.word(count: bucket / 64), &buckets[bucket][entry].value)
            }
        }
    }

    /// Adds `word`, or replaces its value; a word longer than `longest` is never found.
    mutating func insert(_ word: String, _ value: Value) {
        let bytes = Array(word.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.longest else { return }
        let key = Key(bytes)
        let index = Self.bucket(length: bytes.count, first: key.first)
        if let existing = buckets[index].firstIndex(where: { $0.key == key }) {
            buckets[index][existing].value = value
        } else {
            buckets[index].append(Entry(key: key, value: value))
        }
    }

    /// The value of the name at `range` of `text`; with `foldingCase`, its ASCII capitals are
    /// read as small letters (the table's words of a case-insensitive language are small).
    func value(in text: SourceBytes, _ range: Range<Int>, foldingCase: Bool = false) -> Value? {
        guard !range.isEmpty, range.count <= Self.longest else { return nil }
        let key = Key(text, range, foldingCase: foldingCase)
        for candidate in buckets[Self.bucket(length: range.count, first: key.first)] where candidate.key == key {
            return candidate.value
        }
        return nil
    }
}

@inline(__always)
private func folded(_ byte: UInt8, _ folding: Bool) -> UInt8 {
    folding && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}
