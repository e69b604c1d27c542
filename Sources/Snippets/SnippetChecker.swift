import Foundation
import SiteKit
import Support

/// `sitegen check-snippets`: extracts the Swift blocks of the posts, assembles them into
/// programs, compiles each program once (in parallel, cached), and reports every block at
/// its Markdown line.
public struct SnippetChecker: Sendable {
    public struct Options: Sendable {
        public var siteRoot: URL
        /// Posts to check (paths as given on the command line); empty for all.
        public var files: [String]
        /// Compiler processes at once.
        public var jobs: Int
        /// Where results, built modules and the module cache are kept.
        public var cacheFolder: URL
        public var toolchain: SwiftToolchain

        public init(siteRoot: URL, files: [String] = [], jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                    cacheFolder: URL? = nil, toolchain: SwiftToolchain) {
            self.siteRoot = siteRoot.standardizedFileURL
            self.files = files
            self.jobs = max(1, jobs)
            self.cacheFolder = cacheFolder ?? siteRoot.appendingPathComponent(".sitegen-cache/snippets")
            self.toolchain = toolchain
        }
    }

    public var options: Options
    /// Called with (programs done, programs in all) as programs finish, for a progress line.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(options: Options, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    /// The programs of the site, assembled but not compiled, for `--emit`.
    public struct Plan: Sendable {
        public var programs: [SnippetProgram]
        public var skipped: [SkippedSnippet]
        public var invalid: [SnippetResult]
        public var prelude: SnippetPrelude?
        public var stubs: [StubModule]
    }

    public func plan() throws(DiagnosticsError) -> Plan {
        let layout = SiteLayout(root: options.siteRoot)
        let (site, _) = try SiteLoader(layout: layout, includeDrafts: true).load()
        let posts = try selectedPosts(site.posts, layout: layout)
        let extractor = SnippetExtractor(markdown: site.config.markdown)
        var programs: [SnippetProgram] = []
        var skipped: [SkippedSnippet] = []
        var invalid: [SnippetResult] = []
        for post in posts.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            let (blocks, problems) = extractor.blocks(of: post)
            let version = String(post.swiftVersion ?? site.config.snippetSwiftVersion)
            let assembled = SnippetAssembler(hasAppleSDK: options.toolchain.hasAppleSDK, swiftVersion: version).assemble(blocks)
            programs += assembled.programs
            skipped += assembled.skipped
            for problem in problems + assembled.diagnostics {
                let block = blocks.first { $0.fenceLine == problem.location?.line }
                    ?? SnippetBlock(file: problem.file, fenceLine: problem.location?.line ?? 1, info: "swift", code: "", attributes: SnippetAttributes())
                invalid.append(SnippetResult(block: block, program: "", outcome: .failed([problem])))
            }
        }
        let prelude = try readPrelude(layout)
        let stubs = try StubModule.load(from: layout.content.appendingPathComponent("snippets/stubs"), layout: layout)
        return Plan(programs: programs, skipped: skipped, invalid: invalid, prelude: prelude,
                    stubs: options.toolchain.hasAppleSDK ? [] : stubs)
    }

    public func check() throws(DiagnosticsError) -> SnippetReport {
        let start = Date()
        let plan = try self.plan()
        let cache = SnippetCache(folder: options.cacheFolder, toolchain: options.toolchain)
        let counter = ProcessCounter()
        let stubBuild: StubBuild
        do {
            stubBuild = try cache.buildStubs(plan.stubs, counter: counter)
        } catch {
            throw DiagnosticsError(error.diagnostics)
        }
        let compiler = ProgramCompiler(cache: cache, stubs: stubBuild, prelude: plan.prelude,
                                       semaphore: DispatchSemaphore(value: options.jobs), counter: counter)
        // A post's modules are built in order before its other programs; posts run side by side.
        let byPost = Dictionary(grouping: plan.programs, by: \.file)
        let files = byPost.keys.sorted()
        let done = ProcessCounter()
        let total = plan.programs.count
        let progress = self.progress
        let results: [[SnippetResult]] = files.parallelMap { file in
            let programs = byPost[file]!
            var moduleDirectories: [String: ProgramCompiler.BuiltModule] = [:]
            var results: [SnippetResult] = []
            for program in programs {
                guard case .module(let name) = program.kind else { continue }
                let (built, outcome) = compiler.compile(program, modules: moduleDirectories)
                if let built { moduleDirectories[name] = built }
                results += outcome
                progress?(done.increment(), total)
            }
            let others = programs.filter { if case .module = $0.kind { return false } else { return true } }
            let modules = moduleDirectories
            results += others.parallelMap { program in
                let outcome = compiler.compile(program, modules: modules).results
                progress?(done.increment(), total)
                return outcome
            }.flatMap { $0 }
            return results
        }
        var all = results.flatMap { $0 } + plan.invalid
        all += plan.skipped.map { SnippetResult(block: $0.block, program: "", outcome: .skipped(reason: $0.reason)) }
        all.sort { ($0.block.file, $0.block.fenceLine, $0.program) < ($1.block.file, $1.block.fenceLine, $1.program) }
        return SnippetReport(results: all, compilerProcesses: counter.value, programs: plan.programs.count,
                             cachedPrograms: compiler.cachedPrograms.value, seconds: Date().timeIntervalSince(start))
    }

    private func selectedPosts(_ posts: [Post], layout: SiteLayout) throws(DiagnosticsError) -> [Post] {
        guard !options.files.isEmpty else { return posts }
        var selected: [Post] = []
        var unknown: [Diagnostic] = []
        for file in options.files {
            let path = layout.displayPath(URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
            let matches = posts.filter { $0.sourcePath == path || $0.sourcePath == file || $0.sourcePath.hasSuffix("/" + file) }
            if matches.isEmpty { unknown.append(.error(file, nil, "not a post of this site (posts are in Content/posts/)")) }
            selected += matches
        }
        guard unknown.isEmpty else { throw DiagnosticsError(unknown) }
        return selected
    }

    private func readPrelude(_ layout: SiteLayout) throws(DiagnosticsError) -> SnippetPrelude? {
        let url = layout.content.appendingPathComponent("snippets/prelude.swift")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let source = try SourceText.read(url, displayPath: layout.displayPath(url), within: FolderBoundary(root: layout.root.path))
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
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
