import Foundation
import SiteKit
import Support

/// A block that is not compiled, and why.
struct SkippedSnippet: Sendable, Hashable {
    var block: SnippetBlock
    var reason: String
}

/// Groups a post's blocks into programs, as their attributes say.
struct SnippetAssembler: Sendable {
    /// Whether the compiler has the Apple SDK (`platform=apple` blocks are compiled then).
    var hasAppleSDK: Bool
    var swiftVersion: String

    /// Why a `platform=apple` block is not compiled without an Apple SDK.
    static let appleSkipReason = "platform=apple: needs an Apple SDK, not on this machine (check-snippets --platform apple on a Mac with Xcode)"

    struct Result: Sendable {
        var programs: [SnippetProgram]
        var skipped: [SkippedSnippet]
        var diagnostics: [Diagnostic]
    }

    func assemble(_ blocks: [SnippetBlock]) -> Result {
        var order: [String] = []
        var programs: [String: SnippetProgram] = [:]
        var extra: [SnippetProgram] = []
        var skipped: [SkippedSnippet] = []
        var diagnostics: [Diagnostic] = []
        var modules: [String] = []
        for block in blocks {
            let attributes = block.attributes
            if let reason = attributes.skipReason {
                skipped.append(SkippedSnippet(block: block, reason: reason))
                continue
            }
            if let place = LineDirective.find(in: block.code) {
                diagnostics.append(.error(block.file, SourceLocation(line: block.firstLine + place.line - 1, column: place.column + block.indentation),
                                          LineDirective.message))
                continue
            }
            if attributes.needsAppleSDK && !hasAppleSDK {
                skipped.append(SkippedSnippet(block: block, reason: Self.appleSkipReason))
                continue
            }
            let key: String
            if let module = attributes.module { key = "module:\(module)" }
            else if attributes.isolated { key = "isolated:\(block.fenceLine)" }
            else { key = attributes.program ?? "main" }
            let fence = SourceLocation(line: block.fenceLine, column: block.indentation + 1)
            var program: SnippetProgram
            if let existing = programs[key] {
                if let base = attributes.base {
                    diagnostics.append(.error(block.file, fence, "from=\(base): program '\(key)' already exists; from= goes on its first block"))
                    continue
                }
                program = existing
            } else if let base = attributes.base {
                guard let copied = programs[base], base != key else {
                    diagnostics.append(.error(block.file, fence, "from=\(base): no earlier block starts a program '\(base)' in this post\(DidYouMean.hint(for: base, among: order))"))
                    continue
                }
                program = copied.derived(named: key)
            } else {
                program = SnippetProgram(file: block.file, name: key, kind: attributes.module.map { .module($0) } ?? .check,
                                         parts: [], modules: [], swiftVersion: swiftVersion)
            }
            var updated = program
            if let problem = updated.add(block) {
                diagnostics.append(.error(block.file, fence, problem))
                continue
            }
            if let expected = attributes.expectedFailure {
                // Checked on its own, with what came before it; later blocks never see it.
                var failing = updated
                failing.name = "fails:\(block.fenceLine)"
                failing.kind = .expectedFailure(expected)
                failing.failingBlock = block
                extra.append(failing)
                continue
            }
            if programs[key] == nil {
                order.append(key)
                if let module = attributes.module { modules.append(module) }
            }
            program = updated
            if attributes.run, case .check = program.kind {
                program.kind = .run(expectedOutput: "")
            }
            if attributes.run, case .run(let sofar) = program.kind {
                program.kind = .run(expectedOutput: sofar + (block.expectedOutput ?? VerifiedSnippets.printedOutput(block.code)))
            }
            programs[key] = program
        }
        // A module sees the modules before it; every other program sees them all.
        let all = order.map { programs[$0]! } + extra
        let withModules = all.map { program -> SnippetProgram in
            var program = program
            if case .module(let name) = program.kind {
                program.modules = Array(modules.prefix { $0 != name })
            } else {
                program.modules = modules.filter { module in !program.parts.contains { $0.block.attributes.module == module } }
            }
            return program
        }
        return Result(programs: withModules, skipped: skipped, diagnostics: diagnostics)
    }

}
