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
    var limits: CompileLimits
    /// Runs `run` programs; nil when running is turned off (`--no-run`, `snippets: { run: false }`)
    /// or the programs cannot run here (built for the iOS simulator).
    var sandbox: LazySandbox?
    /// Why `run` programs are not run, when ``sandbox`` is nil.
    var whyNotRun = "running programs is turned off (--no-run or `snippets: { run: false }`)"
    let cachedPrograms = ProcessCounter()

    /// A module program's product, for the programs that import it.
    struct BuiltModule: Sendable {
        var folder: URL
        var key: String
        var failed: Bool
        /// Where it failed, for the blocks of programs that import it.
        var failure: String
    }

    func compile(_ program: SnippetProgram, modules: [String: BuiltModule]) -> (module: BuiltModule?, results: [SnippetResult]) {
        let dependencies: [BuiltModule] = program.modules.compactMap { modules[$0] }
        if let broken = program.modules.first(where: { modules[$0]?.failed ?? true }) {
            let why = modules[broken].map { " (\($0.failure))" } ?? ""
            return (nil, program.blocks.map { block in
                SnippetResult(block: block, program: program.name, outcome: .notProven(reason: "module `\(broken)` of this post does not build\(why)"))
            })
        }
        let willRun = sandbox != nil
        let (source, segments) = program.sourceWithMap(prelude: prelude, markingRunBlocks: willRun)
        var flags = ["-swift-version", program.swiftVersion, "-diagnostic-style", "llvm", "-Xfrontend", "-debug-diagnostic-names",
                     // A type-checker bomb becomes an error at its expression, not a timeout.
                     "-Xfrontend", "-solver-expression-time-threshold=\(limits.expressionSeconds)"]
            + cache.toolchain.sdkFlags
        if let folder = stubs.folder { flags += ["-I", folder.path] }
        for module in dependencies { flags += ["-I", module.folder.path] }
        let fileName: String
        var kindFlags: [String]
        switch program.kind {
        case .run where willRun:
            fileName = "main.swift"
            kindFlags = ["-o", "program"]
            if let folder = stubs.folder {
                kindFlags += ["-L", folder.path, "-Xlinker", "-rpath", "-Xlinker", folder.path] + stubs.libraries.map { "-l\($0)" }
            }
        case .check, .run:
            // Type-checks as -typecheck does, with the same diagnostics, and writes the typed
            // AST the page's types are read from: no extra compile.
            fileName = "main.swift"
            kindFlags = TypeRecorder.dumpFlags
        case .expectedFailure:
            fileName = "main.swift"
            kindFlags = ["-typecheck"]
        case .module(let name):
            fileName = "\(name).swift"
            kindFlags = ["-emit-module", "-parse-as-library", "-module-name", name]
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
            // A stopped process proves nothing: the next run tries again.
            if fresh.isComplete { cache.store(fresh, key: key) }
            outcome = fresh
        }
        let finished = outcome ?? CompilerOutcome(status: -1, diagnostics: [], rawOutput: "")
        let readable = Set(program.blocks.map(\.file) + [prelude?.path].compactMap { $0 } + stubs.files)
        var results = ProgramEvaluation(program: program, outcome: finished, readableFiles: readable,
                                        generatedFile: fileName, notRun: willRun ? nil : whyNotRun).results()
        if let types = finished.types {
            let byBlock = TypeRecorder.byBlock(types, segments: segments, blocks: Set(program.blocks))
            for index in results.indices where results[index].isPassed {
                results[index].rawTypes = RawTypes(marks: byBlock[results[index].block] ?? [], opaque: types.opaque)
            }
        }
        if case .module = program.kind {
            let failure = results.first(where: \.isFailure).map { "failed at \($0.block.place)" } ?? "see its block"
            return (BuiltModule(folder: moduleFolder, key: key, failed: finished.status != 0, failure: failure), results)
        }
        return (nil, results)
    }

    /// The programs of one post: its modules in order first, then the others side by side.
    func compilePost(_ programs: [SnippetProgram], finished: @Sendable () -> Void = {}) -> [SnippetResult] {
        var built: [String: BuiltModule] = [:]
        var results: [SnippetResult] = []
        for program in programs {
            guard case .module(let name) = program.kind else { continue }
            let (module, outcome) = compile(program, modules: built)
            if let module { built[name] = module }
            results += outcome
            finished()
        }
        let others = programs.filter { if case .module = $0.kind { return false } else { return true } }
        let modules = built
        return results + others.parallelMap { program in
            let outcome = compile(program, modules: modules).results
            finished()
            return outcome
        }.flatMap { $0 }
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
        let command = limits.command(cache.toolchain.swiftc, arguments + [fileName])
        let compiled = ProcessRunner.run(command[0], Array(command.dropFirst()), in: work,
                                         timeout: limits.wallSeconds, outputLimit: limits.outputBytes)
        semaphore.signal()
        var outcome = CompilerOutcome(status: compiled.status, diagnostics: CompilerDiagnostic.parse(compiled.stderr),
                                      rawOutput: String((compiled.stderr + compiled.stdout).prefix(4000)))
        if case .exited = compiled.ending {} else { outcome.stopped = "the compiler \(compiled.endingDescription)" }
        if limits.ranOutOfCPUTime(compiled) { outcome.stopped = "the compiler used more than \(limits.cpuSeconds) s of CPU time" }
        if let reason = limits.couldNotStart(compiled) { outcome.stopped = "the compiler could not be started: \(reason)" }
        if let problem = CompilerOutcome.environmentProblem(in: compiled.stderr) { outcome.stopped = problem }
        let binary = work.appendingPathComponent("program")
        if case .run = program.kind, compiled.status == 0, let sandbox, FileManager.default.fileExists(atPath: binary.path) {
            outcome.run = RunOutcome(sandbox.sandbox.run(binary))
        }
        // Types for blocks that pass: a program that ran did so as it should.
        if compiled.status == 0, outcome.stopped == nil, outcome.run.map({ $0.isComplete && $0.problem == nil }) ?? true {
            outcome.types = types(of: program, source: source, compiledWith: arguments, in: work)
        }
        return outcome
    }
}

extension ProgramCompiler {
    /// The typed AST of a program that compiled: written by its own compile (a type-checked
    /// program), or by one more for a `run` program that was built. None for modules.
    private func types(of program: SnippetProgram, source: String, compiledWith arguments: [String], in work: URL) -> RawTypes? {
        let ast = work.appendingPathComponent(TypeRecorder.astFile)
        switch program.kind {
        case .module, .expectedFailure:
            return nil
        case .check, .run:
            if !FileManager.default.fileExists(atPath: ast.path) {
                // Built to run: the same flags, -dump-ast in place of the build's.
                guard let output = arguments.firstIndex(of: "-o") else { return nil }
                let flags = Array(arguments[..<output]) + TypeRecorder.dumpFlags + ["main.swift"]
                semaphore.wait()
                counter.increment()
                let command = limits.command(cache.toolchain.swiftc, flags)
                let dumped = ProcessRunner.run(command[0], Array(command.dropFirst()), in: work,
                                               timeout: limits.wallSeconds, outputLimit: limits.outputBytes)
                semaphore.signal()
                guard dumped.status == 0 else { return nil }
            }
            guard let data = try? Data(contentsOf: ast) else { return nil }
            return TypeRecorder.read(json: data, source: source)
        }
    }
}

/// How long and how much: `--timeout` for a compile, the type checker's limit per expression
/// (below it, so a bomb is reported at its expression), and the output kept of each process.
///
/// `--timeout` counts CPU time, not wall time, so a loaded machine (other jobs, CI
/// neighbours) does not turn a slow compile into a failure: with `prlimit` each compiler
/// process may use `--timeout` seconds of CPU (the kernel stops it with SIGXCPU), and the
/// wall clock only stops one that waits without working, after four times as long. Without
/// `prlimit` (macOS) the limit is on wall time.
struct CompileLimits: Sendable {
    var compileSeconds: TimeInterval = 60
    var outputBytes = 1 << 20
    var prlimit: String? = ExecutableLookup.find(["prlimit"], environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])

    var expressionSeconds: Int { max(1, Int(compileSeconds / 2)) }
    /// Whole seconds, as `RLIMIT_CPU` counts.
    var cpuSeconds: Int { max(1, Int(compileSeconds.rounded(.up))) }
    /// The wall clock's limit: `--timeout` without `prlimit`, a backstop with it.
    var wallSeconds: TimeInterval { prlimit == nil ? compileSeconds : 4 * compileSeconds }

    /// The compiler's command line, under the CPU limit when `prlimit` is there: SIGXCPU at
    /// the limit, SIGKILL 5 s of CPU later.
    func command(_ executable: String, _ arguments: [String]) -> [String] {
        guard let prlimit else { return [executable] + arguments }
        return [prlimit, "--cpu=\(cpuSeconds):\(cpuSeconds + 5)", "--core=0", "--", executable] + arguments
    }

    /// Why `prlimit` could not start the compiler ("failed to execute …"), if so: what
    /// ProcessRunner says of a compiler started without it.
    func couldNotStart(_ result: ProcessResult) -> String? {
        guard prlimit != nil, result.status == 126 || result.status == 127,
              let line = result.stderr.split(separator: "\n").first(where: { $0.hasPrefix("prlimit: failed to execute") }) else { return nil }
        return String(line.dropFirst("prlimit: ".count))
    }

    /// Whether the compiler (or the frontend the driver started) was stopped at the CPU limit.
    func ranOutOfCPUTime(_ result: ProcessResult) -> Bool {
        guard prlimit != nil else { return false }
        if case .signalled(let signal) = result.ending, signal == SIGXCPU || signal == SIGKILL { return true }
        return result.stderr.contains("failed due to signal \(SIGXCPU)")
    }
}

/// The sandbox, found when the first `run` program needs it (never on a warm run).
final class LazySandbox: @unchecked Sendable {
    private let lock = NSLock()
    private var found: ProgramSandbox?
    private let make: @Sendable () -> ProgramSandbox

    init(_ make: @escaping @Sendable () -> ProgramSandbox) {
        self.make = make
    }

    var sandbox: ProgramSandbox {
        lock.withLock {
            if let found { return found }
            let made = make()
            found = made
            return made
        }
    }

    /// The sandbox's warning, if a program ran without one.
    var warning: String? { lock.withLock { found?.warning } }
}
