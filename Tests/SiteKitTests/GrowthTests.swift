import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

/// Hostile shapes of input at 1×, 2× and 4× their size: from the smallest to the largest
/// the time may grow at most 2.5× per doubling (6.25× over the two), and no one doubling
/// more than 3× (`GrowthLimit`). Time is CPU time (the machine is shared, and waiting for a
/// core is not the code's growth), the minimum of three runs (`SITEGEN_GROWTH_RUNS` changes
/// the count), the sizes taken in turn so that a busy spell slows all of them alike.
/// Several once grew quadratically: 16,000 unknown keys took 207 s to report, a list of
/// 64,000 items 54 s to parse.
/// How much the time of a doubling size may grow. Linear work doubles; a quadratic shape
/// quadruples at every doubling. The bound is on the whole range (2.5× per doubling, the
/// geometric mean), with a looser one on each single doubling: with the other core busy
/// (the whole `swift test` runs suites side by side), one doubling that leaves a cache
/// measured 2.8× in CI while the next was 1.9×, linear work both.
enum GrowthLimit {
    static let perDoubling = 2.5
    static let anyOneDoubling = 3.0

    /// Why `times` (at sizes doubling from one to the next) are not linear, or nil.
    static func problem(_ times: [Double]) -> String? {
        guard let first = times.first, let last = times.last, times.count > 1 else { return nil }
        let doublings = Double(times.count - 1)
        let whole = last / first
        if whole > pow(perDoubling, doublings) {
            return String(format: "%.2f× over %d doublings, more than %.2f×", whole, times.count - 1, pow(perDoubling, doublings))
        }
        for (small, large) in zip(times, times.dropFirst()) where large / small > anyOneDoubling {
            return String(format: "one doubling took %.2f×, more than %.1f×", large / small, anyOneDoubling)
        }
        return nil
    }
}

@Suite("Growth on large inputs", .serialized)
struct GrowthTests {
    static let runs = ProcessInfo.processInfo.environment["SITEGEN_GROWTH_RUNS"].flatMap { Int($0) } ?? 3

    /// The minimum CPU time of this thread over `runs` rounds of `body`, each round running
    /// every size once, smallest first.
    static func times(_ sizes: [Int], _ body: (Int) throws -> Void) rethrows -> [Double] {
        var best = [Double](repeating: .infinity, count: sizes.count)
        for _ in 0..<runs {
            for (index, size) in sizes.enumerated() {
                let start = threadCPUSeconds()
                try body(size)
                best[index] = min(best[index], threadCPUSeconds() - start)
            }
        }
        return best
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Measures with `measure` until the growth is within `GrowthLimit`, at most three
    /// times, each size keeping its fastest time: a busy machine slows a run now and then,
    /// a quadratic shape every time.
    static func expectLinear(_ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                             measure: () throws -> [Double]) rethrows {
        var times: [Double] = []
        for _ in 0..<3 {
            let attempt = try measure()
            times = times.isEmpty ? attempt : zip(times, attempt).map { min($0, $1) }
            print("growth: \(what): \(times.map { String(format: "%.3f s", $0) }.joined(separator: ", "))")
            if GrowthLimit.problem(times) == nil { return }
        }
        let problem = GrowthLimit.problem(times)
        #expect(problem == nil, "\(what): \(times.map { String(format: "%.3f s", $0) }) per doubling: \(problem ?? "")",
                sourceLocation: sourceLocation)
    }

    /// The limit itself: linear times and one step past a cache pass; a quadratic shape, or
    /// one doubling that is quadratic, does not.
    @Test func theLimitTellsLinearFromQuadratic() {
        #expect(GrowthLimit.problem([0.1, 0.2, 0.4]) == nil)
        #expect(GrowthLimit.problem([0.080, 0.221, 0.421]) == nil)
        #expect(GrowthLimit.problem([0.1, 0.4, 1.6]) != nil)
        #expect(GrowthLimit.problem([0.1, 0.2, 0.8]) != nil)
        #expect(GrowthLimit.problem([0.1, 0.35, 0.5]) != nil)
    }

    @Test func aYAMLListParsesInLinearTime() throws {
        try Self.expectLinear("a list of 20,000 to 80,000 items") {
            try Self.times([20_000, 40_000, 80_000]) { count in
                let node = try YAMLParser.parse(String(repeating: "- item\n", count: count))
                guard case .sequence(let items)? = node?.content, items.count == count else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    @Test func aYAMLMappingParsesInLinearTime() throws {
        try Self.expectLinear("a mapping of 20,000 to 80,000 keys") {
            try Self.times([20_000, 40_000, 80_000]) { count in
                let node = try YAMLParser.parse((0..<count).map { "key\($0): value\n" }.joined())
                guard case .mapping(let pairs)? = node?.content, pairs.count == count else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// A failing build of `site`, as the command line reports it: every diagnostic is
    /// printed with its source line, which once meant reading the file once per diagnostic.
    static func reportTimes(_ sizes: [Int], site: (Int) -> FixtureSite, expect: (Int, TimedRun) -> Bool) throws -> [Double] {
        try sizes.map { size in
            let fixture = site(size)
            defer { fixture.remove() }
            var best = Double.infinity
            for _ in 0..<runs {
                let run = try TimedRun.sitegen(["build", "--verbose", "--site", fixture.root.path], cpuTime: true, timeout: 600)
                guard expect(size, run), let seconds = run.cpuSeconds else { throw CocoaError(.coderInvalidValue) }
                best = min(best, seconds)
            }
            return best
        }
    }

    static func count(_ text: String, in output: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    @Test func unknownKeyWarningsAreReportedInLinearTime() throws {
        try Self.expectLinear("2,000 to 8,000 unknown keys") {
            try Self.reportTimes([2_000, 4_000, 8_000], site: { count in
                let keys = (0..<count).map { "unknown_key_\($0): 1\n" }.joined()
                return FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A")],
                                   config: "title: Many keys\n" + keys)
            }, expect: { count, run in
                run.status == 1 && Self.count("warning: unknown site setting", in: run.stderr) == count
            })
        }
    }

    @Test func brokenLinksAreReportedInLinearTime() throws {
        try Self.expectLinear("1,000 to 4,000 broken links") {
            try Self.reportTimes([1_000, 2_000, 4_000], site: { count in
                let links = (0..<count).map { "[link \($0)](/missing/\($0)/)\n" }.joined(separator: "\n")
                return FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01", body: links)])
            }, expect: { count, run in
                run.status == 1 && Self.count("error: broken link", in: run.stderr) == count
            })
        }
    }

    /// Posts that all clash with the first: every one an error with a note at the first
    /// post, whose line is then shown once per error.
    @Test(arguments: [("slug: same", "error: duplicate slug"), ("series: One\nseries_order: 1", "already has a part 1")])
    func manyPostsThatClashAreReportedInLinearTime(_ frontMatter: String, _ message: String) throws {
        try Self.expectLinear("800 to 3,200 posts with '\(frontMatter.replacingOccurrences(of: "\n", with: "; "))'") {
            try Self.reportTimes([800, 1_600, 3_200], site: { count in
                FixtureSite(Dictionary(uniqueKeysWithValues: (0..<count).map { index in
                    ("Content/posts/p\(index).md", FixtureSite.post("title: P\(index)\ndate: 2017-01-01\n" + frontMatter))
                }), withTheme: false)
            }, expect: { count, run in
                run.status == 1 && Self.count(message, in: run.stderr) == count - 1
            })
        }
    }

    @Test func aPostWithManyTagsLoadsInLinearTime() throws {
        try Self.expectLinear("a post with 4,000 to 16,000 tags") {
            try Self.times([4_000, 8_000, 16_000]) { count in
                let site = FixtureSite(["Content/posts/a.md": OutputLimitTests.taggedPost(count)],
                                       config: OutputLimitTests.config + "limits:\n  tags_per_post: 100000\n", withTheme: false)
                defer { site.remove() }
                let (loaded, _) = try SiteLoader(layout: SiteLayout(root: site.root)).load()
                guard loaded.posts.first?.tags.count == count else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// Issue 22: thousands of diagnostics on one long line. Each link's column, and each
    /// printed excerpt of the line, was counted from the line's start: 200 KB of `[a](/x) `
    /// took 22 s of CPU, 100 KB 5 s. Distinct URLs were each looked for from the line's start.
    @Test(arguments: [false, true])
    func brokenLinksOnOneLineAreReportedInLinearTime(distinct: Bool) throws {
        try Self.expectLinear("\(distinct ? "distinct" : "equal") broken links on one line of 25 to 100 KB") {
            try Self.reportTimes([3_200, 6_400, 12_800], site: { count in
                // Distinct URLs of one width (`/012800`), so each doubling doubles the line exactly:
                // with `/\($0)` the last doubling also added a digit to half the links.
                let line = (0..<count).map { distinct ? "[a](/\(String(repeating: "0", count: 6 - String($0).count))\($0))" : "[a](/x) " }.joined()
                return FixtureSite(["Content/posts/a.md": FixtureSite.post("title: A\ndate: 2017-01-01", body: line + "\n")], withTheme: false)
            }, expect: { count, run in
                run.status == 1 && Self.count("error: broken link", in: run.stderr) == count
                    && (distinct || run.stderr.contains("a.md:6:\(8 * (count - 1) + 5): error: broken link '/x'"))
            })
        }
    }

    /// Issue 22: `{{ a }} ` repeated on one line, each the template-syntax warning's place:
    /// its column was counted from the line's start (0.9, 3.1, 13.9 s).
    @Test func templateSyntaxOnOneLineIsFoundInLinearTime() throws {
        try Self.expectLinear("12,800 to 51,200 Liquid outputs on one line") {
            try Self.times([12_800, 25_600, 51_200]) { count in
                let found = TemplateSyntaxScanner.scan(String(repeating: "{{ a }} ", count: count) + "\n", firstLine: 5)
                guard found.count == count, found.last?.location == SourceLocation(line: 5, column: 8 * (count - 1) + 1) else {
                    throw CocoaError(.coderInvalidValue)
                }
            }
        }
    }

    /// The import's report places what it left of Liquid with the same columns.
    @Test func importReportPlacesOnOneLineInLinearTime() throws {
        let context = ConversionContext(documentPath: "Content/posts/a.md", sourcePath: "_posts/a.md", targets: LinkTargets(), siteURL: nil)
        try Self.expectLinear("12,800 to 51,200 unknown Liquid outputs on one line, placed in the import's report") {
            try Self.times([12_800, 25_600, 51_200]) { count in
                let body = LiquidConverter(context: context).convert(Array(String(repeating: "{{ page.x }} ", count: count).utf8))
                var report = DocumentReport()
                BodyPlaces.record(body, file: "a.md", firstLine: 3, into: &report)
                let places = report.left.values.flatMap { $0 } + report.converted.values.flatMap { $0 }
                guard places.count == count, places.compactMap(\.column).max() == 13 * (count - 1) + 1 else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// The converters' edits on one long line: each edit was checked against every earlier
    /// one, each event's new offset sorted all edits again, and each construct's line start
    /// was found by walking back to it.
    @Test(arguments: ["{{ site.baseurl }}/x ", "[a]({{ site.baseurl }}/x) ", "{{< ref \"x.md\" >}} ", "x {{< youtube abc >}} "])
    func convertedConstructsOnOneLineInLinearTime(_ construct: String) throws {
        let context = ConversionContext(documentPath: "Content/posts/a.md", sourcePath: "_posts/a.md", targets: LinkTargets(),
                                        siteURL: "https://example.com", basePath: "/blog")
        try Self.expectLinear("6,400 to 25,600 of '\(construct)' on one line, converted") {
            try Self.times([6_400, 12_800, 25_600]) { count in
                let bytes = Array(String(repeating: construct, count: count).utf8)
                let body = construct.contains("{{<") || construct.contains("{{%")
                    ? ShortcodeConverter(context: context).convert(bytes) : LiquidConverter(context: context).convert(bytes)
                var report = DocumentReport()
                BodyPlaces.record(body, file: "a.md", firstLine: 3, into: &report)
                let places = report.left.values.flatMap { $0 } + report.converted.values.flatMap { $0 }
                guard places.count >= count else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// A permalink pattern of many tokens that are all empty (found by the routes fuzz
    /// target, 2.7 KB for over 10 s): the slashes they leave were made one by one, each
    /// search from the path's start.
    @Test func aPatternOfManyEmptyTokensExpandsInLinearTime() throws {
        try Self.expectLinear("a pattern of 4,000 to 16,000 empty tokens, expanded") {
            try Self.times([4_000, 8_000, 16_000]) { count in
                let pattern = "/" + String(repeating: ":categories/", count: count) + ":slug/"
                let permalink = try SiteRoutes.Permalinks.pattern(pattern, key: "posts")
                guard permalink.expand(["slug": "x"]) == "/x/" else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// Issue 22: an imported TOML front matter with many values on one line (139, 289 and
    /// 589 KB took 1.2, 4.8 and 19.9 s): each value's column was counted from the line's start.
    @Test func tomlWithManyValuesOnOneLineParsesInLinearTime() throws {
        try Self.expectLinear("TOML arrays of 20,000 to 80,000 values on one line") {
            try Self.times([20_000, 40_000, 80_000]) { count in
                let (root, _) = try TOMLParser.parse("title = \"T\"\nnumbers = [" + Array(repeating: "12345", count: count).joined(separator: ", ") + "]\n")
                guard case .sequence(let items)? = root["numbers"]?.content, items.count == count,
                      items.last?.location == SourceLocation(line: 2, column: 12 + 7 * (count - 1)) else { throw CocoaError(.coderInvalidValue) }
            }
        }
    }

    /// Issue 22: a header of 16,000 columns over 16,000 one-cell rows, 96 KB, aborted on
    /// allocation (12 GB, then 224 s to fail). It builds, and its HTML is a few MB: the table
    /// stops taking rows once they lack 0x80000 cells, as cmark-gfm's does, and the rest is text.
    @Test func aPostWithA16000ColumnTableBuilds() throws {
        let columns = 16_000
        let body = "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n" + String(repeating: "x\n", count: columns)
        let site = FixtureSite(["Content/posts/wide.md": FixtureSite.post("title: Wide\ndate: 2017-01-01", body: body)], withTheme: false)
        defer { site.remove() }
        #expect(body.utf8.count > 96_000 && body.utf8.count < 97_000)
        _ = try site.build()
        let html = try #require(site.read("posts/wide/index.html"))
        #expect(html.utf8.count < 8_000_000)
        #expect(Self.count("<td></td>", in: html) == 33 * (columns - 1))
    }
}
