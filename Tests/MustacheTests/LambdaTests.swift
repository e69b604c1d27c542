@testable import Mustache
import Testing

@Suite("Lambdas")
struct LambdaTests {
    @Test func sectionLambdaGetsRawTextAndItsResultIsRendered() throws {
        let template = try MustacheTemplate(source: "{{#bold}}Hi {{name}}!{{/bold}}")
        let context: MustacheValue = [
            "name": "Ann & Bo",
            "bold": .lambda { text in
                #expect(text == "Hi {{name}}!")
                return "<b>" + text + "</b>"
            },
        ]
        #expect(try template.render(context) == "<b>Hi Ann &amp; Bo!</b>")
    }

    @Test func sectionLambdaRendersInTheCurrentContext() throws {
        let template = try MustacheTemplate(source: "{{#people}}{{#wrap}}{{name}}{{/wrap}},{{/people}}")
        let context: MustacheValue = [
            "wrap": .lambda { "(" + $0 + ")" },
            "people": [["name": "a"], ["name": "b"]],
        ]
        #expect(try template.render(context) == "(a),(b),")
    }

    @Test func interpolationLambdaIsRenderedThenEscaped() throws {
        let template = try MustacheTemplate(source: "{{greeting}}|{{{greeting}}}|{{&greeting}}")
        let context: MustacheValue = ["name": "Ann", "greeting": .lambda { _ in "<{{name}}>" }]
        #expect(try template.render(context) == "&lt;Ann&gt;|<Ann>|<Ann>")
    }

    @Test func lambdasAreCalledEveryTime() throws {
        let counter = CallCounter()
        let template = try MustacheTemplate(source: "{{n}},{{n}},{{#list}}{{n}}{{/list}}")
        let context: MustacheValue = ["n": .lambda { _ in String(counter.increment()) }, "list": [1, 2]]
        #expect(try template.render(context) == "1,2,34")
    }

    @Test func lambdaIsTruthyForInvertedSections() throws {
        let template = try MustacheTemplate(source: "[{{^f}}hidden{{/f}}]")
        #expect(try template.render(["f": .lambda { _ in "" }]) == "[]")
    }

    @Test func sectionLambdaResultUsesTheSectionsDelimiters() throws {
        let template = try MustacheTemplate(source: "{{=<% %>=}}<%#f%>x<%/f%>")
        let context: MustacheValue = ["v": "V", "f": .lambda { text in "<%v%>{{v}}" + text }]
        #expect(try template.render(context) == "V{{v}}x")
    }

    @Test func lambdaResultThatDoesNotParseIsAnErrorAtTheTag() throws {
        let template = try MustacheTemplate(source: "ok\n  {{#f}}x{{/f}}", name: "page")
        do {
            _ = try template.render(["f": .lambda { _ in "{{#open}}" }])
            Issue.record("expected an error")
        } catch let error as MustacheError {
            #expect(error.kind == .invalidLambdaResult)
            #expect(error.description
                == "page:2:3: error: lambda result does not parse: unclosed section 'open' opened at 1:1 (at 1:1 of the result)")
        }
    }

    @Test func lambdaResultCanUsePartials() throws {
        let partials = ["p": try MustacheTemplate(source: "<{{x}}>", name: "p")]
        let template = try MustacheTemplate(source: "{{#f}}{{/f}}")
        #expect(try template.render(["x": 1, "f": .lambda { _ in "{{>p}}" }], partials: partials) == "<1>")
    }
}

/// Found by fuzzing: errors while rendering a lambda's result named the template
/// around the lambda but gave positions in the result's text, which is no file.
@Suite("Lambda result errors")
struct LambdaResultErrorTests {
    @Test func renderErrorsInAResultPointAtTheLambdaTag() throws {
        let template = try MustacheTemplate(source: "one\ntwo {{#wrap}}x{{/wrap}}", name: "page")
        let error = renderFailure {
            try template.render(["wrap": .lambda { _ in "\n\n   {{>missing}}" }], strict: true)
        }
        #expect(error?.description == "page:2:5: error: missing partial 'missing'")
    }

    @Test func recursionInAResultPointsAtTheLambdaTag() throws {
        let library = try MustacheLibrary(sources: ["page": "{{>a}}", "a": "x\n  {{same}}"])
        let error = renderFailure {
            try library.render(templateNamed: "page", context: ["same": .lambda { _ in "\n\n{{>a}}" }])
        }
        #expect(error?.kind == .recursionLimit)
        #expect(error?.templateName == "a")
        #expect(error?.line == 2)
        #expect(error?.column == 3)
    }
}
