import Testing
@testable import Highlight

@Suite("Swift lexer")
struct SwiftLexerTests {
    /// `(code, token, class)`: in `code`, the token `token` is highlighted as `class`
    /// (`plain`: inside unwrapped text). Reserved words are keywords but as labels and members.
    static let keywords: [(String, String, String)] = [
        ("let x = 1", "let", "k"),
        ("if a { return } else { break }", "return", "k"),
        ("x.self; y.init(); .default", "self", "k"),
        ("x.self; y.init(); .default", "init", "k"),
        ("FileManager.default.urls", "default", "plain"),
        ("dict[\"key\", default: 0]", "default", "plain"),
        ("f(in: x, for: y)", "for", "plain"),
        ("switch x { default: break }", "default", "k"),
        ("return nil ?? true", "nil", "kc"),
        ("return nil ?? true", "true", "kc"),
    ]

    /// Contextual keywords are keywords only in their place.
    static let contextualKeywords: [(String, String, String)] = [
        ("var x: Int { get set }", "get", "k"),
        ("var x: Int { get set }", "set", "k"),
        ("var x: Int { get async throws }", "get", "k"),
        ("var x: Int {\n    get { 1 }\n    set(value) { }\n}", "set", "k"),
        ("var x: Int { mutating get { 1 } nonmutating set { } }", "set", "k"),
        ("var x = 0 { willSet { } didSet(old) { } }", "willSet", "k"),
        ("var x = 0 { willSet { } didSet(old) { } }", "didSet", "k"),
        ("private(set) var x = 0", "set", "k"),
        ("cache.get(x)", "get", "plain"),
        ("let set = 1", "set", "plain"),
        ("{ get(x) }", "get", "plain"),
        ("items.map { set in set.count }", "set", "plain"),
        ("foo(set)", "set", "plain"),
        ("func get() -> Int", "get", "nf"),
        ("func f() -> some View", "some", "k"),
        ("let x: any Sendable", "any", "k"),
        ("let some = 1; any(x)", "some", "plain"),
        ("let some = 1; any(x)", "any", "plain"),
        ("func f() async throws -> Int", "async", "k"),
        ("func f() async throws -> Int", "throws", "k"),
        ("func f(_ g: () throws -> Void) rethrows", "rethrows", "k"),
        ("let x = try await f()", "await", "k"),
        ("async let x = f()", "async", "k"),
        ("f(async: true, throws: x.await)", "async", "plain"),
        ("f(async: true, throws: x.await)", "throws", "plain"),
        ("f(async: true, throws: x.await)", "await", "plain"),
        ("mutating func f()", "mutating", "k"),
        ("override func f()", "override", "k"),
        ("convenience init()", "convenience", "k"),
        ("lazy var x = 1", "lazy", "k"),
        ("weak var delegate: D?", "weak", "k"),
        ("unowned let owner: O", "unowned", "k"),
        ("unowned(unsafe) let owner: O", "unowned", "k"),
        ("nonisolated(unsafe) var x = 1", "nonisolated", "k"),
        ("public final class A {}", "final", "k"),
        ("open class A {}", "open", "k"),
        ("indirect enum Tree {}", "indirect", "k"),
        ("nonisolated func f()", "nonisolated", "k"),
        ("consuming func f()", "consuming", "k"),
        ("func f(x: borrowing Item)", "borrowing", "k"),
        ("actor Counter {}", "actor", "k"),
        ("macro stringify<T>(_ x: T)", "macro", "k"),
        ("package func f()", "package", "k"),
        ("let x = 1\nlazy var y = 2", "lazy", "k"),
        ("array.lazy.map(f)", "lazy", "plain"),
        ("let actor = makeActor()", "actor", "plain"),
        ("let package = Package(name: x)", "package", "plain"),
        ("file.open(path); open(path)", "open", "plain"),
        ("if open && weak { }", "weak", "plain"),
        ("case open, closed", "open", "plain"),
        ("var open: Bool", "open", "plain"),
    ]

    @Test(arguments: keywords + contextualKeywords)
    func keywordsInContext(code: String, token: String, kind: String) {
        #expect(HighlightedTokens(code, .swift).kind(of: token) == kind, "\(code)")
    }

    @Test func typeNamesAttributesAndDirectives() {
        let tokens = HighlightedTokens("""
            @MainActor @objc final class A: Array<Int> {
                @available(iOS 13, *) func f(_ g: @escaping () -> Self) {}
            }
            #if DEBUG
            let s = #selector(A.f)
            #elseif os(Linux)
            #warning("x"); if #available(iOS 13, *) {}
            #else
            #sourceLocation(file: "a.swift", line: 1); print(#file)
            #endif
            """, .swift)
        #expect(tokens.texts("kt") == ["A", "Array", "Int", "Self", "DEBUG", "A", "Linux"])
        #expect(tokens.texts("nd") == ["@MainActor", "@objc", "@available", "@escaping"])
        #expect(tokens.texts("cp") == ["#if", "#selector", "#elseif", "#warning", "#available", "#else", "#sourceLocation", "#file", "#endif"])
    }

    @Test func stringsEscapesAndInterpolation() {
        let tokens = HighlightedTokens(#""a\n\t\"\u{1F600}\\" + "\(dict["key", default: "x"]) done""#, .swift)
        #expect(tokens.texts("se") == [#"\n\t\"\u{1F600}\\"#])
        #expect(tokens.texts("si") == [#"\("#, ")"])
        #expect(tokens.texts("s") == [#""a"#, #"""#, #"""#, #""key""#, #""x""#, #" done""#])
        #expect(tokens.kind(of: "dict[") == "plain" && tokens.kind(of: "default") == "plain")
    }

    @Test func interpolationsNestWithParenthesesAndStrings() {
        let tokens = HighlightedTokens(#""outer \(f(g("in \(h(1)) ner"), (2))) end" + x"#, .swift)
        #expect(tokens.texts("si") == [#"\("#, #"\("#, ")", ")"])
        #expect(tokens.texts("s") == [#""outer "#, #""in "#, #" ner""#, #" end""#])
        #expect(tokens.texts("m") == ["1", "2"])
        #expect(tokens.kind(of: "x") == "plain")
    }

    @Test func multilineStrings() {
        let tokens = HighlightedTokens("let s = \"\"\"\n    a \"quoted\" \\(x) line\n    b \\\n    \"\"\"\nlet t = 1", .swift)
        #expect(tokens.texts("s") == ["\"\"\"\n    a \"quoted\" ", " line\n    b ", "\n    \"\"\""])
        #expect(tokens.texts("se") == ["\\"])
        #expect(tokens.texts("k") == ["let", "let"])
    }

    @Test func rawStringsInterpolateOnlyWithTheirHashes() {
        let one = HighlightedTokens(##"#"a \(x) \n "q" \#(y) \#n"# + z"##, .swift)
        #expect(one.texts("s") == [##"#"a \(x) \n "q" "##, " ", ##""#"##])
        #expect(one.texts("si") == [##"\#("##, ")"])
        #expect(one.texts("se") == [##"\#n"##])
        #expect(one.kind(of: "z") == "plain")
        let two = HighlightedTokens(###"##"a "# b \#(x) \##(y)"##"###, .swift)
        #expect(two.texts("s") == [###"##"a "# b \#(x) "###, ###""##"###])
        #expect(two.texts("si") == [###"\##("###, ")"])
    }

    @Test(arguments: ["42", "1_000", "0xFF", "0b1010", "0o17", "3.14", "1e-3", "2.5E+10", "0x1p3", "0x1.8p-2", "007"])
    func numbers(literal: String) {
        #expect(HighlightedTokens("x = \(literal) + y", .swift).texts("m") == [literal])
    }

    @Test func signsRangesAndTupleIndicesAreNotPartOfNumbers() {
        let tokens = HighlightedTokens("let a = -1 + 1...5 + t.0 - 0x", .swift)
        #expect(tokens.texts("m") == ["1", "1", "5", "0", "0"])
        #expect(tokens.texts("o") == ["=", "-", "+", "...", "+", "-"])
    }

    @Test func comments() {
        let tokens = HighlightedTokens("""
            // line
            /// doc line
            //// not doc
            /* a /* b */ still comment */ x
            /** doc block */ /**/ y
            """, .swift)
        #expect(tokens.texts("c1") == ["// line", "//// not doc"] && tokens.texts("cm") == ["/* a /* b */ still comment */", "/**/"])
        #expect(tokens.texts("cs") == ["/// doc line", "/** doc block */"])
        #expect(tokens.kind(of: "x") == "plain" && tokens.kind(of: "y") == "plain")
    }

    @Test func operators() {
        let tokens = HighlightedTokens("a < b && c > d -> e ... f ..< g ?? h <*> i! j? +/* c */k", .swift)
        #expect(tokens.texts("o") == ["<", "&&", ">", "->", "...", "..<", "??", "<*>", "!", "?", "+"])
        #expect(tokens.texts("cm") == ["/* c */"])
    }

    @Test func namesThatAreNotKeywordsOrNumbers() {
        let tokens = HighlightedTokens("let `class` = $0 + $value; users.map(\\.name); f(\\Person.age)", .swift)
        #expect(tokens.texts("k") == ["let"])
        #expect(tokens.texts("m").isEmpty)
        #expect(tokens.texts("o") == ["=", "+", "\\", "\\"])
        #expect(tokens.texts("kt") == ["Person"])
        #expect(tokens.kind(of: "`class`") == "plain")
    }

    @Test func unterminatedStringsAndCommentsKeepEverything() {
        let line = HighlightedTokens("let s = \"abc\nlet t = \"\\(f(\"x\nlet u = 1", .swift)
        #expect(line.texts("k") == ["let", "let", "let"], "a single-line string and its interpolation end at the line's end")
        #expect(line.roundTrips("let s = \"abc\nlet t = \"\\(f(\"x\nlet u = 1"))
        for code in ["/* never /* closed */", "\"\"\"\nnever closed", "#\"raw", "\"\\(", "\"\\u{12", "x /", "@", "#", "`", "\"\\"] {
            #expect(HighlightedTokens(code, .swift).roundTrips(code), "\(code)")
        }
    }
}
