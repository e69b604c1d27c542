import Testing
@testable import Highlight

/// The look-up tables the grammar lexer reads instead of strings: words by their bytes,
/// delimiters packed in an integer, classes by a kind's number.
@Suite("Grammar tables")
struct GrammarTableTests {
    private func lookUp(_ table: WordTable<Int>, _ code: String, foldingCase: Bool = false) -> Int? {
        var code = code
        return code.withUTF8 { table.value(in: SourceBytes($0), 0..<$0.count, foldingCase: foldingCase) }
    }

    @Test func wordsAreFoundByTheirBytesAndOnlyWhole() {
        var table = WordTable<Int>()
        table.insert("select", 1)
        table.insert("self", 2)
        table.insert("@interface", 3)
        table.insert("select", 4)
        #expect(lookUp(table, "select") == 4)
        #expect(lookUp(table, "self") == 2)
        #expect(lookUp(table, "@interface") == 3)
        #expect(lookUp(table, "sel") == nil)
        #expect(lookUp(table, "selects") == nil)
        #expect(lookUp(table, "SELECT") == nil)
        #expect(lookUp(table, "SELECT", foldingCase: true) == 4)
        #expect(lookUp(table, "SeLf", foldingCase: true) == 2)
        // Folding is ASCII's: a byte of another scalar is never a letter's other case.
        #expect(lookUp(table, "s\u{C9}lf", foldingCase: true) == nil)
    }

    /// With sixteen bytes of code after a name, it is read with two loads and the bytes
    /// past its end masked off: only the name's own bytes may decide.
    @Test func aNameInsideLongerCodeIsComparedByItsOwnBytesOnly() {
        var table = WordTable<Int>()
        table.insert("self", 1)
        table.insert("selfish", 2)
        table.insert("@implementation", 3)
        var code = "self selfish @implementation selfie and more code after it"
        code.withUTF8 { bytes in
            let text = SourceBytes(bytes)
            #expect(table.value(in: text, 0..<4) == 1)
            #expect(table.value(in: text, 5..<12) == 2)
            #expect(table.value(in: text, 5..<9) == 1)   // the start of "selfish"
            #expect(table.value(in: text, 5..<8) == nil)
            #expect(table.value(in: text, 13..<28) == 3)   // past eight bytes: the second load, masked
            #expect(table.value(in: text, 29..<35) == nil)
            #expect(table.value(in: text, 29..<33) == 1)
        }
    }

    @Test func aNameLongerThanSixteenBytesIsNeverAWord() {
        var table = WordTable<Int>()
        table.insert("sixteen_bytes_ab", 1)
        table.insert("seventeen_bytes_a", 2)
        #expect(lookUp(table, "sixteen_bytes_ab") == 1)
        #expect(lookUp(table, "seventeen_bytes_a") == nil)
    }

    /// Names are first told by their first byte and length, before a key is hashed: every
    /// word of every language must pass that test, written in the code as a post writes it
    /// (followed by more code, or at the very end), and in any case where the language
    /// ignores case.
    @Test func everyWordOfEveryGrammarIsFoundPastTheFirstByteAndLengthTest() {
        var checked = 0
        for language in HighlightLanguage.allCases {
            guard case .grammar(let tables) = language.engine else { continue }
            var roles = tables.grammar.roles
            var words: [[UInt8]] = []
            roles.update { key, _ in words.append(Self.bytes(of: key)) }
            checked += words.count
            for word in words {
                let cased = tables.grammar.caseInsensitiveWords ? word.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 } : word
                for code in [word, word + Array(" = value(of: something, else: 42)\n".utf8), cased] {
                    code.withUnsafeBufferPointer { bytes in
                        let found = roles.value(in: SourceBytes(bytes), 0..<word.count, foldingCase: tables.grammar.caseInsensitiveWords)
                        #expect(found != nil, "\(language): \(String(decoding: word, as: UTF8.self))")
                    }
                }
            }
        }
        #expect(checked > 1_000)   // the C family, SQL, Python, … (INI and YAML have none)
    }

    @Test func aNameOfNoWordsLengthOrFirstByteIsNotFound() {
        var table = WordTable<Int>()
        table.insert("if", 1)
        table.insert("import", 2)
        #expect(lookUp(table, "in") == nil)   // a first byte and length of a word, but not it
        #expect(lookUp(table, "ifx") == nil)   // a first byte of words, no word of its length
        #expect(lookUp(table, "xf") == nil)   // a length of a word, no word's first byte
        #expect(lookUp(table, "IMPORT", foldingCase: true) == 2)
        #expect(lookUp(table, "Import") == nil)
    }

    /// The bytes a key packs, first to last.
    private static func bytes(of key: WordKey) -> [UInt8] {
        let packed = (0..<8).map { UInt8(truncatingIfNeeded: key.low >> UInt64(8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: key.high >> UInt64(8 * $0)) }
        return packed.filter { $0 != 0 }
    }

    @Test func introducersAreRolesOfTheirWords() {
        var grammar = Grammar()
        grammar.add(.keyword, "def class import")
        grammar.functionIntroducers = ["def"]
        grammar.classIntroducers = ["class", "@interface"]
        grammar.pathIntroducers = ["import"]
        grammar.add(.keyword, "return")
        var code = "def class import return @interface x"
        code.withUTF8 { bytes in
            let text = SourceBytes(bytes)
            #expect(grammar.roles.value(in: text, 0..<3) == WordRole(kind: .keyword, introducesFunction: true))
            #expect(grammar.roles.value(in: text, 4..<9) == WordRole(kind: .keyword, introducesClass: true))
            #expect(grammar.roles.value(in: text, 10..<16) == WordRole(kind: .keyword, introducesPath: true))
            #expect(grammar.roles.value(in: text, 17..<23) == WordRole(kind: .keyword))
            #expect(grammar.roles.value(in: text, 24..<34) == WordRole(kind: nil, introducesClass: true))
            #expect(grammar.roles.value(in: text, 35..<36) == nil)
        }
    }

    @Test func delimitersMatchWhereTheyStand() {
        var code = "x = \"\"\"doc\"\"\" =begin"
        code.withUTF8 { bytes in
            let text = SourceBytes(bytes)
            let triple: CodeLiteral = "\"\"\""
            #expect(triple.count == 3 && triple.first == UInt8(ascii: "\""))
            #expect(text.matches(triple, at: 4))
            #expect(!text.matches(triple, at: 5))
            #expect(text.matches("=begin", at: 14))
            #expect(!text.matches("=begin", at: 15))   // runs past the end
            #expect(!text.matches("=", at: 20))
        }
    }

    @Test func everyKindHasItsOwnClass() {
        let classes = TokenKind.allCases.map(\.cssClass)
        #expect(Set(classes).count == TokenKind.allCases.count)
        #expect(TokenKind.keyword.cssClass == "k" && TokenKind.includeFile.cssClass == "cpf" && TokenKind.strong.cssClass == "gs")
    }
}
