@testable import Mustache
import Testing

@Suite("Rendering")
struct RenderingTests {
    @Test func escapesOnlyTheFourHTMLCharacters() throws {
        let template = try MustacheTemplate(source: "{{v}}|{{{v}}}")
        let output = try template.render(["v": "héllo & <wörld> \"q\" 'a' 😀"])
        #expect(output == "héllo &amp; &lt;wörld&gt; &quot;q&quot; 'a' 😀|héllo & <wörld> \"q\" 'a' 😀")
    }

    @Test func escapingKeepsScalarsThatCombineWithTheEscapedCharacter() throws {
        // U+0600 is a prepend character, so it forms one Character with the
        // following "&"; cutting before the "&" must still keep it.
        let template = try MustacheTemplate(source: "{{v}}")
        #expect(try template.render(["v": "a\u{600}&b"]) == "a\u{600}&amp;b")
    }

    @Test func scalarsPrintLikeJSON() throws {
        let template = try MustacheTemplate(source: "{{i}} {{d}} {{whole}} {{b}} {{n}} {{list}} {{object}}")
        let context: MustacheValue = ["i": -4, "d": 2.5, "whole": 3.0, "b": false, "n": nil,
                                      "list": [1], "object": ["a": 1]]
        #expect(try template.render(context) == "-4 2.5 3 false   ")
    }

    @Test(arguments: [
        ("false", MustacheValue.bool(false)), ("null", .null), ("empty string", .string("")),
        ("zero", .int(0)), ("zero double", .double(0)), ("empty array", .array([])),
    ] as [(String, MustacheValue)])
    func falsyValues(_ label: String, _ value: MustacheValue) throws {
        let template = try MustacheTemplate(source: "{{#v}}yes{{/v}}{{^v}}no{{/v}}")
        #expect(try template.render(["v": value]) == "no", "\(label) should be falsy")
    }

    @Test func truthyScalarsBecomeTheContext() throws {
        let template = try MustacheTemplate(source: "{{#v}}<{{.}}>{{/v}}")
        #expect(try template.render(["v": "text"]) == "<text>")
        #expect(try template.render(["v": 7]) == "<7>")
        #expect(try template.render(["v": ["a", "b"]]) == "<a><b>")
    }

    @Test func contextStackLookup() throws {
        let template = try MustacheTemplate(source: "{{#user}}{{name}} of {{site}} ({{user.name}}){{/user}}")
        #expect(try template.render(["site": "S", "user": ["name": "Ann"]]) == "Ann of S (Ann)")
    }

    @Test func nestedStandalonePartialsIndentEveryTemplateLine() throws {
        let partials = [
            "list": try MustacheTemplate(source: "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n", name: "list"),
            "item": try MustacheTemplate(source: "<li>\n  {{.}}\n\n</li>\n", name: "item"),
        ]
        let template = try MustacheTemplate(source: "<nav>\n  {{>list}}\n</nav>\n")
        let expected = """
            <nav>
              <ul>
                <li>
                  a

                </li>
                <li>
                  b

                </li>
              </ul>
            </nav>

            """
        #expect(try template.render(["items": ["a", "b"]], partials: partials) == expected)
    }

    @Test func interpolatedNewlinesAreNotIndented() throws {
        let partials = ["p": try MustacheTemplate(source: "<pre>{{{code}}}</pre>\n", name: "p")]
        let template = try MustacheTemplate(source: "<div>\n    {{>p}}\n</div>")
        #expect(try template.render(["code": "a\n  b"], partials: partials) == "<div>\n    <pre>a\n  b</pre>\n</div>")
    }

    @Test func crlfStandaloneLines() throws {
        let template = try MustacheTemplate(source: "a\r\n{{#x}}\r\n  b\r\n{{/x}}\r\nc")
        #expect(try template.render(["x": true]) == "a\r\n  b\r\nc")
    }

    @Test func parsedOnceRenderedManyTimes() throws {
        let template = try MustacheTemplate(source: "{{#items}}{{.}},{{/items}}", name: "list")
        for count in 0..<20 {
            let items = MustacheValue.array((0..<count).map { .int($0) })
            let expected = (0..<count).map { "\($0)," }.joined()
            #expect(try template.render(["items": items]) == expected)
        }
    }

    @Test func literalsBuildValues() throws {
        let name = "Ann"
        let value: MustacheValue = ["user": ["name": "\(name)", "tags": ["a", 1, 2.5, true, nil]]]
        guard case .string(let stored) = value["user"]?["name"] else {
            Issue.record("interpolated literal did not become a string")
            return
        }
        #expect(stored == "Ann")
        let template = try MustacheTemplate(source: "{{user.name}}:{{#user.tags}}{{.}};{{/user.tags}}")
        #expect(try template.render(value) == "Ann:a;1;2.5;true;;")
    }

    @Test func setDelimitersPersistUntilChanged() throws {
        let template = try MustacheTemplate(source: "{{=[[ ]]=}}[[a]] {{a}} [[={{ }}=]]{{a}}")
        #expect(try template.render(["a": "x"]) == "x {{a}} x")
    }
}
