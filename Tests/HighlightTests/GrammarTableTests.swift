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
