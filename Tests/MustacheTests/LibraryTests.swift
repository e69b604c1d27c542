@testable import Mustache
import Testing

@Suite("Library and strict mode")
struct LibraryTests {
    @Test func missingPartialRendersEmptyByDefault() throws {
        let library = try MustacheLibrary(sources: ["main": "Hello\n  {{>footer}}\nBye\n"])
        #expect(try library.render(templateNamed: "main", context: [:]) == "Hello\nBye\n")
    }

    @Test func strictMissingPartialPointsAtTheTag() throws {
        let library = try MustacheLibrary(sources: ["main": "Hello\n  {{>footer}}\n"], strict: true)
        let error = try renderError(library, "main")
        #expect(error.kind == .missingPartial)
        #expect(error.description == "main:2:3: error: missing partial 'footer'")
    }

    @Test func strictMissingPartialNamesTheReferencingTemplate() throws {
        let library = try MustacheLibrary(
            sources: ["main": "{{>header}}", "header": "<header>\n{{#user}}\n  {{>avatar}}\n{{/user}}\n</header>"],
            strict: true)
        let error = try renderError(library, "main", context: ["user": ["name": "Ann"]])
        #expect(error.description == "header:3:3: error: missing partial 'avatar'")
    }

    @Test func strictUnknownParentPointsAtTheTag() throws {
        let library = try MustacheLibrary(
            sources: ["page": "<!-- page -->\n{{<layuot}}{{$content}}Hi{{/content}}{{/layuot}}\n"],
            strict: true)
        let error = try renderError(library, "page")
        #expect(error.kind == .unknownParent)
        #expect(error.description == "page:2:1: error: unknown parent template 'layuot'")
    }

    @Test func referencesListLiteralPartialsAndParentsWithoutRendering() throws {
        let source = """
        {{<layout}}
        {{$main}}
          {{#posts}}{{>item}}{{/posts}}
        {{/main}}
        {{/layout}}
        {{^empty}}
        {{>*dynamic}}{{>footer}}
        {{/empty}}
        """
        let template = try MustacheTemplate(source: source, name: "home")
        let found = template.references.map { "\($0.kind) \($0.name) \($0.line):\($0.column)" }
        #expect(found == ["parent layout 1:1", "partial item 3:13", "partial footer 7:14"])
    }

    @Test func strictDynamicNames() throws {
        let library = try MustacheLibrary(sources: ["main": "{{#items}}{{>*kind}}{{/items}}", "text": "[{{body}}]"],
                                          strict: true)
        let ok = try library.render(templateNamed: "main", context: ["items": [["kind": "text", "body": "a"]]])
        #expect(ok == "[a]")

        let unknown = try renderError(library, "main", context: ["items": [["kind": "image"]]])
        #expect(unknown.description == "main:1:11: error: missing partial 'image' (from '*kind')")

        let unresolved = try renderError(library, "main", context: ["items": [["body": "b"]]])
        #expect(unresolved.kind == .missingPartial)
        #expect(unresolved.message == "dynamic partial name '*kind' does not resolve to a string")

        var lenient = library
        lenient.strict = false
        #expect(try lenient.render(templateNamed: "main", context: ["items": [["kind": "image"], ["body": "b"]]]) == "")
    }

    @Test func unknownTemplateName() throws {
        let library = MustacheLibrary()
        let error = try renderError(library, "nope")
        #expect(error.kind == .unknownTemplate)
        #expect(error.description == "nope: error: no template named 'nope' in the library")
    }

    @Test func parseErrorsSurfaceWhenTheLibraryIsBuilt() throws {
        do {
            _ = try MustacheLibrary(sources: ["good": "{{x}}", "bad": "ok\n{{#x}}"])
            Issue.record("expected a parse error")
        } catch let error as MustacheError {
            #expect(error.description == "bad:2:1: error: unclosed section 'x' opened at 2:1")
        }
    }

    @Test func addingAndReplacingTemplates() throws {
        var library = MustacheLibrary(strict: true)
        try library.add(source: "v1", named: "t")
        library.add(try MustacheTemplate(source: "v2 {{>p}}", name: "t"))
        try library.add(source: "partial", named: "p")
        #expect(library.names == ["p", "t"])
        #expect(try library.render(templateNamed: "t", context: nil) == "v2 partial")
    }

    @Test func dictionaryOfTemplatesIsAResolver() throws {
        let partials = ["p": try MustacheTemplate(source: "<{{x}}>", name: "p")]
        let template = try MustacheTemplate(source: "{{>p}}{{>q}}")
        #expect(try template.render(["x": 1], partials: partials) == "<1>")
    }

    @Test func runawayRecursionFails() throws {
        let library = try MustacheLibrary(sources: ["self": "x{{>self}}"])
        let error = try renderError(library, "self")
        #expect(error.kind == .recursionLimit)
        #expect(error.templateName == "self")
    }

    @Test func dataDrivenRecursionTerminates() throws {
        let library = try MustacheLibrary(
            sources: ["tree": "{{name}}{{#children}}({{>tree}}){{/children}}"], strict: true)
        // Leaves need an explicit empty list: a missing key would fall through
        // the context stack to the parent's children and recurse forever.
        let leaf: (MustacheValue) -> MustacheValue = { ["name": $0, "children": []] }
        let context: MustacheValue = ["name": "a", "children": [["name": "b", "children": [leaf("c")]], leaf("d")]]
        #expect(try library.render(templateNamed: "tree", context: context) == "a(b(c))(d)")
    }

    private func renderError(_ library: MustacheLibrary, _ name: String,
                             context: MustacheValue = [:]) throws -> MustacheError {
        do {
            let output = try library.render(templateNamed: name, context: context)
            Issue.record("expected a render error, got \(String(reflecting: output))")
        } catch let error as MustacheError {
            return error
        }
        throw RenderedWithoutError()
    }

    private struct RenderedWithoutError: Error {}
}
