/// A grammar as `GrammarLexer` reads it, made once per language: the definition, and for
/// each byte value the classes the lexer asks about first (blank, a name's start, a
/// comment's or string's first byte, punctuation, operator, …), so choosing a token's rule
/// costs one table load rather than a chain of set look-ups and comparisons per byte.
///
/// A class, so that a lexer holds one reference to it: a lexer copied into a helper's frame
/// copies a pointer, not the grammar's arrays and sets.
final class GrammarTables: @unchecked Sendable {   // immutable after init; `classes` is its own
    let grammar: Grammar
    private let classes: UnsafeMutablePointer<ByteClass>
    /// Whether a line's first token has rules of its own in this grammar (sections,
    /// preprocessor lines, keys, …): most grammars have none, and their lines start as
    /// any other token does.
    let hasLineStartRules: Bool

    /// What a byte can be in this grammar.
    struct ByteClass: OptionSet, Sendable {
        let rawValue: UInt16
        static let whitespace = ByteClass(rawValue: 1)
        /// The first byte of a line comment, a block comment or a string.
        static let opener = ByteClass(rawValue: 2)
        /// A digit where the grammar has numbers.
        static let number = ByteClass(rawValue: 4)
        static let nameStart = ByteClass(rawValue: 8)
        static let nameByte = ByteClass(rawValue: 16)
        static let punctuation = ByteClass(rawValue: 32)
        static let `operator` = ByteClass(rawValue: 64)
        /// A byte one of the grammar's own rules looks at before names (`@` with decorators,
        /// `#` with hash attributes, `$` and `)` in a Makefile, `/` with regular expressions,
        /// `:` with symbols): the lexer tries those rules in their order.
        static let special = ByteClass(rawValue: 128)
        /// The first byte of one of the grammar's `punctuationRuns`.
        static let runStart = ByteClass(rawValue: 256)
        /// Punctuation that no other rule claims (`lexCode`'s classes before punctuation):
        /// a run of it is one token.
        static let plainPunctuation = ByteClass(rawValue: 512)

        /// The classes of bytes a rule other than punctuation's may claim, in `lexCode`'s order.
        static let ruled: ByteClass = [.whitespace, .opener, .special, .number, .nameStart, .runStart]
    }

    init(_ grammar: Grammar) {
        self.grammar = grammar
        classes = .allocate(capacity: 256)
        hasLineStartRules = grammar.sectionHeaders != nil || grammar.preprocessorLines || grammar.keyValueLines != nil
            || grammar.methodSignatures || grammar.plainScalars || grammar.keys != nil || grammar.makefile || grammar.instructions
        var openers = ByteSet()
        for prefix in grammar.lineComments.map(\.prefix) + grammar.blockComments.map(\.open) + grammar.strings.map(\.open) {
            openers.insert(prefix.first)
        }
        var special = ByteSet()
        for (byte, used) in [("@", grammar.decorators), ("#", grammar.hashAttributes), ("$", grammar.makefile), (")", grammar.makefile),
                             ("/", grammar.regexLiterals), (":", grammar.symbols)] where used {
            special.insert(UInt8(ascii: Unicode.Scalar(byte)!))
        }
        var runStarts = ByteSet()
        for run in grammar.punctuationRuns { runStarts.insert(run.first) }
        for value in 0...255 {
            let byte = UInt8(value)
            var byteClass: ByteClass = []
            if SourceBytes.isWhitespace(byte) { byteClass.insert(.whitespace) }
            if openers.contains(byte) { byteClass.insert(.opener) }
            if SourceBytes.isDigit(byte) && grammar.numbers != nil { byteClass.insert(.number) }
            if SourceBytes.isIdentifierStart(byte) || grammar.nameStarts.contains(byte) { byteClass.insert(.nameStart) }
            if SourceBytes.isIdentifierByte(byte) || grammar.nameBytes.contains(byte) { byteClass.insert(.nameByte) }
            if grammar.punctuation.contains(byte) { byteClass.insert(.punctuation) }
            if grammar.operators.contains(byte) { byteClass.insert(.operator) }
            if special.contains(byte) { byteClass.insert(.special) }
            if runStarts.contains(byte) { byteClass.insert(.runStart) }
            if byteClass.contains(.punctuation) && byteClass.isDisjoint(with: .ruled) { byteClass.insert(.plainPunctuation) }
            (classes + value).initialize(to: byteClass)
        }
    }

    deinit { classes.deallocate() }

    @inline(__always)
    func byteClass(_ byte: UInt8) -> ByteClass {
        classes[Int(byte)]
    }

    /// The end of the name that continues at `start`, with a `nameSuffixes` byte (not before `=`).
    @inline(__always)
    func nameEnd(in text: SourceBytes, from start: Int) -> Int {
        var end = start
        while end < text.count && byteClass(text[end]).contains(.nameByte) { end += 1 }
        if grammar.nameSuffixes.contains(text[end]) && text[end + 1] != UInt8(ascii: "=") { return end + 1 }
        return end
    }
}
