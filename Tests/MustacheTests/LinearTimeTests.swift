#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Mustache
import Testing

/// Issue 17, finding 7: 8,000 tags in one template took 17–23 s and 2,000 nested
/// sections 6.5 s. Each shape is timed at 1×, 2× and 4× its size; linear work
/// grows about 2× per doubling, quadratic work 4×, and the bound is 2.5×.
/// Not a speed test: only the growth is checked, with generous bounds.
@Suite("Linear time", .serialized)
struct LinearTimeTests {
    /// Every tag's column was counted from the start of its line.
    @Test func manyTagsOnOneLine() throws {
        try expectLinearGrowth(sizes: [4_000, 8_000, 16_000]) { count in
            let source = String(repeating: "{{a}} é ", count: count)
            return { _ = try MustacheTemplate(source: source).render(["a": "x"]) }
        }
    }

    /// Within the nesting limit: 100 nests of depth 25, 50 and 100 on one line. Columns
    /// were counted from the line's start, and each lookup walked every section's frame.
    @Test func nestedSections() throws {
        try expectLinearGrowth(sizes: [25, 50, 100]) { depth in
            let nest = String(repeating: "{{#a}}{{x}}", count: depth) + String(repeating: "{{/a}}", count: depth)
            let source = String(repeating: nest, count: 100)
            return { _ = try MustacheTemplate(source: source).render(["a": true, "x": "y"]) }
        }
    }

    /// Partial tags on one line, then each on a standalone line of its own.
    @Test func manyPartials() throws {
        try expectLinearGrowth(sizes: [2_000, 4_000, 8_000]) { count in
            var sources: [String: String] = [:]
            for index in 0..<count { sources["p\(index)"] = "<li>{{x}}</li>\n" }
            sources["main"] = (0..<count).map { "{{>p\($0)}}" }.joined() + "\n" + (0..<count).map { "  {{>p\($0)}}\n" }.joined()
            return { _ = try MustacheLibrary(sources: sources, strict: true).render(templateNamed: "main", context: ["x": "y"]) }
        }
    }

    /// Set-delimiter tags switching back and forth on one line.
    @Test func delimiterChangesOnOneLine() throws {
        try expectLinearGrowth(sizes: [1_000, 2_000, 4_000]) { count in
            let source = String(repeating: "{{=<% %>=}}<%a%><%={{ }}=%>{{a}}", count: count)
            return { _ = try MustacheTemplate(source: source).render(["a": "x"]) }
        }
    }

    /// Each interpolated lambda renders into an output of its own, then into the page's.
    @Test func manyLambdaInterpolations() throws {
        try expectLinearGrowth(sizes: [2_000, 4_000, 8_000]) { count in
            let source = String(repeating: "<p>{{lambda}}</p>\n", count: count)
            return { _ = try MustacheTemplate(source: source).render(["lambda": .lambda { _ in "{{x}}" }, "x": "&"]) }
        }
    }

    /// An object of n keys (a post's params) built key by key, then each key looked up
    /// by a template: a linear scan per key, or a table that stopped growing, is n².
    /// Names beyond ASCII too (a front matter's keys in Japanese): they compare by
    /// canonical equivalence, which must not cost a scan of the object either.
    @Test(arguments: ["k", "キー"]) func largeObjects(prefix: String) throws {
        try expectLinearGrowth(sizes: [4_000, 8_000, 16_000]) { count in
            let source = (0..<count).map { "{{#o}}{{\(prefix)\($0)}}{{/o}}" }.joined()
            return {
                let template = try MustacheTemplate(source: source)
                var object = MustacheObject()
                for index in 0..<count { object["\(prefix)\(index)"] = .int(index) }
                _ = try template.render(["o": .object(object)])
            }
        }
    }

    /// A set delimiter of n `a`s and a `b`, searched for in text of 4n `a`s.
    @Test func longDelimiter() throws {
        try expectLinearGrowth(sizes: [16_000, 32_000, 64_000]) { length in
            let open = String(repeating: "a", count: length) + "b"
            let source = "{{=\(open) }}=}}" + String(repeating: "a", count: 4 * length) + "\(open)x}}"
            return {
                let output = try MustacheTemplate(source: source).render(["x": "!"])
                guard output.hasSuffix("a!") else { throw UnexpectedOutput() }
            }
        }
    }

    private struct UnexpectedOutput: Error {}
}

/// Times `makeWork(size)()` at each size and expects each doubling to cost at most
/// 2.5×. Time is the CPU time of the calling thread, which other processes on a busy
/// machine do not inflate as they do wall-clock time; each size takes the minimum of
/// five runs, sizes taking turns. A failed attempt is measured again, up to three
/// times, before it counts.
func expectLinearGrowth(sizes: [Int], sourceLocation: SourceLocation = #_sourceLocation,
                        _ makeWork: (Int) -> () throws -> Void) throws {
    let works = sizes.map(makeWork)
    for work in works { try work() }  // warm up: first allocations, lazy initialisation
    var ratios: [Double] = []
    for _ in 0..<3 {
        var seconds = Array(repeating: Double.infinity, count: works.count)
        for _ in 0..<5 {
            for (index, work) in works.enumerated() {
                let start = threadCPUSeconds()
                try work()
                seconds[index] = min(seconds[index], threadCPUSeconds() - start)
            }
        }
        ratios = zip(seconds.dropFirst(), seconds).map { $0 / max($1, 1e-9) }
        if ratios.allSatisfy({ $0 <= 2.5 }) { return }
        print("growth at sizes \(sizes): CPU seconds \(seconds), ratios \(ratios)")
    }
    Issue.record("time grows faster than linearly: ratios \(ratios.map { ($0 * 100).rounded() / 100 }) per doubling of \(sizes)",
                 sourceLocation: sourceLocation)
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
