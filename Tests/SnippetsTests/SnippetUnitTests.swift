import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// The parts of check-snippets that need no compiler: attributes, assembly, hidden lines.
@Suite("Snippets: attributes and assembly")
struct SnippetUnitTests {
    /// The lines of a block outside every bracket: what tells members from statements.
    @Test func topLevelLinesLeaveOutBodiesContinuationsCommentsAndStrings() {
        let code = #"""
            // a comment
            var store = Store(items: [
                "a", "b",
            ])
            func add(_ item: String) {
                items.append(item)  // }
            }
            let text = """
              print("not code")
              """
            store.add("{")
            """#
        #expect(SwiftSourceScanner(code).topLevelLines()
            == ["var store = Store(items: [", "func add(_ item: String) {", "let text = \"\"\"", "store.add(\"{\")"])
    }

    @Test func attributesParseStrictly() throws {
        let all = try SnippetAttributes.parse(#"swift skip(needs a device (camera)) program=step2 member-of=CompanyModel fails="cannot find 'x' in scope""#)
        #expect(all.skipReason == "needs a device (camera)")
        #expect(all.program == "step2")
        #expect(all.memberOf == "CompanyModel")
        #expect(all.expectedFailure == .message("cannot find 'x' in scope"))
        #expect(try SnippetAttributes.parse("swift fails=superclass_not_open").expectedFailure == .id("superclass_not_open"))
        #expect(try SnippetAttributes.parse("swift module=Lib").module == "Lib")
        #expect(try SnippetAttributes.parse("swift isolated platform=apple").needsAppleSDK)
        #expect(try SnippetAttributes.parse("swift run").run)
        #expect(try SnippetAttributes.parse("swift") == SnippetAttributes())
    }

    @Test(arguments: [
        ("swift isolatd", 6, "unknown word 'isolatd' in the code fence (did you mean 'isolated'?); known: title=\"…\", linenos, linenostart=N, {2,4-6}, highlight=2,4-6, wrap, nowrap, copy, nocopy, types, notypes, lang=; on Swift blocks check-snippets' skip(…), program=, from=, isolated, member-of=, module=, fails=, platform=, run"),
        ("swift skip", 6, "'skip' needs a reason: skip(why this block is not compiled)"),
        ("swift skip()", 6, "'skip' needs a reason: skip(why this block is not compiled)"),
        ("swift ignore", 6, "'ignore' is written skip(reason) here, with the reason"),
        ("swift fails=", 6, "'fails' needs the diagnostic: fails=diagnostic_id or fails=\"message\""),
        ("swift fails=\"open", 6, "the quoted value of 'fails' is never closed with '\"'"),
        ("swift platform=android", 6, "unknown platform 'android'; the only one is platform=apple"),
        ("swift member-of=My-Type", 6, "'member-of=My-Type': a type name must be a Swift identifier"),
        ("swift run=yes", 6, "'run' takes no value"),
        ("swift isolated module=Lib", 0, "choose one of program=, isolated and module=: a block belongs to one program"),
    ])
    func badAttributesAreErrors(info: String, offset: Int, message: String) {
        #expect(throws: SnippetAttributes.ParseError(offset: offset, message: message)) { try SnippetAttributes.parse(info) }
    }

    @Test func anAttributeErrorPointsAtTheWordInTheFence() {
        let post = Self.post("Intro.\n\n```swift isolatd\nlet a = 1\n```\n")
        let (blocks, diagnostics) = SnippetExtractor(markdown: .init()).blocks(of: post)
        #expect(blocks.isEmpty)
        #expect(diagnostics.headlines == ["Content/posts/p.md:5:10: error: unknown word 'isolatd' in the code fence (did you mean 'isolated'?); known: title=\"…\", linenos, linenostart=N, {2,4-6}, highlight=2,4-6, wrap, nowrap, copy, nocopy, types, notypes, lang=; on Swift blocks check-snippets' skip(…), program=, from=, isolated, member-of=, module=, fails=, platform=, run"])
    }

    @Test func extractionFindsSwiftFencesAtTheirLinesAndTheOutputAfterThem() {
        let post = Self.post("""
            ```swift
            let a = 1
            ```

            - item

              ```swift run
              print(a)
              ```
              ```output
              1
              ```

            ```swiftui
            not swift
            ```

                indented code is not a fence
            """)
        let (blocks, diagnostics) = SnippetExtractor(markdown: .init()).blocks(of: post)
        #expect(diagnostics.isEmpty)
        #expect(blocks.map(\.fenceLine) == [3, 9], "the body starts at line 3")
        #expect(blocks[1].indentation == 2)
        #expect(blocks[1].expectedOutput == "1\n")
        #expect(blocks[1].lines == 10...10)
    }

    @Test func hiddenLinesAreDroppedFromWhatReadersSee() {
        let code = "import UIKit\n// snippet.hide\nlet secret = 1\n  // snippet.show\nlet shown = secret\n"
        #expect(HiddenLines.visible(code) == "import UIKit\nlet shown = secret\n")
        #expect(HiddenLines.visible("// snippet.hide\nlet a = 1\n") == "")
        #expect(HiddenLines.visible("let a = 1\n") == "let a = 1\n")
    }

    @Test func theBuiltPageHasNoHiddenLines() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01", body: """
            ```swift
            // snippet.hide
            class Presenter {}
            // snippet.show
            let presenter: Presenter? = nil
            ```

            ```text
            // snippet.hide stays in other languages
            ```
            """)])
        defer { site.remove() }
        _ = try site.build()
        let page = try #require(site.read("posts/a/index.html")).withoutHighlightSpans.withoutCodeFigures
        #expect(page.contains("<pre><code class=\"language-swift\">let presenter: Presenter? = nil\n</code></pre>"))
        #expect(!page.contains("class Presenter"))
        #expect(page.contains("// snippet.hide stays in other languages"))
    }

    @Test func theScannerFindsATypesBodyPastStringsAndComments() throws {
        let code = """
            class A { let s = "}" }
            /* class B { */
            class B: NSObject {
                let t = "\\(["}": 1]["}"]!) }"   // }
                let r = #"}"#
                func f() { if true { } }
                /* nested /* } */ } */
            }
            extension B {}
            """
        let scanner = SwiftSourceScanner(code)
        let bytes = Array(code.utf8)
        let brace = try #require(scanner.closingBrace(ofType: "B"))
        #expect(bytes[brace] == UInt8(ascii: "}"))
        let line = bytes[..<brace].filter { $0 == UInt8(ascii: "\n") }.count + 1
        #expect(line == 8, "the class's own closing brace, not the extension's")
        #expect(scanner.closingBrace(ofType: "C") == nil)
        #expect(scanner.closingBrace(ofType: "A").map { bytes[$0] } == UInt8(ascii: "}"))
    }

    @Test func programsFollowTheAttributes() {
        let blocks = [
            Self.block(10, "class Model {\n    var a = 1\n}\n"),
            Self.block(20, "var b: Int { a }\n", "member-of=Model"),
            Self.block(30, "let x: Model = Model()\n", "fails=cannot_find_in_scope"),
            Self.block(40, "class Model {}\n", "program=step2"),
            Self.block(50, "print(1)\n", "isolated"),
            Self.block(60, "open class Base {}\n", "module=Lib"),
            Self.block(70, "let c = 1\n", "skip(needs a device)"),
            Self.block(80, "let d = 1\n", "member-of=Nothing"),
            Self.block(90, "let e = UIApplication.shared\n", "platform=apple"),
        ]
        let result = SnippetAssembler(hasAppleSDK: false, swiftVersion: "5").assemble(blocks)
        #expect(result.programs.map(\.name) == ["main", "step2", "isolated:50", "module:Lib", "fails:30"])
        #expect(result.programs[0].blocks.map(\.fenceLine) == [10, 20])
        #expect(result.programs[0].modules == ["Lib"])
        #expect(result.programs[3].modules == [])
        #expect(result.programs[4].blocks.map(\.fenceLine) == [30], "a fails block decides only itself")
        #expect(result.skipped.map(\.reason) == ["needs a device", SnippetAssembler.appleSkipReason])
        #expect(SnippetAssembler(hasAppleSDK: true, swiftVersion: "5").assemble(blocks).programs[0].blocks.map(\.fenceLine) == [10, 20, 90],
                "with the SDK, platform=apple blocks are compiled")
        #expect(result.diagnostics.headlines == ["Content/posts/p.md:80:1: error: member-of=Nothing: no earlier block of program 'main' declares Nothing"])
        let source = result.programs[0].source(prelude: nil)
        #expect(source == """
            #sourceLocation(file: "Content/posts/p.md", line: 11)
            class Model {
                var a = 1
            #sourceLocation(file: "Content/posts/p.md", line: 21)
            var b: Int { a }
            #sourceLocation(file: "Content/posts/p.md", line: 13)
            }

            """)
    }

    @Test func aProgramFromAnotherReplacesTheDeclarationsItRedeclares() {
        let blocks = [
            Self.block(10, "protocol Viewing {}\n"),
            Self.block(20, "class Presenter {\n}\n"),
            Self.block(30, "func found() {}\n", "member-of=Presenter"),
            Self.block(40, "class View: Viewing {}\n"),
            Self.block(50, "class View: Viewing { var x = 1 }\n", "program=v2 from=main"),
            Self.block(60, "func found() { print(1) }\n", "program=v2 member-of=Presenter"),
            Self.block(70, "let y = 1\n", "program=v3 from=nope"),
        ]
        let result = SnippetAssembler(hasAppleSDK: false, swiftVersion: "5").assemble(blocks)
        #expect(result.programs.map(\.name) == ["main", "v2"])
        let v2 = result.programs[1]
        #expect(v2.blocks.map(\.fenceLine) == [60, 50], "only its own blocks, in source order of the assembled program")
        let source = v2.source(prelude: nil)
        #expect(source.contains("protocol Viewing {}"))
        #expect(source.contains("func found() { print(1) }"))
        #expect(!source.contains("func found() {}\n"), "the copied version of found() is replaced")
        #expect(!source.contains("class View: Viewing {}"), "the copied View is replaced")
        #expect(result.programs[0].source(prelude: nil).contains("class View: Viewing {}"), "main keeps its own version")
        #expect(result.diagnostics.headlines == ["Content/posts/p.md:70:1: error: from=nope: no earlier block starts a program 'nope' in this post"])
    }

    @Test func replacingOneDeclarationKeepsTheOthersOfItsBlockAndTheirLines() {
        let blocks = [
            Self.block(10, "protocol Viewing {}\n@available(*, deprecated)\nclass View: Viewing {\n}\nlet shared = 1\n"),
            Self.block(20, "func extra() -> Int { 1 }\n", "member-of=View"),
            Self.block(30, "class View {}\n", "program=v2 from=main"),
        ]
        let v2 = SnippetAssembler(hasAppleSDK: false, swiftVersion: "5").assemble(blocks).programs[1]
        // The old View and its attribute are blanked, not removed, so `let shared` stays on its line;
        // the fragment spliced into the old View goes with it.
        #expect(v2.source(prelude: nil).split(separator: "\n", omittingEmptySubsequences: false) == [
            "#sourceLocation(file: \"Content/posts/p.md\", line: 11)",
            "protocol Viewing {}",
            Substring(String(repeating: " ", count: 25)),
            Substring(String(repeating: " ", count: 21)),
            " ",
            "let shared = 1",
            "#sourceLocation(file: \"Content/posts/p.md\", line: 31)",
            "class View {}",
            "",
        ])
    }

    @Test func declaredNamesAreTheTopLevelOnes() {
        let code = "class A { func inner() {} }\nextension  B : P, Q {\n}\nfunc f(x: Int) {}\nvar v = 1\ninit(a: Int) {}\n"
        #expect(SwiftSourceScanner(code).declaredNames() == ["A", "extension B:P,Q", "f", "v", "init"])
    }

    @Test func fragmentsIntoSeveralTypesOfOneBlockGoInFileOrder() {
        let blocks = [
            Self.block(10, "class A {\n}\nclass B {\n}\n"),
            Self.block(20, "func b() {}\n", "member-of=B"),
            Self.block(30, "func a() {}\n", "member-of=A"),
            Self.block(40, "func b2() {}\n", "member-of=B"),
        ]
        let source = SnippetAssembler(hasAppleSDK: false, swiftVersion: "5").assemble(blocks).programs[0].source(prelude: nil)
        let order = ["func a()", "class B", "func b()", "func b2()"].map { source.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "\(source)")
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every length around the padding's edges (55, 56, 63, 64, 119, 120 … bytes), fed in one
    /// piece and in pieces of every API, against coreutils' sha256sum.
    @Test func sha256AgreesWithSha256sumAtEveryLengthAndSplit() throws {
        var generator = SplitMix(seed: 2026)
        for count in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200, 1000] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let judge = try SitegenProcess.run([file.path], executable: "/usr/bin/sha256sum").stdout.prefix(64)
            var whole = SHA256()
            whole.update(bytes: bytes)
            #expect(whole.hexDigest() == judge, "\(count) bytes in one piece")
            var pieces = SHA256()
            var at = 0
            var turn = 0
            while at < count {
                let end = min(count, at + Int(generator.next() % 70))
                switch turn % 3 {
                case 0: pieces.update(bytes[at..<end])
                case 1: pieces.update(bytes: Array(bytes[at..<end]))
                default: pieces.update(bytes[at..<end].lazy.map { $0 })
                }
                (at, turn) = (end, turn + 1)
            }
            #expect(pieces.hexDigest() == judge, "\(count) bytes in pieces")
        }
    }

    @Test func compilerDiagnosticsParseWithTheirIDs() {
        let output = """
            Content/posts/x.md:12:5: error: cannot find 'presenter' in scope [cannot_find_in_scope]
                presenter?.foundList()
                ^
            /tmp/a b/main.swift:3:1: warning: var never mutated [variable_never_mutated]
            note: something without a place
            """
        let parsed = CompilerDiagnostic.parse(output)
        #expect(parsed == [
            CompilerDiagnostic(file: "Content/posts/x.md", line: 12, column: 5, severity: "error", message: "cannot find 'presenter' in scope", id: "cannot_find_in_scope"),
            CompilerDiagnostic(file: "/tmp/a b/main.swift", line: 3, column: 1, severity: "warning", message: "var never mutated", id: "variable_never_mutated"),
        ])
    }

    static func post(_ body: String) -> Post {
        Post(sourcePath: "Content/posts/p.md", slug: "p", title: "P", date: PostDate(year: 2017, month: 1, day: 1),
             body: body, bodyFirstLine: 3)
    }

    static func block(_ line: Int, _ code: String, _ words: String = "") -> SnippetBlock {
        let info = "swift" + (words.isEmpty ? "" : " " + words)
        return SnippetBlock(file: "Content/posts/p.md", fenceLine: line, info: info, code: code,
                            attributes: try! SnippetAttributes.parse(info))
    }
}
