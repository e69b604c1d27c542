import Foundation
import Support

/// `--suggest`'s first question about failing blocks, asked of `swiftc -frontend -parse` (no
/// type checking, a tenth of a type check's time) for many blocks in one process: which blocks
/// have a syntax error wherever they go. Each block is parsed twice, at the top level and as
/// the body of a type (where a member fragment goes); a block with errors in both has an
/// error of its own text, which no program around it mends and no platform explains.
struct SnippetSyntaxCheck: Sendable {
    var toolchain: SwiftToolchain
    var workFolder: @Sendable () -> URL
    var counter: ProcessCounter
    var timeout: TimeInterval

    /// Blocks per process: the argument list and the output stay small.
    static let batchSize = 200
    /// Parse errors of a file that is not `main.swift` for what `main.swift` may hold.
    static let topLevelOnlyErrors: Set<String> = ["illegal_top_level_expr", "illegal_top_level_stmt"]

    /// The blocks with a syntax error in both places, by ``key(_:)``, with the errors of the
    /// top-level parse (each message `text [id]`, as the compiler gave it).
    func blocksWithSyntaxErrors(_ blocks: [SnippetBlock], swiftVersion: String) -> [String: [SuggestionClassifier.Message]] {
        var found: [String: [SuggestionClassifier.Message]] = [:]
        for start in stride(from: 0, to: blocks.count, by: Self.batchSize) {
            let batch = Array(blocks[start..<min(start + Self.batchSize, blocks.count)])
            let work = workFolder()
            defer { try? FileManager.default.removeItem(at: work) }
            var files: [String] = []
            for (index, block) in batch.enumerated() {
                try? Data(block.code.utf8).write(to: work.appendingPathComponent("top\(index).swift"))
                try? Data("enum SnippetFragment {\n\(block.code)\n}\n".utf8).write(to: work.appendingPathComponent("member\(index).swift"))
                files += ["top\(index).swift", "member\(index).swift"]
            }
            counter.increment()
            // The frontend itself: the driver would start one job per file and stop at the first that fails.
            let parsed = ProcessRunner.run(toolchain.swiftc, ["-frontend", "-parse", "-swift-version", swiftVersion,
                                                              "-diagnostic-style", "llvm", "-debug-diagnostic-names"] + files,
                                           in: work, timeout: timeout)
            // A parse that did not finish says nothing: every block is tried as before.
            guard case .exited = parsed.ending else { continue }
            var errors: [String: [CompilerDiagnostic]] = [:]
            for diagnostic in CompilerDiagnostic.parse(parsed.stderr) where diagnostic.severity == "error"
                && !(diagnostic.id.map(Self.topLevelOnlyErrors.contains) ?? false) {
                errors[URL(fileURLWithPath: diagnostic.file).lastPathComponent, default: []].append(diagnostic)
            }
            for (index, block) in batch.enumerated() {
                guard let top = errors["top\(index).swift"], errors["member\(index).swift"] != nil else { continue }
                found[Self.key(block)] = top.map { SuggestionClassifier.Message(id: $0.id, text: $0.message) }
            }
        }
        return found
    }

    static func key(_ block: SnippetBlock) -> String {
        "\(block.file):\(block.fenceLine)"
    }
}
