import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// `--suggest`: fence words proven by compiling, or the class of code a block is when no way
/// compiles; `--write` changes the fence lines and nothing else.
@Suite("Snippets: suggestions", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetSuggestTests {
    /// One block of each kind but a real error, which is in `versions`: a real error leaves its
    /// program unproven, and so the suggestions of the other blocks there (see
    /// ``aMemberBeforeARealErrorOfItsProgramIsNotGiven``).
    static let body = """
        ```swift
        class Store {
            var items: [String] = []
        }
        ```

        ```swift
        func add(_ item: String) {
            items.append(item)
        }
        ```

        ```swift
        let store = Store()
        store.add("a")
        print(store.items)
        ```

        ```swift
        let store = 10
        print(store)
        ```

        ```swift
        print(store * 2)
        ```

        ```swift
        func load() {
            <#code#>
        }
        ```

        ```swift
        class Service {
            func fetch() -> Int
        }
        ```

        ```swift
        for var i = 0; i < 3; i++ {
            print(i)
        }
        ```

        ```swift
        import UIKit
        class ProfileController: UIViewController {}
        ```

        ```swift
        override func viewDidLoad() {
            super.viewDidLoad()
        }
        ```
        """

    static let versions = """
        ```swift
        class Model {
            var title = ""
        }
        func show(_ model: Model) -> String { model.title }
        ```

        ```swift
        class Model {
            var title = ""
            var date = 0
        }
        ```

        ```swift
        let text = 1
        ```

        ```swift
        let text = "i++ and NSBundle.mainBundle() and <#code#> ..."
        print(text)
        ```

        ```swift
        let value: Int = "text"
        ```
        """

    static func site() -> FixtureSite {
        let site = SnippetFixtures.site(body: body)
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: versions))
        return site
    }

    static func suggest(_ site: FixtureSite) throws -> [String] {
        let checker = SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: SnippetFixtures.sharedCache, toolchain: SnippetFixtures.toolchain!))
        let report = try checker.check()
        return try SnippetSuggester(checker: checker).suggest(for: report).suggestions.map { suggestion in
            "\(suggestion.block.place) \(suggestion.kind.rawValue) \(suggestion.words)"
        }
    }

    @Test func eachKindOfBlockGetsItsSuggestion() throws {
        let site = Self.site()
        defer { site.remove() }
        #expect(try Self.suggest(site) == [
            "Content/posts/p.md:12 compiles member-of=Store",
            // A later version of `store`: the copy of main leaves out the block that used the
            // first one, which declared nothing else.
            "Content/posts/p.md:24 compiles program=v2 from=main",
            "Content/posts/p.md:29 compiles program=v2",
            "Content/posts/p.md:33 skip skip(placeholder)",
            "Content/posts/p.md:39 skip skip(API outline without bodies)",
            "Content/posts/p.md:45 skip skip(obsolete syntax)",
            "Content/posts/p.md:51 apple platform=apple",
            "Content/posts/p.md:56 apple platform=apple",
            "Content/posts/q.md:13 compiles program=v2 from=main",
            // Looks like a placeholder, an obsolete API and `++`, but it compiles: never a skip.
            "Content/posts/q.md:24 compiles program=v3 from=main",
            "Content/posts/q.md:29 none ",
        ])
    }

    @Test func aBlockThatCompilesSomeWayIsNeverSkipped() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            let text = 1
            ```

            ```swift
            let text = "for var i = 0; i++ NSBundle.mainBundle() <#code#> ..."
            ```

            ```swift
            print(text.count)
            ```
            """)
        defer { site.remove() }
        // The third block fails in main (an Int has no count) and compiles with the second.
        #expect(try Self.suggest(site) == [
            "Content/posts/p.md:10 compiles program=v2 from=main",
            "Content/posts/p.md:14 compiles program=v2",
        ])
    }

    @Test func writeChangesTheFenceLinesAndNothingElseAndTheBlocksThenPass() throws {
        let site = Self.site()
        defer { site.remove() }
        let before = try Self.posts(site)
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("suggest Content/posts/p.md:12: member-of=Store (compiles as a member of Store, which an earlier block declares)"))
        #expect(run.stdout.contains("no suggestion Content/posts/q.md:29: no way found to compile it (cannot convert value of type 'String' to specified type 'Int')"))
        #expect(run.stdout.contains("11 blocks to settle: 10 with a suggestion (91%), 1 without"))
        #expect(run.stdout.contains("wrote 10 fence lines in 2 posts"))
        let after = try Self.posts(site)
        var changed: [String] = []
        for (file, lines) in before {
            let new = try #require(after[file])
            #expect(new.count == lines.count, "\(file): no line added or removed")
            for (old, line) in zip(lines, new) where old != line {
                #expect(old.hasPrefix("```swift") && line.hasPrefix("```swift"), "only fence lines change: \(old) → \(line)")
                changed.append(line)
            }
        }
        #expect(changed.sorted() == [
            "```swift member-of=Store", "```swift platform=apple", "```swift platform=apple",
            "```swift program=v2", "```swift program=v2 from=main", "```swift program=v2 from=main", "```swift program=v3 from=main",
            "```swift skip(API outline without bodies)", "```swift skip(obsolete syntax)", "```swift skip(placeholder)",
        ])
        let checked = try SitegenProcess.run(["check-snippets"], in: site.root)
        // The real error fails, and its program (q.md's main) proves nothing until it is fixed;
        // every block written with words that compile passes.
        #expect(checked.stdout.hasSuffix("7 passed, 1 failed, 5 skipped, 2 not proven\n"), "\(checked.stdout)")
    }

    static func posts(_ site: FixtureSite) throws -> [String: [String]] {
        var posts: [String: [String]] = [:]
        for name in ["p.md", "q.md"] {
            let text = try String(contentsOf: site.root.appendingPathComponent("Content/posts/\(name)"), encoding: .utf8)
            posts[name] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return posts
    }

    static func suggestions(_ site: FixtureSite) throws -> [SnippetSuggestion] {
        let checker = SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: SnippetFixtures.sharedCache, toolchain: SnippetFixtures.toolchain!))
        return try SnippetSuggester(checker: checker).suggest(for: checker.check()).suggestions
    }

    /// `place kind words: reason` for each suggestion.
    static func described(_ site: FixtureSite) throws -> [String] {
        try suggestions(site).map { "\($0.block.place) \($0.kind.rawValue) \($0.words): \($0.reason)" }
    }

    /// Issue 27: XCTest is on Linux too, so XCTest code is never `platform=apple`.
    @Test func xctestCodeIsNotAppleOnly() throws {
        let site = SnippetFixtures.site(body: """
            A test of the parser from last week's post, where the import was:

            ```swift
            final class ParserTests: XCTestCase {
                func testSplitsWords() {
                    XCTAssertEqual("a b".split(separator: " ").count, 2)
                }
            }
            ```
            """)
        site.write("Content/posts/q.md", FixtureSite.post("title: Q\ndate: 2017-01-02", body: """
            ```swift
            struct Stack {
                private(set) var items: [Int] = []
                mutating func push(_ item: Int) {
                    items.append(item)
                }
            }
            ```

            ```swift
            import XCTest

            final class StackTests: XCTestCase {
                func testPop() {
                    var stack = Stack()
                    stack.push(1)
                    XCTAssertEqual(stack.pop(), 1)
                }
            }
            ```
            """))
        defer { site.remove() }
        #expect(try Self.described(site) == [
            "Content/posts/p.md:8 none : it uses XCTest, which Linux has too, without importing it: compiles on its own with `import XCTest`; add the import to the block",
            "Content/posts/q.md:15 none : no way found to compile it (value of type 'Stack' has no member 'pop'): a real error? fix the code",
        ])
    }

    /// Issue 27: a typo is a syntax error wherever the block goes, never Apple-only code,
    /// even as a member of a UIKit class.
    @Test func aSyntaxErrorIsARealErrorNotAppleCode() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            import UIKit

            class ListController: UITableViewController {
                var items: [String] = []
            }
            ```

            It reloads when it appears:

            ```swift
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                tableView.reloadData)
            }
            ```
            """)
        defer { site.remove() }
        #expect(try Self.described(site) == [
            "Content/posts/p.md:6 apple platform=apple: imports UIKit, which only Apple platforms have",
            "Content/posts/p.md:16 none : a syntax error wherever the block goes (consecutive statements on a line must be separated by ';'): fix the code",
        ])
    }

    /// Issue 27: `program=v2 from=main` copies main as `--write` leaves it, with its failing
    /// block: the later version is suggested only if it passes so, and here it passes alone.
    @Test func aLaterVersionIsProvenWithTheFailingBlocksItWouldCopy() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            struct Point {
                var x = 0
            }
            ```

            Its length is a number, isn't it?

            ```swift
            let length: Int = "\\(Point().x)"
            ```

            Later a point has a y too:

            ```swift
            struct Point {
                var x = 0
                var y = 0
            }
            let point = Point(x: 1, y: 2)
            print(point.y)
            ```
            """)
        defer { site.remove() }
        #expect(try Self.suggest(site) == ["Content/posts/p.md:14 none ", "Content/posts/p.md:20 compiles isolated"])
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try SnippetFixtures.check(site)
        #expect(report.results.map { "\($0.block.fenceLine) \($0.isPassed)" } == ["6 false", "14 false", "20 true"])
    }

    /// Issue 27 (fewer compiler processes): members a post adds one after another are tried
    /// in their type in one compile, and the block that uses them, which starts with `var` but
    /// has statements, is not taken for one more.
    @Test func membersInARowAreProvenInOneCompile() throws {
        let site = SnippetFixtures.site(body: """
            ```swift
            struct Library {
                var books: [String] = []
            }
            ```

            Adding a book:

            ```swift
            mutating func add(_ title: String) {
                books.append(title)
            }
            ```

            How many there are, and the titles in order:

            ```swift
            var count: Int {
                books.count
            }
            ```

            ```swift
            var sorted: [String] {
                books.sorted()
            }
            ```

            Using it:

            ```swift
            var library = Library()
            library.add("Dune")
            print(library.count, library.sorted)
            ```
            """)
        defer { site.remove() }
        let checker = SnippetChecker(options: .init(siteRoot: site.root, cacheFolder: site.root.appendingPathComponent(".sitegen-cache/snippets"),
                                                    toolchain: SnippetFixtures.toolchain!))
        let result = try SnippetSuggester(checker: checker).suggest(for: checker.check())
        #expect(result.suggestions.map { "\($0.block.place) \($0.words)" }
            == ["Content/posts/p.md:14 member-of=Library", "Content/posts/p.md:22 member-of=Library", "Content/posts/p.md:28 member-of=Library"])
        // One parse of the failing blocks and one compile of the three members in their type,
        // which is also the proof of the post as written: not a compile for each member.
        #expect(result.compilerProcesses == 2)
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try SnippetFixtures.check(site).summaryLine == "5 passed, 0 failed, 0 skipped, 0 not proven")
    }

    /// What `--suggest --write` wrote (`place: words`), and the check of the site after it.
    static func writeAndCheck(_ site: FixtureSite) throws -> (written: [String], report: SnippetReport) {
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        let written = run.stdout.split(separator: "\n").filter { $0.hasPrefix("suggest ") }.map { String($0.dropFirst("suggest ".count)) }
        return (written, try SnippetFixtures.check(site))
    }

    /// Issue 27 (suggestions that are proven): a member before a real error of its program is
    /// not proven once written, so it is not given; the reason names the error's block and
    /// place, and the words it would take.
    @Test func aMemberBeforeARealErrorOfItsProgramIsNotGiven() throws {
        let site = SnippetFixtures.site(body: """
            The reading list lives in a small store:

            ```swift
            struct Library {
                var books: [String] = []
            }
            ```

            Adding a book keeps the list sorted:

            ```swift
            mutating func add(_ title: String) {
                books.append(title)
                books.sort()
            }
            ```

            And in the app:

            ```swift
            var library = Library()
            library.add("Dune")
            print(library.boks.count)
            ```
            """)
        defer { site.remove() }
        #expect(try Self.described(site) == [
            "Content/posts/p.md:16 none : not proven: its program `main` does not compile because the block at line 25 has a real "
                + "error (Content/posts/p.md:28:15: value of type 'Library' has no member 'boks'); as `member-of=Library` it has no "
                + "error of its own: fix that block, then run --suggest again",
            "Content/posts/p.md:25 none : no way found to compile it (value of type 'Library' has no member 'boks'): a real error? fix the code",
        ])
        let (written, report) = try Self.writeAndCheck(site)
        #expect(written == [])
        #expect(report.summaryLine == "0 passed, 2 failed, 0 skipped, 1 not proven")
        // Once the typo is fixed, the member is suggested, and passes.
        let post = site.root.appendingPathComponent("Content/posts/p.md")
        try String(contentsOf: post, encoding: .utf8).replacingOccurrences(of: "library.boks", with: "library.books")
            .write(to: post, atomically: true, encoding: .utf8)
        let fixed = try Self.writeAndCheck(site)
        #expect(fixed.written == ["Content/posts/p.md:16: member-of=Library (compiles as a member of Library, which an earlier block declares)"])
        #expect(fixed.report.summaryLine == "3 passed, 0 failed, 0 skipped, 0 not proven")
    }

    /// Issue 27 (suggestions that are proven): members after a real error of their program,
    /// tried in their type in one compile, are not proven once written either: neither is
    /// given, and the other programs of the post keep theirs.
    @Test func membersAfterARealErrorOfTheirProgramAreNotGiven() throws {
        let site = SnippetFixtures.site(body: """
            A timer counts seconds:

            ```swift
            final class Stopwatch {
                var seconds = 0
            }
            ```

            The label shows them:

            ```swift
            let label: String = Stopwatch().seconds
            ```

            Each tick adds one, and a reset starts again:

            ```swift
            func tick() {
                seconds += 1
            }
            ```

            ```swift
            func reset() {
                seconds = 0
            }
            ```

            The same idea with a struct, on its own:

            ```swift
            struct Stopwatch {
                var seconds = 0
            }
            var watch = Stopwatch()
            watch.seconds += 1
            print(watch.seconds)
            ```
            """)
        defer { site.remove() }
        let notProven = { (words: String) in
            "not proven: its program `main` does not compile because the block at line 16 has a real error (Content/posts/p.md:17:33: "
                + "cannot convert value of type 'Int' to specified type 'String'); as `\(words)` it has no error of its own: fix that block, "
                + "then run --suggest again"
        }
        #expect(try Self.described(site) == [
            "Content/posts/p.md:16 none : no way found to compile it (no 'seconds' candidates produce the expected contextual result type 'String'): a real error? fix the code",
            "Content/posts/p.md:22 none : \(notProven("member-of=Stopwatch"))",
            "Content/posts/p.md:28 none : \(notProven("member-of=Stopwatch"))",
            "Content/posts/p.md:36 compiles isolated: compiles on its own",
        ])
        let (written, report) = try Self.writeAndCheck(site)
        #expect(written == ["Content/posts/p.md:36: isolated (compiles on its own)"])
        #expect(report.results.map { "\($0.block.fenceLine) \($0.isPassed ? "passed" : $0.isFailure ? "failed" : "not proven")" }
            == ["8 not proven", "16 failed", "22 failed", "28 failed", "36 passed"])
    }

    /// Issue 27 (suggestions that are proven): a later version that passes only because it
    /// copies a member written into its type is not given when that member is not (a real
    /// error after it leaves it unproven): the copy would hold the member outside its type.
    @Test func aLaterVersionThatCopiesAMemberNotGivenIsNotGiven() throws {
        let site = SnippetFixtures.site(body: """
            A playlist is a list of songs:

            ```swift
            struct Playlist {
                var songs: [String] = []
                var name = "Road trip"
            }
            ```

            ```swift
            mutating func append(_ song: String) {
                songs.append(song)
            }
            ```

            Filling it:

            ```swift
            var playlist = Playlist()
            playlist.append("Holocene")
            ```

            Later a playlist is only its length:

            ```swift
            let playlist = 12
            print(playlist)
            ```

            And the running time, in minutes:

            ```swift
            let minutes: Int = "48"
            ```
            """)
        defer { site.remove() }
        #expect(try Self.described(site) == [
            "Content/posts/p.md:15 none : not proven: its program `main` does not compile because the block at line 37 has a real "
                + "error (Content/posts/p.md:38:20: cannot convert value of type 'String' to specified type 'Int'); as "
                + "`member-of=Playlist` it has no error of its own: fix that block, then run --suggest again",
            "Content/posts/p.md:30 none : `program=v2 from=main` passes only with the words suggested for line 15 (`member-of=Playlist`), "
                + "which are not given (see there): once they are, run --suggest again",
            "Content/posts/p.md:37 none : no way found to compile it (cannot convert value of type 'String' to specified type 'Int'): a real error? fix the code",
        ])
        #expect(try Self.writeAndCheck(site).written == [])
    }

    /// Issue 27: Apple-only modules and macros come from one list (`AppleOnlyAPI`), beyond
    /// UIKit, SwiftUI and Combine.
    @Test func appleOnlyModulesAndMacrosAreApple() throws {
        let modules = ["Darwin", "JavaScriptCore", "NaturalLanguage", "ImageIO", "CoreServices", "MobileCoreServices",
                       "LinkPresentation", "AdSupport", "FoundationModels"]
        let blocks = modules.map { "```swift\nimport \($0)\n\nlet value = 1\nprint(value + missing)\n```\n" } + [
            "```swift\n@Generable\nstruct Summary {\n    @Guide(description: \"A short title\")\n    var title: String\n}\n```\n",
            "```swift\n@ViewBuilder\nfunc row(_ title: String, done: Bool) -> some View {\n    if done {\n        Text(title).strikethrough()\n    } else {\n        Text(title)\n    }\n}\n```\n",
        ]
        let site = SnippetFixtures.site(body: blocks.joined(separator: "\n"))
        defer { site.remove() }
        let found = try Self.suggestions(site)
        #expect(found.map(\.words) == Array(repeating: "platform=apple", count: blocks.count))
        #expect(found.map(\.reason) == modules.map { "imports \($0), which only Apple platforms have" }
            + ["uses `@Generable`, from an Apple framework", "uses `@ViewBuilder`, from an Apple framework"])
        // Linux has these: they are not on the list.
        for module in ["Foundation", "Dispatch", "XCTest", "FoundationNetworking", "Observation", "Testing"] {
            #expect(!AppleOnlyAPI.modules.contains(module), "\(module)")
        }
    }

    /// Issue 27, done when: on a small corpus of `scripts/snippet-corpus` (fragments, members,
    /// Apple code, placeholders, full programs, XCTest, typos), `--suggest --write` then a
    /// check gives no wrong suggestion, and every written suggestion passes (a real bug of its
    /// post, which has no suggestion, leaves none unproven).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "no python3"))
    func theCorpusSuggestionsAreProvenOnceWritten() throws {
        let site = FixtureSite([:], withTheme: false)
        defer { site.remove() }
        let script = SharedFolder.projectRoot.appendingPathComponent("scripts/snippet-corpus").path
        let corpus = try SitegenProcess.run([script, site.root.path, "--posts", "8", "--seed", "27"], executable: "/usr/bin/python3")
        #expect(corpus.status == 0, "\(corpus.stderr)")
        let truth = try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: site.root.appendingPathComponent("truth.json")))
        let run = try SitegenProcess.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        let written = Set(run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("suggest "), let colon = line.range(of: ": ") else { return nil }
            let words = line[colon.upperBound...]
            return ["member-of=", "program=", "isolated"].contains { words.hasPrefix($0) } ? String(line.dropFirst(8)[..<colon.lowerBound]) : nil
        })
        if run.stdout.contains("add it to Content/snippets/prelude.swift") { site.write("Content/snippets/prelude.swift", "import Foundation\n") }
        let report = try SnippetFixtures.check(site)
        var wrong: [String] = []
        var kinds: [String: Int] = [:]
        for (file, fileKinds) in truth {
            let results = report.results.filter { $0.block.file == file }
            try #require(results.count == fileKinds.count, "\(file)")
            for (kind, result) in zip(fileKinds, results) {
                kinds[kind, default: 0] += 1
                let place = result.block.place
                if ["bug", "apple", "placeholder", "outline", "obsolete"].contains(kind), result.isPassed { wrong.append("\(place) \(kind) passes") }
                if kind == "bug", case .skipped = result.outcome { wrong.append("\(place) bug hidden by a skip") }
                guard written.contains(place), !result.isPassed else { continue }
                wrong.append("\(place) \(kind) written but \(result.outcome)")
            }
        }
        #expect(wrong == [])
        #expect(written.count >= 10, "\(run.stdout)")
        #expect(kinds.keys.sorted() == ["apple", "bug", "foundation", "main", "member", "obsolete", "outline", "placeholder", "separate", "xctest"])
    }
}
