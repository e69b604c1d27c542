import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support

/// `--suggest`: fence words proven by compiling, or the class of code a block is when no way
/// compiles; `--write` changes the fence lines and nothing else.
@Suite("Snippets: suggestions", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetSuggestTests {
    /// One block of each kind; the comment after each is what --suggest should say.
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

        ```swift
        let value: Int = "text"
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
            "Content/posts/p.md:62 none ",
            "Content/posts/q.md:13 compiles program=v2 from=main",
            // Looks like a placeholder, an obsolete API and `++`, but it compiles: never a skip.
            "Content/posts/q.md:24 compiles program=v3 from=main",
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
        let run = try CommandLineTests.run(["check-snippets", "--suggest", "--write"], in: site.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("suggest Content/posts/p.md:12: member-of=Store (compiles as a member of Store, which an earlier block declares)"))
        #expect(run.stdout.contains("no suggestion Content/posts/p.md:62: no way found to compile it (cannot convert value of type 'String' to specified type 'Int')"))
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
        let checked = try CommandLineTests.run(["check-snippets"], in: site.root)
        // The real error fails, and its program proves nothing until it is fixed.
        #expect(checked.stdout.hasSuffix("6 passed, 1 failed, 5 skipped, 3 not proven\n"), "\(checked.stdout)")
    }

    static func posts(_ site: FixtureSite) throws -> [String: [String]] {
        var posts: [String: [String]] = [:]
        for name in ["p.md", "q.md"] {
            let text = try String(contentsOf: site.root.appendingPathComponent("Content/posts/\(name)"), encoding: .utf8)
            posts[name] = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return posts
    }
}
