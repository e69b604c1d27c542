import Foundation
import SiteKit
import Support

/// Compiles one program (or takes its result from the cache) and turns the compiler's
/// diagnostics into a result for each of its blocks.
struct ProgramCompiler: Sendable {
    var cache: SnippetCache
    var stubs: StubBuild
    var prelude: SnippetPrelude?
    /// Bounds the compiler processes running at once (`--jobs`).
    var semaphore: DispatchSemaphore
    var counter: ProcessCounter
    let cachedPrograms = ProcessCounter()

    /// A module program's product, for the programs that import it.
    struct BuiltModule: Sendable {
        var folder: URL
        var key: String
        var failed: Bool
    }

    func compile(_ program: SnippetProgram, modules: [String: BuiltModule]) -> (module: BuiltModule?, results: [SnippetResult]) {
        let dependencies: [BuiltModule] = program.modules.compactMap { modules[$0] }
        if let broken = program.modules.first(where: { modules[$0]?.failed ?? true }) {
            return (nil, program.blocks.map { block in
                SnippetResult(block: block, program: program.name, outcome: .failed([
                    .error(block.file, SourceLocation(line: block.fenceLine, column: 1), "not checked: module \(broken) of this post does not build")]))
            })
        }
        let source = program.source(prelude: prelude)
        var flags = ["-swift-version", program.swiftVersion, "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names"]
            + cache.toolchain.sdkFlags
        if let folder = stubs.folder { flags += ["-I", folder.path] }
        for module in dependencies { flags += ["-I", module.folder.path] }
        let fileName: String
        var kindFlags: [String]
        switch program.kind {
        case .check, .expectedFailure:
            fileName = "main.swift"
            kindFlags = ["-typecheck"]
        case .module(let name):
            fileName = "\(name).swift"
            kindFlags = ["-emit-module", "-parse-as-library", "-module-name", name]
        case .run:
            fileName = "main.swift"
            kindFlags = ["-o", "program"]
            if let folder = stubs.folder {
                kindFlags += ["-L", folder.path, "-Xlinker", "-rpath", "-Xlinker", folder.path] + stubs.libraries.map { "-l\($0)" }
            }
        }
        let key = cache.key(["program", "\(program.kind)", source, (flags + kindFlags).filter { !$0.hasPrefix("/") }.joined(separator: " "),
                             stubs.key] + dependencies.map(\.key))
        let moduleFolder = cache.folder.appendingPathComponent("modules/\(key)")
        var outcome = cache.cachedOutcome(key)
        if case .module(let name) = program.kind, outcome?.status == 0,
           !FileManager.default.fileExists(atPath: moduleFolder.appendingPathComponent("\(name).swiftmodule").path) {
            outcome = nil
        }
        if outcome != nil {
            cachedPrograms.increment()
        } else {
            let fresh = run(program, source: source, fileName: fileName,
                            arguments: flags + ["-module-cache-path", cache.moduleCache.path] + kindFlags, moduleFolder: moduleFolder)
            cache.store(fresh, key: key)
            outcome = fresh
        }
        let results = Self.evaluate(program, outcome!)
        if case .module = program.kind {
            return (BuiltModule(folder: moduleFolder, key: key, failed: outcome!.status != 0), results)
        }
        return (nil, results)
    }

    private func run(_ program: SnippetProgram, source: String, fileName: String, arguments: [String], moduleFolder: URL) -> CompilerOutcome {
        let work = cache.workFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try? source.write(to: work.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
        var arguments = arguments
        if case .module(let name) = program.kind {
            try? FileManager.default.createDirectory(at: moduleFolder, withIntermediateDirectories: true)
            arguments += ["-emit-module-path", moduleFolder.appendingPathComponent("\(name).swiftmodule").path]
        }
        semaphore.wait()
        counter.increment()
        let compiled = ProcessRunner.run(cache.toolchain.swiftc, arguments + [fileName], in: work)
        semaphore.signal()
        var outcome = CompilerOutcome(status: compiled.status, diagnostics: CompilerDiagnostic.parse(compiled.stderr),
                                      rawOutput: compiled.stderr + compiled.stdout)
        if case .run = program.kind, compiled.status == 0 {
            let ran = ProcessRunner.run(work.appendingPathComponent("program").path, [], in: work, timeout: 10)
            outcome.runStatus = ran.status
            outcome.runOutput = ran.stdout
        }
        return outcome
    }

    /// Each block's outcome from the compiler's diagnostics.
    static func evaluate(_ program: SnippetProgram, _ outcome: CompilerOutcome) -> [SnippetResult] {
        let blocks = program.blocks
        // The closing fence counts as the block's: an unclosed `{` is reported there.
        func block(of error: CompilerDiagnostic) -> SnippetBlock? {
            blocks.first { $0.file == error.file && ($0.lines.contains(error.line) || error.line == $0.lines.upperBound + 1) }
        }
        // An error at the end of the generated file (a `{` never closed) takes the place of
        // its note in a block ("to match this opening '{'").
        let errors = outcome.diagnostics.filter { $0.severity == "error" }.map { error -> CompilerDiagnostic in
            guard block(of: error) == nil, let note = error.notes.first(where: { block(of: $0) != nil }) else { return error }
            var placed = error
            (placed.file, placed.line, placed.column) = (note.file, note.line, note.column)
            return placed
        }
        func location(_ diagnostic: CompilerDiagnostic) -> SourceLocation {
            let indentation = block(of: diagnostic)?.indentation ?? 0
            return SourceLocation(line: diagnostic.line, column: diagnostic.column + indentation)
        }
        func diagnostic(_ error: CompilerDiagnostic) -> Diagnostic {
            .error(error.file, location(error), error.message + (error.id.map { " [\($0)]" } ?? ""),
                   notes: error.notes.map { .note($0.file, location($0), $0.message) })
        }
        if case .expectedFailure(let expected) = program.kind, let target = blocks.first {
            let matching = errors.filter { Self.matches($0, expected) && block(of: $0) != nil }
            let others = errors.filter { !(Self.matches($0, expected) && block(of: $0) != nil) }
            if !matching.isEmpty && others.isEmpty {
                return [SnippetResult(block: target, program: program.name, outcome: .passed)]
            }
            let place = SourceLocation(line: target.fenceLine, column: 1)
            let headline: Diagnostic = errors.isEmpty
                ? .error(target.file, place, "expected to fail with \(expected), but it compiled")
                : .error(target.file, place, "expected to fail with exactly \(expected), but the compiler said otherwise:")
            return [SnippetResult(block: target, program: program.name, outcome: .failed([headline] + errors.map(diagnostic)))]
        }
        var failures: [Int: [Diagnostic]] = [:]
        for error in errors {
            let index = block(of: error).flatMap { found in blocks.firstIndex { $0 == found } } ?? 0
            failures[index, default: []].append(diagnostic(error))
        }
        if outcome.status != 0 && errors.isEmpty, !blocks.isEmpty {
            let first = blocks[0]
            failures[0, default: []].append(.error(first.file, SourceLocation(line: first.fenceLine, column: 1),
                                                   "the compiler failed without a diagnostic: \(outcome.rawOutput.prefix(2000))"))
        }
        if case .run(let expected) = program.kind, errors.isEmpty, outcome.status == 0,
           let runIndex = blocks.lastIndex(where: { $0.attributes.run }) {
            let runBlock = blocks[runIndex]
            let place = SourceLocation(line: runBlock.fenceLine, column: 1)
            if let status = outcome.runStatus, status != 0 {
                failures[runIndex, default: []].append(.error(runBlock.file, place, "the program exited with status \(status)"))
            } else if (outcome.runOutput ?? "") != expected {
                failures[runIndex, default: []].append(.error(runBlock.file, place,
                    "the program printed \((outcome.runOutput ?? "").debugDescription), expected \(expected.debugDescription)"))
            }
        }
        return blocks.enumerated().map { index, block in
            SnippetResult(block: block, program: program.name, outcome: failures[index].map { .failed($0) } ?? .passed)
        }
    }

    static func matches(_ error: CompilerDiagnostic, _ expected: SnippetAttributes.ExpectedFailure) -> Bool {
        switch expected {
        case .id(let id): return error.id == id
        case .message(let message): return error.message == message
        }
    }
}
