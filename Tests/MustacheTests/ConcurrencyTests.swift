@testable import Mustache
import Testing

@Suite("Concurrent rendering")
struct ConcurrencyTests {
    static let library: MustacheLibrary = {
        do {
            return try MustacheLibrary(sources: [
                "layout": "<html>\n  <body>\n    {{$content}}{{/content}}\n  </body>\n</html>\n",
                "item": "<li class=\"{{#even}}even{{/even}}{{^even}}odd{{/even}}\">{{title}} &amp; {{{html}}}</li>\n",
                "page": """
                    {{<layout}}{{$content}}
                    <h1>{{heading}}</h1>
                    <ul>
                      {{#items}}
                      {{>item}}
                      {{/items}}
                    </ul>
                    {{#shout}}{{heading}}{{/shout}}
                    {{/content}}{{/layout}}
                    """,
            ], strict: true)
        } catch {
            fatalError("test templates do not parse: \(error)")
        }
    }()

    static func context(_ index: Int) -> MustacheValue {
        let items: [MustacheValue] = (0..<(index % 7)).map { item in
            ["title": "item <\(item)>", "html": "<em>\(index)</em>", "even": .bool(item % 2 == 0)]
        }
        return [
            "heading": "Page \(index) \"quoted\"",
            "items": .array(items),
            "shout": .lambda { text in "<strong>" + text + "</strong>" },
        ]
    }

    @Test func manyTasksRenderTheSameOutputAsSerialRendering() async throws {
        let library = Self.library
        let count = 64
        let expected = try (0..<count).map { try library.render(templateNamed: "page", context: Self.context($0)) }
        #expect(expected[3].contains("    <ul>\n      <li class=\"even\">item &lt;0&gt; &amp; <em>3</em></li>\n"))
        #expect(expected[3].contains("<strong>Page 3 &quot;quoted&quot;</strong>"))

        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for round in 0..<8 {
                for index in 0..<count {
                    group.addTask {
                        let output = try library.render(templateNamed: "page", context: Self.context(index))
                        return ((round * count) + index, output)
                    }
                }
            }
            var collected: [(Int, String)] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 8 * count)
        for (slot, output) in results {
            #expect(output == expected[slot % count], "task \(slot) rendered differently")
        }
    }

    @Test func oneTemplateValueIsSharedAcrossTasks() async throws {
        let template = try MustacheTemplate(source: "{{#n}}[{{.}}]{{/n}}", name: "t")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<100 {
                group.addTask { try template.render(["n": .array((0..<index).map { .int($0) })]) }
            }
            var collected: [String] = []
            for try await output in group { collected.append(output) }
            return collected
        }
        let expected = Set((0..<100).map { index in (0..<index).map { "[\($0)]" }.joined() })
        #expect(Set(outputs) == expected)
    }
}
