@testable import Mustache
import Testing

/// Nested sections over lists and partials that include each other multiply
/// work and output with every level: a template of a few hundred bytes can ask
/// for 3²⁰ iterations or gigabytes of text. A render stops at its limits with
/// an error at the section or partial being expanded instead of hanging.
@Suite("Render limits")
struct RenderLimitTests {
    @Test func nestedListSectionsStopAtTheStepLimit() throws {
        // 3^20 iterations, and not one byte of output: only counting steps stops it.
        let source = "\n" + String(repeating: "{{#l}}", count: 20) + String(repeating: "{{/l}}", count: 20)
        let template = try MustacheTemplate(source: source, name: "page")
        let limits = MustacheRenderLimits(maximumSteps: 100_000)
        let error = renderFailure { try template.render(["l": [1, 2, 3]], limits: limits) }
        #expect(error?.kind == .renderLimit)
        #expect(error?.line == 2)
        #expect(error.map { ($0.column - 1) % 6 == 0 && $0.column <= 6 * 19 + 1 } == true)
        #expect(error?.message == "rendering took more than 100000 steps (tags and text rendered); "
            + "do sections over lists nest in each other, or partials include each other many times?")
    }

    @Test func multiplyingPartialsStopAtTheOutputLimit() throws {
        // 10^9 "lol"s without the limit.
        var sources = ["lol0": "lol"]
        for level in 1...9 { sources["lol\(level)"] = String(repeating: "{{>lol\(level - 1)}}", count: 10) }
        var library = try MustacheLibrary(sources: sources)
        library.limits.maximumOutputBytes = 1 << 20
        let error = renderFailure { try library.render(templateNamed: "lol9", context: [:]) }
        #expect(error?.kind == .renderLimit)
        #expect(error?.templateName == "lol1")
        #expect(error?.message == "the rendered output passed 1048576 bytes; do partials include each other many times, "
            + "or sections over lists nest in each other?")
    }

    @Test func oneHugeLineOfIndentedOutputStopsAtTheOutputLimit() throws {
        // Each level indents by 64 KiB; 200 levels of it before every line of text.
        let indent = String(repeating: " ", count: 1 << 16)
        var sources = ["p0": String(repeating: "x\n", count: 1_000)]
        for level in 1...200 { sources["p\(level)"] = indent + "{{>p\(level - 1)}}\n" }
        var library = try MustacheLibrary(sources: sources)
        library.limits.maximumOutputBytes = 4 << 20
        let error = renderFailure { try library.render(templateNamed: "p200", context: [:]) }
        #expect(error?.kind == .renderLimit)
    }

    /// What a site's templates ask of a render is far below the default limits.
    @Test func aLargeListPageRendersWithinTheDefaults() throws {
        let posts: [MustacheValue] = (0..<10_000).map { index in
            ["title": "Post \(index) <b>", "url": "/posts/\(index)/", "tags": ["swift", "ios"], "summary": "A summary."]
        }
        let source = """
        <ul>
        {{#posts}}
          <li><a href="{{url}}">{{title}}</a>{{#summary}} <p>{{summary}}</p>{{/summary}}
            {{#tags}}<span>{{.}}</span>{{/tags}}</li>
        {{/posts}}
        </ul>
        """
        let output = try MustacheTemplate(source: source).render(["posts": .array(posts)])
        #expect(output.contains("<li><a href=\"/posts/9999/\">Post 9999 &lt;b&gt;</a>"))
        #expect(MustacheLibrary().limits == MustacheRenderLimits(maximumSteps: 10_000_000, maximumOutputBytes: 256 << 20))
    }
}
