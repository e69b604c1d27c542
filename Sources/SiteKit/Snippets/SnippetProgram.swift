import Foundation

/// One compiler input: blocks of a post assembled in document order, with `member-of`
/// fragments spliced into their types, and `#sourceLocation` lines so that every
/// diagnostic names the Markdown file, line and column.
public struct SnippetProgram: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Type-checked.
        case check
        /// Built as a module other programs of the post import.
        case module(String)
        /// Must fail with exactly the expected diagnostic of its last block.
        case expectedFailure(SnippetAttributes.ExpectedFailure)
        /// Built and run; its output compared.
        case run(expectedOutput: String)
    }

    /// A top-level block and the fragments spliced into it.
    struct Part: Sendable, Hashable {
        var block: SnippetBlock
        /// Copied from the `from=` program: a block of this program declaring a same name replaces it.
        var inherited = false
        /// Byte ranges of declarations replaced by a later version: blanked, line ends kept,
        /// so every other line keeps its number.
        var replaced: [Range<Int>] = []

        /// The code with replaced declarations blanked; byte offsets are those of `block.code`.
        var effectiveBytes: [UInt8] {
            var bytes = Array(block.code.utf8)
            for range in replaced {
                for i in range where bytes[i] != UInt8(ascii: "\n") { bytes[i] = UInt8(ascii: " ") }
            }
            return bytes
        }

        var effectiveCode: String { String(decoding: effectiveBytes, as: UTF8.self) }
        /// (UTF-8 offset of a type's closing brace in `block.code`, fragment), in order.
        var splices: [Splice] = []
    }

    struct Splice: Sendable, Hashable {
        var braceOffset: Int
        var fragment: SnippetBlock
        var inherited = false
    }

    public var file: String
    /// `main`, the `program=` name, `isolated:LINE`, `module:Name` or `fails:LINE`.
    public var name: String
    public var kind: Kind
    var parts: [Part]
    /// Modules of the same post built before this program, which it may import.
    public var modules: [String]
    /// `5` or `6`.
    public var swiftVersion: String
    /// For `.expectedFailure`: the `fails=` block, the only one the program decides.
    var failingBlock: SnippetBlock?

    /// The blocks whose outcome this program decides.
    public var blocks: [SnippetBlock] {
        if case .expectedFailure = kind, let failingBlock {
            return [failingBlock]
        }
        // Blocks copied by from= are decided by the program they came from.
        return parts.flatMap { part in
            (part.inherited ? [] : [part.block]) + part.splices.filter { !$0.inherited }.map(\.fragment)
        }
    }

    /// The Swift source: the prelude, then each block under a `#sourceLocation` of its file line.
    public func source(prelude: SnippetPrelude?) -> String {
        var text = ""
        if let prelude {
            text += "#sourceLocation(file: \(Self.literal(prelude.path)), line: 1)\n\(prelude.text)\n#sourceLocation()\n"
        }
        for part in parts {
            text += location(part.block.firstLine, file: part.block.file)
            let bytes = part.effectiveBytes
            var start = 0
            // In file order; fragments into one type keep the order they were written in.
            let splices = part.splices.enumerated().sorted { ($0.element.braceOffset, $0.offset) < ($1.element.braceOffset, $1.offset) }.map(\.element)
            for splice in splices {
                // Cut at the start of the brace's line when only blanks precede the brace,
                // so the closing line keeps its place; else right before the brace.
                var cut = splice.braceOffset
                while cut > start && (bytes[cut - 1] == UInt8(ascii: " ") || bytes[cut - 1] == UInt8(ascii: "\t")) { cut -= 1 }
                let atLineStart = cut == 0 || bytes[cut - 1] == UInt8(ascii: "\n")
                if !atLineStart { cut = splice.braceOffset }
                text += String(decoding: bytes[start..<cut], as: UTF8.self)
                if !text.hasSuffix("\n") { text += "\n" }
                text += location(splice.fragment.firstLine, file: splice.fragment.file)
                text += splice.fragment.code
                if !text.hasSuffix("\n") { text += "\n" }
                let braceLine = part.block.firstLine + bytes[..<cut].filter { $0 == UInt8(ascii: "\n") }.count
                text += location(braceLine, file: part.block.file)
                if !atLineStart {
                    // The brace moved to a line of its own: pad it back to its column.
                    let lineStart = bytes[..<cut].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                    text += String(repeating: " ", count: cut - lineStart)
                }
                start = cut
            }
            text += String(decoding: bytes[start...], as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
        }
        // No closing #sourceLocation(): an error at the end of the input (a missing `}`) is then
        // reported at the last block's closing fence, not in a generated file.
        return text
    }

    private func location(_ line: Int, file: String) -> String {
        "#sourceLocation(file: \(Self.literal(file)), line: \(line))\n"
    }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Site-wide hidden setup prepended to every program (`Content/snippets/prelude.swift`),
/// e.g. `import UIKit`.
public struct SnippetPrelude: Sendable, Hashable {
    public var path: String
    public var text: String
}

/// A block that is not compiled, and why.
public struct SkippedSnippet: Sendable, Hashable {
    public var block: SnippetBlock
    public var reason: String
}

/// Groups a post's blocks into programs, as their attributes say.
public struct SnippetAssembler: Sendable {
    /// Whether the compiler has the Apple SDK (`platform=apple` blocks are compiled then).
    public var hasAppleSDK: Bool
    public var swiftVersion: String

    public init(hasAppleSDK: Bool, swiftVersion: String) {
        self.hasAppleSDK = hasAppleSDK
        self.swiftVersion = swiftVersion
    }

    public struct Result: Sendable {
        public var programs: [SnippetProgram]
        public var skipped: [SkippedSnippet]
        public var diagnostics: [Diagnostic]
    }

    public func assemble(_ blocks: [SnippetBlock]) -> Result {
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
            if attributes.needsAppleSDK && !hasAppleSDK {
                skipped.append(SkippedSnippet(block: block, reason: "platform=apple: needs an Apple SDK, not available on this machine"))
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
                program = copied
                program.name = key
                program.kind = .check
                for index in program.parts.indices {
                    program.parts[index].inherited = true
                    for splice in program.parts[index].splices.indices { program.parts[index].splices[splice].inherited = true }
                }
            } else {
                program = SnippetProgram(file: block.file, name: key, kind: attributes.module.map { .module($0) } ?? .check,
                                         parts: [], modules: [], swiftVersion: swiftVersion)
            }
            var updated = program
            let names = SwiftSourceScanner(block.code).declaredNames()
            if let type = attributes.memberOf {
                // A later version of a member replaces the copied one.
                for index in updated.parts.indices where Self.declaration(of: type, in: [updated.parts[index]]) != nil {
                    updated.parts[index].splices.removeAll { splice in
                        splice.inherited && !names.isDisjoint(with: SwiftSourceScanner(splice.fragment.code).declaredNames())
                    }
                }
                guard let place = Self.declaration(of: type, in: updated.parts) else {
                    diagnostics.append(.error(block.file, fence, "member-of=\(type): no earlier block of program '\(key)' declares \(type)"))
                    continue
                }
                updated.parts[place.part].splices.append(SnippetProgram.Splice(braceOffset: place.brace, fragment: block))
            } else {
                // A later version of a type (or function, or extension) replaces the copied one,
                // with the fragments spliced into it.
                for index in updated.parts.indices.reversed() where updated.parts[index].inherited {
                    let declarations = SwiftSourceScanner(updated.parts[index].effectiveCode).topLevelDeclarations()
                    let replaced = declarations.filter { names.contains($0.name) }.map(\.range)
                    guard !replaced.isEmpty else { continue }
                    updated.parts[index].replaced += replaced
                    updated.parts[index].splices.removeAll { splice in replaced.contains { $0.contains(splice.braceOffset) } }
                    if declarations.allSatisfy({ declaration in replaced.contains(declaration.range) }) {
                        updated.parts.remove(at: index)
                    }
                }
                updated.parts.append(SnippetProgram.Part(block: block))
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
                program.kind = .run(expectedOutput: sofar + (block.expectedOutput ?? Self.printedOutput(block.code)))
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

    /// The part and brace offset where a fragment for `type` goes: the latest part declaring it.
    static func declaration(of type: String, in parts: [SnippetProgram.Part]) -> (part: Int, brace: Int)? {
        for index in parts.indices.reversed() {
            if let brace = SwiftSourceScanner(parts[index].effectiveCode).closingBrace(ofType: type) {
                return (index, brace)
            }
        }
        return nil
    }

    /// The output `// Prints "..."` comments promise, one line each.
    static func printedOutput(_ code: String) -> String {
        var output = ""
        for line in code.split(separator: "\n") {
            guard let marker = line.range(of: "// Prints \"") else { continue }
            var text = line[marker.upperBound...]
            if text.hasSuffix("\"") { text = text.dropLast() }
            output += text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n") + "\n"
        }
        return output
    }
}
