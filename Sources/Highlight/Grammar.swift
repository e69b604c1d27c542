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
    /// Most bytes of the code are no delimiter's first: that is tested first, then the rest
    /// in one masked load where eight bytes can be read.
    @inline(__always)
    func stands(in text: SourceBytes, at index: Int) -> Bool {
        guard text[index] == first, index + count <= text.count else { return false }
        if count == 1 { return true }
        if index + 8 <= text.count {
            return text.load8(at: index) & mask == packed
        }
        var rest = packed
        for offset in 0..<count {
            guard text[index + offset] == UInt8(truncatingIfNeeded: rest) else { return false }
            rest >>= 8
        }
        return true
    }

    /// The low `count` bytes.
    private var mask: UInt64 { count >= 8 ? ~0 : (1 << UInt64(8 * count)) &- 1 }
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
    /// Adds `words` (separated by blanks) as `kind`. The list is read by its bytes: the
    /// grammars are made once per build, and a `String` per word cost more than the lexing.
    mutating func add(_ kind: TokenKind, _ list: String) {
        let introducers = IntroducerKeys(self)
        var list = list
        list.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: " ") && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end > start, end - start <= WordKey.longest {
                    let key = WordKey(UnsafeBufferPointer(rebasing: bytes[start..<end]), foldingCase: caseInsensitiveWords)
                    roles.insert(key, introducers.role(of: key, kind: kind))
                }
                start = end + 1
            }
        }
    }

    /// The introducers' roles again, when a list of them is set: every word's flags as the
    /// lists say, and the introducers that are no word added without a class.
    private mutating func tableRoles() {
        let introducers = IntroducerKeys(self)
        var roles = self.roles
        roles.update { key, role in role = introducers.role(of: key, kind: role.kind) }
        for key in introducers.all where roles.value(of: key) == nil {
            roles.insert(key, introducers.role(of: key, kind: nil))
        }
        self.roles = roles
    }

    /// The introducer lists as keys, compared with a word's key rather than hashed as strings.
    private struct IntroducerKeys {
        let function: [WordKey]
        let `class`: [WordKey]
        let path: [WordKey]

        init(_ grammar: Grammar) {
            function = grammar.functionIntroducers.compactMap(WordKey.init)
            `class` = grammar.classIntroducers.compactMap(WordKey.init)
            path = grammar.pathIntroducers.compactMap(WordKey.init)
        }

        var all: [WordKey] { function + `class` + path }

        func role(of key: WordKey, kind: TokenKind?) -> WordRole {
            WordRole(kind: kind, introducesFunction: function.contains(key), introducesClass: `class`.contains(key),
                     introducesPath: path.contains(key))
        }
    }
}

/// A word of at most `longest` bytes packed in two integers, the first byte in the lowest
/// eight bits of `low` and zeros after the last: how `WordTable` keeps and compares words.
/// No word has a zero byte, so two words of different lengths never have one key.
struct WordKey: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// Longer names are never looked up (as when they were made strings of at most 16 bytes).
    static var longest: Int { 16 }

    /// The empty key: a free slot of a table.
    init() {}

    /// `word`'s key, `nil` if it is empty or longer than `longest`.
    init?(_ word: String) {
        var word = word
        guard let key = word.withUTF8({ bytes in
            bytes.isEmpty || bytes.count > Self.longest ? nil : WordKey(bytes, foldingCase: false)
        }) else { return nil }
        self = key
    }

    /// The key of `bytes` (one to `longest`), ASCII capitals as small letters with `foldingCase`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, foldingCase: Bool) {
        self.init(low: Self.packed(bytes, 0..<min(bytes.count, 8), foldingCase),
                  high: bytes.count > 8 ? Self.packed(bytes, 8..<bytes.count, foldingCase) : 0)
    }

    /// `range` of `text` (one to `longest` bytes), its ASCII capitals read as small
    /// letters with `foldingCase`.
    @inline(__always)
    init(_ text: SourceBytes, _ range: Range<Int>, foldingCase: Bool) {
        let bytes = text.bytes(range)
        if !foldingCase && range.lowerBound + 16 <= text.count {
            // Two loads, the bytes past the name masked off.
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & Self.mask(bytes.count)
            let high = bytes.count > 8 ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.mask(bytes.count - 8) : 0
            self.init(low: low, high: high)
        } else {
            self.init(bytes, foldingCase: foldingCase)
        }
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
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

    var isEmpty: Bool { low == 0 }

    /// The first byte of the word.
    var first: UInt8 { UInt8(truncatingIfNeeded: low) }

    /// How many bytes the word has (none of them is zero).
    var count: Int {
        high != 0 ? 16 - high.leadingZeroBitCount / 8 : 8 - low.leadingZeroBitCount / 8
    }

    /// Where the key's probe starts in a table of `1 << (64 - shift)` slots.
    @inline(__always)
    func slot(shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (low &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xC2B2_AE3D_27D4_EB4F) >> shift)
    }
}

/// A language's words, looked up by their bytes in the code with no string made and no
/// hash of a string computed: each word is a `WordKey`, kept in an open-addressed table (a
/// quarter full at most), and a name, packed the same way, is found in a probe or two.
/// Every name of every block comes here.
struct WordTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var key = WordKey()
        var value: Value?
    }

    /// A power of two of slots; an empty key is a free slot.
    private var entries: [Entry] = []
    private var count = 0
    /// For each first byte, the lengths of the words that start with it (bit `n - 1` for
    /// `n` bytes): most names of the code are no word, and most of those are told by this
    /// one load, before their key is packed and hashed.
    private var lengthsByFirstByte = [UInt16](repeating: 0, count: 256)
    /// 64 minus the log2 of `entries.count`: a key's hash shifted right by it is its slot.
    private var shift: UInt64 = 64

    /// Longer names are never looked up (as when they were made strings of at most 16 bytes).
    static var longest: Int { WordKey.longest }

    /// The value of `word`, as `insert` was given it.
    func value(of word: String) -> Value? {
        WordKey(word).flatMap { value(of: $0) }
    }

    func value(of key: WordKey) -> Value? {
        guard !entries.isEmpty else { return nil }
        let mask = entries.count - 1
        var slot = key.slot(shift: shift)
        while !entries[slot].key.isEmpty {
            if entries[slot].key == key { return entries[slot].value }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Changes every value, given its word's key.
    mutating func update(_ change: (WordKey, inout Value) -> Void) {
        for index in entries.indices where !entries[index].key.isEmpty {
            change(entries[index].key, &entries[index].value!)
        }
    }

    /// Adds `word`, or replaces its value; a word longer than `longest` is never found.
    mutating func insert(_ word: String, _ value: Value) {
        if let key = WordKey(word) { insert(key, value) }
    }

    /// Adds the word of `key`, or replaces its value.
    mutating func insert(_ key: WordKey, _ value: Value) {
        if (count + 1) * 4 > entries.count { grow() }
        let mask = entries.count - 1
        var slot = key.slot(shift: shift)
        while !entries[slot].key.isEmpty {
            if entries[slot].key == key {
                entries[slot].value = value
                return
            }
            slot = (slot + 1) & mask
        }
        entries[slot] = Entry(key: key, value: value)
        count += 1
        lengthsByFirstByte[Int(key.first)] |= 1 << UInt16(key.count - 1)
    }

    private mutating func grow() {
        let old = entries
        let size = max(64, entries.count * 2)
        entries = Array(repeating: Entry(), count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        count = 0
        for entry in old where !entry.key.isEmpty { insert(entry.key, entry.value!) }
    }

    /// The value of the name at `range` of `text`; with `foldingCase`, its ASCII capitals are
    /// read as small letters (the table's words of a case-insensitive language are small).
    @inline(__always)
    func value(in text: SourceBytes, _ range: Range<Int>, foldingCase: Bool = false) -> Value? {
        guard !range.isEmpty, range.count <= Self.longest,
              lengthsByFirstByte[Int(folded(text[range.lowerBound], foldingCase))] & 1 << UInt16(range.count - 1) != 0 else { return nil }
        return entries.withUnsafeBufferPointer { entries -> Value? in
            guard !entries.isEmpty else { return nil }
            let key = WordKey(text, range, foldingCase: foldingCase)
            let mask = entries.count - 1
            var slot = key.slot(shift: shift)
            while true {
                let entry = entries[slot]
                if entry.key == key { return entry.value }
                if entry.key.isEmpty { return nil }
                slot = (slot + 1) & mask
            }
        }
    }
}

@inline(__always)
private func folded(_ byte: UInt8, _ folding: Bool) -> UInt8 {
    folding && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}
