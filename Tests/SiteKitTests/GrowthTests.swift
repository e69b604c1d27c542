import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import YAML

/// Hostile shapes of input at 1×, 2× and 4× their size: each doubling may cost at most
/// 2.5× the time. Time is CPU time (the machine is shared, and waiting for a core is not
/// the code's growth), the minimum of three runs (`SITEGEN_GROWTH_RUNS` changes the count).
/// Several once grew quadratically: 16,000 unknown keys took 207 s to report, a list of
/// 64,000 items 54 s to parse.
@Suite("Growth on large inputs", .serialized)
struct GrowthTests {
    static let runs = ProcessInfo.processInfo.environment["SITEGEN_GROWTH_RUNS"].flatMap { Int($0) } ?? 3

    /// The minimum CPU time of this thread over `runs` runs of `body` at each size.
    static func times(_ sizes: [Int], _ body: (Int) throws -> Void) rethrows -> [Double] {
        try sizes.map { size in
            var best = Double.infinity
            for _ in 0..<runs {
                let start = threadCPUSeconds()
                try body(size)
                best = min(best, threadCPUSeconds() - start)
            }
            return best
        }
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Measures with `measure` until growth is at most 2.5× per doubling, at most three
    /// times, each size keeping its fastest time: a busy machine slows a run now and then,
    /// a quadratic shape every time.
    static func expectLinear(_ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                             measure: () throws -> [Double]) rethrows {
        var times: [Double] = []
        for _ in 0..<3 {
            let attempt = try measure()
            times = times.isEmpty ? attempt : zip(times, attempt).map { min($0, $1) }
            print("growth: \(what): \(times.map { String(format: "%.3f s", $0) }.joined(separator: ", "))")
            if zip(times, times.dropFirst()).allSatisfy({ $1 / $0 <= 2.5 }) { return }
        }
        for (small, large) in zip(times, times.dropFirst()) {
            #expect(large / small <= 2.5, "\(what): \(times.map { String(format: "%.3f s", $0) }) per doubling",
                    sourceLocation: sourceLocation)
        }
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
}
