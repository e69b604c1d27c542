import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// check-snippets against the real compiler, on fixture posts.
@Suite("Snippets: compiling", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetCheckTests {
    @Test func errorsAreReportedAtTheirMarkdownLineEverywhere() throws {
        let site = SnippetFixtures.site(body: """
            Intro.

            ```swift
            class Model {
                var a = 1
            }
            ```

            ```swift member-of=Model
            func total() -> Int {
                return a + undefinedInFragment
            }
            ```

            ```swift program=top
            let x: Int = undefinedAtTopLevel
            ```

            ```swift program=body
            struct S {
                var y: Int = undefinedInBody
            }
            ```

            ```swift program=hidden
            // snippet.hide
            let hiddenValue = undefinedInHiddenLine
            // snippet.show
            print(hiddenValue)
            ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        let errors = report.results.flatMap { result -> [String] in
            guard case .failed(let diagnostics) = result.outcome else { return [] }
            return diagnostics.map(\.headline)
        }
        #expect(errors.sorted() == [
            "Content/posts/p.md:16:16: error: cannot find 'undefinedInFragment' in scope [cannot_find_in_scope]",
            "Content/posts/p.md:21:14: error: cannot find 'undefinedAtTopLevel' in scope [cannot_find_in_scope]",
            "Content/posts/p.md:26:18: error: cannot find 'undefinedInBody' in scope [cannot_find_in_scope]",
            "Content/posts/p.md:32:19: error: cannot find 'undefinedInHiddenLine' in scope [cannot_find_in_scope]",
        ])
        // The body starts at line 6 of the file.
        #expect(report.results.map(\.block.fenceLine) == [8, 14, 20, 24, 30])
        #expect(report.results.map(\.isFailure) == [false, true, true, true, true], "the class itself has no error")
        // Its program did not compile, so nothing proves it: not proven, never passed.
        #expect(report.results.map(\.isNotProven) == [true, false, false, false, false])
        #expect(report.summaryLine == "0 passed, 4 failed, 0 skipped, 1 not proven")
    }

    @Test func anErrorInsideAListItemCountsTheIndentation() throws {
        let site = SnippetFixtures.site(body: "1. Step:\n\n   ```swift\n   let a: Int = \"text\"\n   ```\n")
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        guard case .failed(let diagnostics) = report.results.first?.outcome else { Issue.record("expected a failure"); return }
        #expect(diagnostics.first?.location == SourceLocation(line: 9, column: 17))
    }

    @Test func expectedFailuresPassOnlyWithExactlyThatDiagnostic() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            let defined = 1
            ```

            ```swift fails=cannot_find_in_scope
            let a = notDefined
            ```

            ```swift fails="cannot find 'notDefined' in scope"
            let b = notDefined
            ```

            ```swift fails="cannot find 'something' in scope"
            let c = notDefined
            ```

            ```swift fails=cannot_find_in_scope
            let d = defined
            ```

            ```swift fails=cannot_find_in_scope
            let e = notDefined
            let f: Int = "text"
            ```

            ```swift
            let g = a
            ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        let outcomes = report.results.map { result -> String in
            switch result.outcome {
            case .passed: return "\(result.block.fenceLine) passed"
            case .skipped: return "\(result.block.fenceLine) skipped"
            case .notProven(let reason): return "\(result.block.fenceLine) not proven: \(reason)"
            case .failed(let diagnostics): return "\(result.block.fenceLine) failed: \(diagnostics[0].message)"
            }
        }
        #expect(outcomes == [
            // Its program fails at line 32: nothing proves the block.
            "6 not proven: program `main` failed at Content/posts/p.md:32",
            "10 passed",
            "14 passed",
            "18 failed: expected to fail with exactly \"cannot find 'something' in scope\", but the compiler said otherwise:",
            "22 failed: expected to fail with [cannot_find_in_scope], but it compiled",
            "26 failed: expected to fail with exactly [cannot_find_in_scope], but the compiler said otherwise:",
            // A fails block is left out of the program: later blocks cannot use what it declares.
            "31 failed: cannot find 'a' in scope [cannot_find_in_scope]",
        ])
    }

    @Test func modulesAreBuiltForTheBlocksThatImportThem() throws {
        let site = SnippetFixtures.site(body: """
            ```swift module=Shapes
            open class OpenShape { public init() {} }
            public class PublicShape { public init() {} }
            class InternalShape {}
            ```

            ```swift
            import Shapes
            class Circle: OpenShape {}
            let shape = PublicShape()
            ```

            ```swift fails=superclass_not_open
            import Shapes
            class Square: PublicShape {}
            ```

            ```swift fails="cannot find type 'InternalShape' in scope"
            import Shapes
            let hidden: InternalShape? = nil
            ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        #expect(report.summaryLine == "4 passed, 0 failed, 0 skipped, 0 not proven", "\(SnippetFixtures.failures(report))")
        #expect(report.results.map(\.program) == ["module:Shapes", "main", "fails:18", "fails:23"])
    }

    @Test func aLaterVersionOfATypeCompilesInItsOwnProgram() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            protocol Viewing { func show() }
            class View: Viewing { func show() {} }
            class Presenter {
                var view: Viewing?
            }
            ```

            ```swift program=v2 from=main
            class View: Viewing {
                func show() { print("v2") }
            }
            ```

            ```swift program=v2
            class View {}
            ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        #expect(report.results.map(\.isFailure) == [false, false, true], "a copied View is replaced; a second View of v2's own is an error")
        #expect(SnippetFixtures.failures(report).first?.hasPrefix("Content/posts/p.md:21:7: error: invalid redeclaration of 'View'") == true,
                "\(SnippetFixtures.failures(report))")
    }

    @Test func runComparesWhatTheProgramPrints() throws {
        let site = SnippetFixtures.site(body: """
            ```swift run
            let greeting = "Hello"
            print(greeting) // Prints "Hello"
            ```

            ```swift program=second run
            print(6 * 7)
            ```
            ```output
            41
            ```
            """)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        #expect(report.results.map(\.isFailure) == [false, true])
        guard case .failed(let diagnostics) = report.results[1].outcome else { return }
        #expect(diagnostics.first?.message == #"the program printed "42\n", expected "41\n""#)
    }

    @Test func anUnchangedSecondRunCompilesNothing() throws {
        let site = SnippetFixtures.site(body: "```swift\nlet a = 1\n```\n\n```swift isolated\nlet b = 2\n```\n")
        defer { site.remove() }
        let cache = site.root.appendingPathComponent(".sitegen-cache/snippets")
        let cold = try SnippetFixtures.check(site, cache: cache)
        #expect(cold.compilerProcesses == 2)
        let warm = try SnippetFixtures.check(site, cache: cache)
        #expect(warm.compilerProcesses == 0)
        #expect(warm.fromManifest, "no post changed: the manifest answers without reading one")
        #expect(warm.summaryLine == cold.summaryLine)
        var options = SnippetChecker.Options(siteRoot: site.root, cacheFolder: cache, toolchain: SnippetFixtures.toolchain!)
        options.useManifest = false
        let cached = try SnippetChecker(options: options).check()
        #expect(cached.compilerProcesses == 0)
        #expect(cached.cachedPrograms == 2, "without the manifest, every program's result comes from the cache")
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01", body: "```swift\nlet a = 1\n```\n\n```swift isolated\nlet b: Int = \"2\"\n```\n"))
        let edited = try SnippetFixtures.check(site, cache: cache)
        #expect(edited.compilerProcesses == 1, "only the changed program")
        #expect(edited.summaryLine == "1 passed, 1 failed, 0 skipped, 0 not proven")
    }

    @Test func swiftSixModeIsAPostSetting() throws {
        // A global mutable variable is an error in the Swift 6 language mode only.
        let body = "```swift\nclass Counter { static var count = 0 }\n```\n"
        let site = SnippetFixtures.site(body: body)
        defer { site.remove() }
        #expect(try SnippetFixtures.check(site).failed == 0)
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01\nswift_version: 6", body: body))
        #expect(try SnippetFixtures.check(site).failed == 1)
        // The site's setting, which a post's own overrides.
        site.write("Content/site.yml", "title: T\nsnippets:\n  swift_version: 6\n")
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01", body: body))
        #expect(try SnippetFixtures.check(site).failed == 1)
        site.write("Content/posts/p.md", FixtureSite.post("title: P\ndate: 2017-01-01\nswift_version: 5", body: body))
        #expect(try SnippetFixtures.check(site).failed == 0)
    }
}
