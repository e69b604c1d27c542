import Foundation
import SiteKit
import Support

/// The last step of a check for the page's types: the marks of the programs compiled in this
/// run demangled (all of them in one `swift-demangle` process per form) and the `// ^?`
/// queries checked, each an error at its `file:line:col` when it points at nothing or its
/// block did not compile.
enum RecordedTypes {
    static func finish(_ results: [SnippetResult], demangler: TypeDemangler) -> [SnippetResult] {
        var mangled: Set<String> = []
        var usrs: Set<String> = []
        for result in results {
            guard let raw = result.rawTypes else { continue }
            for mark in raw.marks {
                if let type = mark.type { mangled.insert(type) }
                if let usr = mark.usr { usrs.insert(usr) }
            }
            for opaque in raw.opaque { mangled.insert(opaque.type); mangled.formUnion(opaque.protocols) }
        }
        let types = demangler.types(mangled)
        // Only the symbols a link or a function's name needs: the standard library's and
        // Foundation's, and functions (whose USRs end in F, or fc for an initializer).
        let symbols = demangler.symbols(usrs.filter { AppleDocumentation.module(usr: $0) != nil || $0.hasSuffix("F") || $0.hasSuffix("fc") })
        return results.map { result in
            var result = result
            if let raw = result.rawTypes {
                result.types = TypeText.marks(raw.marks, types: types, symbols: symbols, opaque: TypeText.opaqueNames(raw.opaque, types: types))
                result.rawTypes = nil
            }
            return checkingQueries(result)
        }
    }

    /// The result with an error for each query that cannot be answered.
    static func checkingQueries(_ result: SnippetResult) -> SnippetResult {
        let queries = TypeQueries.queries(in: result.block.code)
        guard !queries.isEmpty, !result.isSkipped else { return result }
        let block = result.block
        func place(_ query: TypeQueries.Query) -> SourceLocation {
            SourceLocation(line: block.firstLine + query.line, column: query.column + block.indentation)
        }
        var problems: [Diagnostic] = []
        if result.isPassed, let marks = result.types {
            for query in queries where TypeQueries.target(of: query, in: marks) == nil {
                problems.append(.error(block.file, place(query), "`// ^?` points at nothing: no identifier the compiler typed is above the caret"))
            }
        } else {
            let why: String
            switch result.outcome {
            case .notProven(let reason): why = "its program did not compile: \(reason)"
            case .failed: why = "it does not compile"
            default: why = "types are recorded for blocks of programs that are type-checked or run, not for `module=` or `fails=` blocks"
            }
            problems = queries.map { .error(block.file, place($0), "`// ^?` in a block that did not compile: no type to show (\(why))") }
        }
        guard !problems.isEmpty else { return result }
        var failed = result
        if case .failed(let earlier) = result.outcome { failed.outcome = .failed(earlier + problems) } else { failed.outcome = .failed(problems) }
        failed.types = nil
        return failed
    }
}
