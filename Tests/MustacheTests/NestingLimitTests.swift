@testable import Mustache
import Testing

/// Issue 17, finding 5: 4,000 nested sections overflowed the stack in the parser
/// (SIGSEGV). Parsing and rendering keep explicit stacks now, nesting in one template
/// is limited to `MustacheTemplate.maximumNesting`, and a template included in
/// itself stops at 100 levels; everything here runs on a 512 KiB stack.
@Suite("Nesting limits")
struct NestingLimitTests {
    struct Opener: Sendable, CustomTestStringConvertible {
        var open: String
        var word: String
        var testDescription: String { word }
    }

    static let openers = [
        Opener(open: "{{#a}}", word: "section"),
        Opener(open: "{{^a}}", word: "inverted section"),
        Opener(open: "{{$a}}", word: "block"),
        Opener(open: "{{<a}}", word: "parent"),
    ]

    @Test("4,000 levels are an error at the first tag past the limit", arguments: openers)
    func deepNestingIsAnErrorAtTheTag(_ opener: Opener) throws {
        let source = String(repeating: "  \(opener.open)\n", count: 4_000) + String(repeating: "{{/a}}\n", count: 4_000)
        let error = try onSmallStack { parseFailure(source) }
        let limit = MustacheTemplate.maximumNesting
        #expect(limit == 100)
        #expect(error?.kind == .nestingLimit)
        #expect(error?.line == limit + 1)
        #expect(error?.column == 3)
        #expect(error?.message == "\(opener.word) 'a' is nested 101 levels deep; sections, inverted sections, "
            + "parents and blocks nest at most 100 levels")
    }

    @Test func nestingAtTheLimitParsesAndRenders() throws {
        let depth = MustacheTemplate.maximumNesting
        let source = String(repeating: "{{#a}}<", count: depth) + "{{x}}" + String(repeating: ">{{/a}}", count: depth)
        let output = try onSmallStack {
            try MustacheTemplate(source: source).render(["a": ["x": "&"]])
        }
        #expect(output == String(repeating: "<", count: depth) + "&amp;" + String(repeating: ">", count: depth))
    }

    @Test func unclosedDeepNestingStillNamesTheLimitFirst() throws {
        let error = try onSmallStack { parseFailure(String(repeating: "{{#a}}", count: 200)) }
        #expect(error?.kind == .nestingLimit)
        #expect(error?.column == 601)
    }

    /// Partials nest templates in each other, so each template being within the
    /// limit does not bound the depth: 100 sections per level of recursion.
    @Test func partialsAroundDeepSectionsStopAtTheRecursionLimit() throws {
        let nest = String(repeating: "{{#a}}", count: 100) + "{{>p}}" + String(repeating: "{{/a}}", count: 100)
        let error = try onSmallStack { () -> MustacheError? in
            let library = try MustacheLibrary(sources: ["p": nest])
            return renderFailure { try library.render(templateNamed: "p", context: ["a": true]) }
        }
        #expect(error?.kind == .recursionLimit)
        #expect(error?.templateName == "p")
        #expect(error?.column == 601)
        #expect(error?.message == "template 'p' is nested in itself more than 100 levels deep; does it include itself without end?")
    }

    /// Three templates of sections, 252 levels in all, in a debug build on a 512 KiB
    /// stack: a recursive renderer needed more.
    @Test func deepRenderFitsASmallStack() throws {
        func nest(_ depth: Int, around inner: String) -> String {
            String(repeating: "{{#a}}", count: depth) + inner + String(repeating: "{{/a}}", count: depth)
        }
        let sources = ["one": nest(100, around: "{{>two}}"), "two": nest(100, around: "{{>three}}"), "three": nest(50, around: "{{x}}")]
        let output = try onSmallStack {
            try MustacheLibrary(sources: sources, strict: true).render(templateNamed: "one", context: ["a": true, "x": "deep"])
        }
        #expect(output == "deep")
    }

    @Test func selfIncludingParentFails() throws {
        let library = try MustacheLibrary(sources: ["layout": "<{{<layout}}{{$b}}x{{/b}}{{/layout}}>"])
        let error = try onSmallStack { renderFailure { try library.render(templateNamed: "layout", context: [:]) } }
        #expect(error?.kind == .recursionLimit)
        #expect(error?.line == 1)
        #expect(error?.column == 2)
    }

    /// Each level of a standalone partial adds its indentation. Concatenating
    /// it kept a copy per level: a megabyte of indentation recursing 200 levels
    /// asked for 20 GB before the recursion limit was reached.
    @Test func recursiveIndentedPartialFailsWithoutCopyingItsIndentation() throws {
        let library = try MustacheLibrary(sources: ["self": String(repeating: " ", count: 1 << 20) + "{{>self}}\nx\n"])
        let error = try onSmallStack { renderFailure { try library.render(templateNamed: "self", context: [:]) } }
        #expect(error?.kind == .recursionLimit)
        #expect(error?.line == 1)
        #expect(error?.column == (1 << 20) + 1)
    }
}

func parseFailure(_ source: String) -> MustacheError? {
    do {
        _ = try MustacheTemplate(source: source, name: "page")
        return nil
    } catch {
        return error as? MustacheError
    }
}

func renderFailure(_ render: () throws -> String) -> MustacheError? {
    do {
        _ = try render()
        return nil
    } catch {
        return error as? MustacheError
    }
}
