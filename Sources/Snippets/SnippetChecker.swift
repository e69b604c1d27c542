import Foundation
import SiteKit
import Support

/// `sitegen check-snippets`: extracts the Swift blocks of the posts, assembles them into
/// programs, compiles each program once (in parallel, cached), and reports every block at
/// its Markdown line.
package struct SnippetChecker: Sendable {
    package struct Options: Sendable {
        var siteRoot: URL
        /// Posts to check (paths as given on the command line); empty for all.
        var files: [String]
        /// Compiler processes at once.
        var jobs: Int
        /// Where results, built modules and the module cache are kept.
        var cacheFolder: URL
        var toolchain: SwiftToolchain
        /// A compile still running after this is stopped and reported at its block (`--timeout`).
        package var timeout: TimeInterval = 60
        /// A `run` program still running after this is stopped.
        var runTimeout: TimeInterval = 10
        /// Whether `run` programs run: false for `--no-run`; nil leaves it to `site.yml`.
        package var runPrograms: Bool?
        /// How `run` programs are isolated; nil finds bubblewrap when the first one runs.
        var isolation: ProgramSandbox.Isolation?
        /// Posts unchanged since the last run take its results without being read.
        var useManifest = true

        package init(siteRoot: URL, files: [String] = [], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                    cacheFolder: URL? = nil, toolchain: SwiftToolchain) {
            self.siteRoot = siteRoot.standardizedFileURL
            self.files = files
            self.jobs = max(1, jobs)
            self.cacheFolder = cacheFolder ?? siteRoot.appendingPathComponent(".sitegen-cache/snippets")
            self.toolchain = toolchain
        }
    }

    var options: Options
    /// Called with (programs done, programs in all) as programs finish, for a progress line.
    var progress: (@Sendable (Int, Int) -> Void)?

    package init(options: Options, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    /// The programs of the site, assembled but not compiled, for `--emit`.
    package struct Plan: Sendable {
        var programs: [SnippetProgram]
        var skipped: [SkippedSnippet]
        var invalid: [SnippetResult]
        var prelude: SnippetPrelude?
        var stubs: [StubModule]
        /// Results taken from the manifest, for posts unchanged since the last run.
        var reused: [SnippetResult] = []
        /// The posts this plan covers (display paths).
        var posts: [String] = []
        /// Whether `run` programs are run (the option, else `site.yml`).
        var runPrograms = true
        /// The errors of the content (of the posts named, if any): a post that cannot be read
        /// is not checked, the others are.
        var contentErrors: [Diagnostic] = []
    }

    /// The site's programs. `withAppleBlocks` (for `--emit`): `platform=apple` blocks are
    /// assembled into their programs even without an Apple SDK here.
    package func plan(withAppleBlocks: Bool = false) throws(DiagnosticsError) -> Plan {
        try plan(reuse: { _ in nil }, withAppleBlocks: withAppleBlocks)
    }

    /// Posts `reuse` returns results for are not read.
    func plan(reuse: (String) -> [SnippetResult]?, withAppleBlocks: Bool = false) throws(DiagnosticsError) -> Plan {
        let layout = SiteLayout(root: options.siteRoot)
        let (loaded, diagnostics) = SiteLoader(layout: layout, includeDrafts: true).loadReadableFiles()
        guard let site = loaded else { throw DiagnosticsError(diagnostics) }
        let (posts, contentErrors) = try selectedPosts(site.posts, errors: diagnostics.filter { $0.severity == .error }, layout: layout)
        let extractor = SnippetExtractor(markdown: site.config.markdown)
        var plan = Plan(programs: [], skipped: [], invalid: [], prelude: try readPrelude(layout), stubs: [],
                        posts: posts.map(\.sourcePath), runPrograms: options.runPrograms ?? site.config.snippetRun,
                        contentErrors: contentErrors)
        for post in posts.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            if let results = reuse(post.sourcePath) {
                plan.reused += results
                continue
            }
            let (blocks, problems) = extractor.blocks(of: post)
            let version = String(post.swiftVersion ?? site.config.snippetSwiftVersion)
            let assembled = SnippetAssembler(hasAppleSDK: options.toolchain.hasAppleSDK || withAppleBlocks, swiftVersion: version).assemble(blocks)
            plan.programs += assembled.programs
            plan.skipped += assembled.skipped
            for problem in problems + assembled.diagnostics {
                let block = blocks.first { $0.fenceLine == problem.location?.line }
                    ?? blocks.first { $0.lines.contains(problem.location?.line ?? 0) }
                    ?? SnippetBlock(file: problem.file, fenceLine: problem.location?.line ?? 1, info: "swift", code: "", attributes: SnippetAttributes())
                plan.invalid.append(SnippetResult(block: block, program: "", outcome: .failed([problem])))
            }
        }
        let stubs = try StubModule.load(from: layout.content.appendingPathComponent("snippets/stubs"), layout: layout)
        plan.stubs = options.toolchain.hasAppleSDK ? [] : stubs
        return plan
    }

    package func check() throws(DiagnosticsError) -> SnippetReport {
        let start = Date()
        let layout = SiteLayout(root: options.siteRoot)
        // Before anything is read from the cache or compiled into it.
        // clang locks a module it builds with a link named for it (LLVM's LockFileManager),
        // while another check may be running: those links are its own, read by nobody.
        let cacheProblems = CacheFile.problems(below: options.cacheFolder, siteRoot: options.siteRoot) { path in
            path.hasPrefix("module-cache/") && path.hasSuffix(".lock")
        }
        guard cacheProblems.isEmpty else { throw DiagnosticsError(cacheProblems) }
        let fingerprint = SnippetFingerprint(layout: layout, toolchain: options.toolchain, settings: settings,
                                             cacheFolder: options.cacheFolder)
        let manifest = options.useManifest ? SnippetManifest.load(options.cacheFolder) : nil
        if let manifest, let results = unchanged(manifest, fingerprint, layout: layout) {
            var report = SnippetReport(results: Self.sorted(results), compilerProcesses: 0, programs: 0, cachedPrograms: 0,
                                       seconds: Date().timeIntervalSince(start))
            report.checkedFiles = Set(fingerprint.posts.keys.filter { isSelected($0, layout: layout) })
            report.fromManifest = true
            return report
        }
        let plan = try self.plan { file in manifest?.results(of: file, fingerprint) }
        let (compiler, counter) = try makeCompiler(plan, run: plan.runPrograms)
        let sandbox = compiler.sandbox
        let demangler = TypeDemangler(toolchain: options.toolchain, hiddenModules: plan.stubs.map(\.name))
        var all = RecordedTypes.finish(compileAll(plan.programs, compiler), demangler: demangler) + plan.invalid + plan.reused
        all += plan.skipped.map { SnippetResult(block: $0.block, program: "", outcome: .skipped(reason: $0.reason)) }
        all = Self.sorted(all)
        var report = SnippetReport(results: all, compilerProcesses: counter.value, programs: plan.programs.count,
                                   cachedPrograms: compiler.cachedPrograms.value, seconds: 0)
        report.checkedFiles = Set(plan.posts)
        report.contentErrors = plan.contentErrors
        report.warnings = [sandbox?.warning].compactMap { $0 }
        let fresh = Set(plan.posts).subtracting(plan.reused.map(\.block.file))
        if !fresh.isEmpty {
            let version = options.toolchain.version(cacheFolder: options.cacheFolder)
            VerifiedRecordWriter.update(VerifiedRecordWriter.url(cacheFolder: options.cacheFolder), results: all, checked: fresh,
                                        swiftVersion: version)
        }
        // After the record, whose identity is part of the environment.
        let written = SnippetFingerprint(layout: layout, toolchain: options.toolchain, settings: settings, cacheFolder: options.cacheFolder)
        if plan.contentErrors.isEmpty {
            SnippetManifest.save(all, checked: Set(plan.posts), written, previous: manifest, to: options.cacheFolder)
        } else {
            // No warm run from the manifest: the next run reads the site and reports them again.
            SnippetManifest.remove(from: options.cacheFolder)
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// The compiler for the plan's programs, with the stubs built (or found built), and the
    /// count of the processes it starts. With `run` false, `run` programs are type-checked only.
    func makeCompiler(_ plan: Plan, run: Bool) throws(DiagnosticsError) -> (ProgramCompiler, ProcessCounter) {
        let cache = SnippetCache(folder: options.cacheFolder, toolchain: options.toolchain)
        cache.removeOtherModuleCaches()
        let counter = ProcessCounter()
        let stubs = try cache.buildStubs(plan.stubs, counter: counter)
        let isolation = options.isolation
        let runTimeout = options.runTimeout
        let readable = [options.toolchain.runtimeRoot, stubs.folder?.path].compactMap { $0 }
        let cannotRun = options.toolchain.appleSDK?.whyProgramsDoNotRun
        let sandbox = run && cannotRun == nil ? LazySandbox {
            ProgramSandbox(isolation: isolation ?? ProgramSandbox.detect(), timeout: runTimeout, readable: readable)
        } : nil
        var compiler = ProgramCompiler(cache: cache, stubs: stubs, prelude: plan.prelude, semaphore: DispatchSemaphore(value: options.jobs),
                                       counter: counter, limits: CompileLimits(compileSeconds: options.timeout), sandbox: sandbox)
        if run, let cannotRun { compiler.whyNotRun = cannotRun }
        return (compiler, counter)
    }

    /// What besides the files decides the results.
    private var settings: [String] {
        ["timeout \(options.timeout)", "run timeout \(options.runTimeout)", "run \(options.runPrograms.map(String.init) ?? "site")",
         "isolation \(options.isolation.map { "\($0)" } ?? "detect")"]
    }

    /// The results of every selected post from the manifest, when nothing changed at all.
    private func unchanged(_ manifest: SnippetManifest, _ fingerprint: SnippetFingerprint, layout: SiteLayout) -> [SnippetResult]? {
        guard manifest.environment == fingerprint.environment else { return nil }
        let selected = fingerprint.posts.keys.filter { isSelected($0, layout: layout) }
        // A name that matches no post is an error the full path reports.
        guard options.files.allSatisfy({ file in selected.contains { Self.matches($0, file, layout: layout) } }) else { return nil }
        var results: [SnippetResult] = []
        for file in selected {
            guard let stored = manifest.results(of: file, fingerprint) else { return nil }
            results += stored
        }
        return results
    }

    /// Posts side by side.
    private func compileAll(_ programs: [SnippetProgram], _ compiler: ProgramCompiler) -> [SnippetResult] {
        let byPost = Dictionary(grouping: programs, by: \.file)
        let done = ProcessCounter()
        let total = programs.count
        let progress = self.progress
        return byPost.keys.sorted().parallelMap { file in
            compiler.compilePost(byPost[file] ?? []) { progress?(done.increment(), total) }
        }.flatMap { $0 }
    }

    static func sorted(_ results: [SnippetResult]) -> [SnippetResult] {
        results.sorted { ($0.block.file, $0.block.fenceLine, $0.program) < ($1.block.file, $1.block.fenceLine, $1.program) }
    }

    /// Whether the post at `path` (display path) is one the command line asks for.
    private func isSelected(_ path: String, layout: SiteLayout) -> Bool {
        options.files.isEmpty || options.files.contains { Self.matches(path, $0, layout: layout) }
    }

    private static func matches(_ path: String, _ file: String, layout: SiteLayout) -> Bool {
        let given = layout.displayPath(URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        return path == given || path == file || path.hasSuffix("/" + file)
    }

    /// The posts the command line names (all without names), and the content errors of
    /// those files (all without names). A name that is neither a post nor a file with an
    /// error is refused.
    private func selectedPosts(_ posts: [Post], errors: [Diagnostic], layout: SiteLayout) throws(DiagnosticsError)
        -> (posts: [Post], errors: [Diagnostic]) {
        guard !options.files.isEmpty else { return (posts, errors) }
        var selected: [Post] = []
        var selectedErrors: [Diagnostic] = []
        var unknown: [Diagnostic] = []
        for file in options.files {
            let matches = posts.filter { Self.matches($0.sourcePath, file, layout: layout) }
            let problems = errors.filter { Self.matches($0.file, file, layout: layout) }
            if matches.isEmpty && problems.isEmpty { unknown.append(.error(file, nil, "not a post of this site (posts are in Content/posts/)")) }
            selected += matches
            selectedErrors += problems
        }
        guard unknown.isEmpty else { throw DiagnosticsError(unknown) }
        return (selected, selectedErrors)
    }

    private func readPrelude(_ layout: SiteLayout) throws(DiagnosticsError) -> SnippetPrelude? {
        let url = layout.content.appendingPathComponent("snippets/prelude.swift")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do throws(Diagnostic) {
            let source = try SourceText.read(url, displayPath: layout.displayPath(url), within: FolderBoundary(root: layout.root.path))
            if let place = LineDirective.find(in: source.text) {
                throw Diagnostic.error(source.path, SourceLocation(line: place.line, column: place.column), LineDirective.message)
            }
            return SnippetPrelude(path: source.path, text: source.text)
        } catch {
            throw DiagnosticsError([error])
        }
    }
}

/// A count shared by concurrent tasks.
final class ProcessCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    @discardableResult
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    var value: Int { lock.withLock { count } }
}
