// Fuzz target: the Mustache engine. Parse and render with a fixed context.
//
// Input: template sources separated by NUL bytes: the first is "main", the next
// ones are partials "a", "b" and "c", so partials, parents, blocks and dynamic
// names (`{{>*name}}`) get exercised as well as single templates.
//
// Beyond crashes, hangs and memory blow-ups it checks that every error points into
// its template (1-based line and column inside the source, or 0:0 for errors
// that have no tag), and that rendering is deterministic.
@testable import Mustache

private let names = ["main", "a", "b", "c"]

private let context: MustacheValue = [
    "text": "<b>\"fish\" & 'chips'</b>",
    "yes": true, "no": false, "zero": 0, "one": 1, "half": 0.5, "none": nil, "empty": "",
    "list": [1, 2, 3],
    "nothing": [],
    "items": [["name": "x", "items": []], ["name": "<y>", "items": [["name": "z"]]]],
    "obj": ["text": "inner", "list": ["p", "q"], "obj": ["deep": "yes"]],
    "partial": "a", "parent": "b", "missing": "nope",
    "same": .lambda { $0 },
    "wrap": .lambda { "<" + $0 + ">{{text}}" },
    "tag": .lambda { _ in "{{#list}}{{.}}{{/list}}" },
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = input.split(separator: "\0", maxSplits: names.count - 1, omittingEmptySubsequences: false).map(String.init)
    var sources: [String: String] = [:]
    for (name, source) in zip(names, parts) { sources[name] = source }

    let library: MustacheLibrary
    do {
        library = try MustacheLibrary(sources: sources)
    } catch let error as MustacheError {
        checkPosition(error, in: sources)
        return 0
    } catch {
        fatalError("parsing threw something other than a MustacheError: \(error)")
    }
    for strict in [false, true] {
        var library = library
        library.strict = strict
        // Small limits keep each run fast; the defaults are tested by the unit tests.
        library.limits = MustacheRenderLimits(maximumSteps: 200_000, maximumOutputBytes: 4 << 20)
        let first = render(library)
        let second = render(library)
        if first != second {
            fatalError("rendering twice gave different results: \(first) / \(second)")
        }
    }
    return 0
}

private func render(_ library: MustacheLibrary) -> String {
    do {
        return try library.render(templateNamed: "main", context: context)
    } catch let error as MustacheError {
        // Lambda results are templates of their own; their errors point at the lambda's tag.
        checkPosition(error, in: sources(of: library))
        return "error: \(error)"
    } catch {
        fatalError("rendering threw something other than a MustacheError: \(error)")
    }
}

private func sources(of library: MustacheLibrary) -> [String: String] {
    var sources: [String: String] = [:]
    for name in library.names { sources[name] = library.template(named: name)?.source }
    return sources
}

/// An error's line and column are inside the named template, or both 0.
private func checkPosition(_ error: MustacheError, in sources: [String: String]) {
    if error.line == 0 && error.column == 0 { return }
    guard let source = sources[error.templateName] else {
        fatalError("error names a template that does not exist: \(error)")
    }
    // Lines end at "\n" ("\r\n" included), as the engine counts them.
    let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    guard error.line >= 1, error.line <= lines.count else {
        fatalError("error line outside the template (\(lines.count) lines): \(error)")
    }
    let scalars = lines[error.line - 1].count
    guard error.column >= 1, error.column <= scalars + 1 else {
        fatalError("error column outside its line (\(scalars) scalars): \(error)")
    }
}
