import Foundation
import SiteKit
import Support

/// What `--suggest` proposes for one failing block: fence words that make it compile (each
/// proven by compiling it so), or the class of code it is when no way compiles.
package struct SnippetSuggestion: Sendable {
    package enum Kind: String, Sendable {
        /// `member-of=T`, `program=…`, `isolated`: proven to compile that way.
        case compiles
        /// `platform=apple`: needs an Apple SDK.
        case apple
        /// `skip(placeholder)`, `skip(API outline)`, `skip(obsolete syntax)`.
        case skip
        /// No way found: perhaps a real error, to fix in the code.
        case none
    }

    package var block: SnippetBlock
    package var kind: Kind
    /// The words to add (`member-of=CompanyModel`); empty for `.none`.
    package var words: String
    package var reason: String
    /// The fence's new info string; nil when nothing is to be written.
    var newInfo: String?
    /// It compiles only with `import Foundation`, which the prelude does not have.
    package var needsFoundation = false
}

/// `check-snippets --suggest`: for each post with a failure, walks its blocks in order the
/// way an author annotating the post would. The blocks before the first failure stay as
/// they are; the failing block, unless it has a syntax error wherever it goes
/// (``SnippetSyntaxCheck``), is tried as a later version of its program (when it redeclares
/// a name), as a member of each type declared before it, with the new program of the block
/// before it, on its own, and on its own with `import Foundation`, each with the blocks
/// before it as `--write` leaves them. The first way that passes is the suggestion; then the
/// rest of the post is compiled again with it. At the end the post is compiled with every
/// suggestion written, and one whose block does not pass so is withdrawn.
/// A block no way compiles is classified (``SuggestionClassifier``), never passed.
package struct SnippetSuggester: Sendable {
    var checker: SnippetChecker

    package init(checker: SnippetChecker) {
        self.checker = checker
    }

    package struct Result: Sendable {
        package var suggestions: [SnippetSuggestion]
        package var compilerProcesses: Int
        /// What each post's file was when it was read for the suggestions: `--write` writes
        /// only posts that are still so. A post that changed while it was read is left out.
        package var checked: [String: CheckedPost] = [:]
    }

    /// Suggestions for the posts of `report` with a failure or a block not proven.
    package func suggest(for report: SnippetReport) throws(DiagnosticsError) -> Result {
        let troubled = Set(report.results.filter { $0.isFailure || $0.isNotProven }.map(\.block.file))
        var options = checker.options
        options.files = troubled.sorted()
        let local = SnippetChecker(options: options)
        guard !troubled.isEmpty else { return Result(suggestions: [], compilerProcesses: 0) }
        let plan = try local.plan()
        let layout = SiteLayout(root: options.siteRoot)
        // Each post's bytes before and after the load: the same, they are what was read.
        let path = { (file: String) in options.siteRoot.appendingPathComponent(file).path }
        let before = Dictionary(uniqueKeysWithValues: troubled.compactMap { file in CheckedPost.read(path(file)).map { (file, $0) } })
        // The posts that load, as the check read them (issue 27, finding 6).
        let (loaded, problems) = SiteLoader(layout: layout, includeDrafts: true).loadReadableFiles()
        guard let site = loaded else { throw DiagnosticsError(problems) }
        // Suggestions are about compiling: `run` programs are type-checked, never run.
        let (compiler, counter) = try local.makeCompiler(plan, run: false)
        let preludeHasFoundation = plan.prelude.map { $0.text.contains("import Foundation") || $0.text.contains("import UIKit") } ?? false
        let extractor = SnippetExtractor(markdown: site.config.markdown)
        let posts = site.posts.filter { troubled.contains($0.sourcePath) }.sorted { $0.sourcePath < $1.sourcePath }
        let hasAppleSDK = options.toolchain.hasAppleSDK
        let siteVersion = site.config.snippetSwiftVersion
        let version = { @Sendable (post: Post) in String(post.swiftVersion ?? siteVersion) }
        // Parse-only first: a block with a syntax error of its own tries no program. Blocks not
        // proven too: a missing module can stop the compiler before it reports their errors.
        let failing = Dictionary(grouping: report.results.filter { $0.isFailure || $0.isNotProven }.map(\.block), by: \.file)
        let syntax = SnippetSyntaxCheck(toolchain: options.toolchain, workFolder: compiler.cache.workFolder, counter: counter,
                                        timeout: options.timeout)
        var syntaxErrors: [String: [SuggestionClassifier.Message]] = [:]
        for (swiftVersion, group) in Dictionary(grouping: posts, by: version) {
            let blocks = group.flatMap { failing[$0.sourcePath] ?? [] }
            if !blocks.isEmpty { syntaxErrors.merge(syntax.blocksWithSyntaxErrors(blocks, swiftVersion: swiftVersion)) { $1 } }
        }
        let knownSyntaxErrors = syntaxErrors
        // Without an Apple SDK, an import of its modules fails (unless a stub of that name stands in).
        let unavailable = hasAppleSDK ? [] : AppleOnlyAPI.modules.subtracting(plan.stubs.map(\.name))
        let suggestions = posts.parallelMap { post -> [SnippetSuggestion] in
            var walk = PostWalk(blocks: extractor.blocks(of: post).blocks, compiler: compiler,
                                assembler: SnippetAssembler(hasAppleSDK: hasAppleSDK, swiftVersion: version(post)),
                                tryFoundation: !preludeHasFoundation, syntaxErrors: knownSyntaxErrors,
                                unavailableModules: unavailable)
            return walk.run()
        }.flatMap { $0 }
        let checked = before.filter { CheckedPost.read(path($0.key)) == $0.value }
        return Result(suggestions: suggestions, compilerProcesses: counter.value, checked: checked)
    }
}
