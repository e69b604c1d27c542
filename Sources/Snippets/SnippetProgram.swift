import Foundation
import SiteKit

/// One compiler input: blocks of a post assembled in document order, with `member-of`
/// fragments spliced into their types, and `#sourceLocation` lines so that every
/// diagnostic names the Markdown file, line and column.
struct SnippetProgram: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
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

    var file: String
    /// `main`, the `program=` name, `isolated:LINE`, `module:Name` or `fails:LINE`.
    var name: String
    var kind: Kind
    var parts: [Part]
    /// Modules of the same post built before this program, which it may import.
    var modules: [String]
    /// `5` or `6`.
    var swiftVersion: String
    /// For `.expectedFailure`: the `fails=` block, the only one the program decides.
    var failingBlock: SnippetBlock?

    /// The blocks whose outcome this program decides.
    var blocks: [SnippetBlock] {
        if case .expectedFailure = kind, let failingBlock {
            return [failingBlock]
        }
        // Blocks copied by from= are decided by the program they came from.
        return parts.flatMap { part in
            (part.inherited ? [] : [part.block]) + part.splices.filter { !$0.inherited }.map(\.fragment)
        }
    }

    /// A new program `name` starting as a copy of this one: its blocks replace the copied
    /// declarations they redeclare.
    func derived(named name: String) -> SnippetProgram {
        var copy = self
        copy.name = name
        copy.kind = .check
        for index in copy.parts.indices {
            copy.parts[index].inherited = true
            for splice in copy.parts[index].splices.indices { copy.parts[index].splices[splice].inherited = true }
        }
        return copy
    }

    /// Adds a top-level block, or splices a `member-of` fragment into its type. Returns why
    /// it cannot (no earlier block declares the type).
    mutating func add(_ block: SnippetBlock) -> String? {
        let names = SwiftSourceScanner(block.code).declaredNames()
        if let type = block.attributes.memberOf {
            // A later version of a member replaces the copied one.
            for index in parts.indices where Self.declaration(of: type, in: [parts[index]]) != nil {
                parts[index].splices.removeAll { splice in
                    splice.inherited && !names.isDisjoint(with: SwiftSourceScanner(splice.fragment.code).declaredNames())
                }
            }
            guard let place = Self.declaration(of: type, in: parts) else {
                return "member-of=\(type): no earlier block of program '\(name)' declares \(type)"
            }
            parts[place.part].splices.append(Splice(braceOffset: place.brace, fragment: block))
            return nil
        }
        // A later version of a type (or function, or extension) replaces the copied one, with
        // the fragments spliced into it; the other declarations of its block stay.
        for index in parts.indices.reversed() where parts[index].inherited {
            let declarations = SwiftSourceScanner(parts[index].effectiveCode).topLevelDeclarations()
            let replaced = declarations.filter { names.contains($0.name) }.map(\.range)
            guard !replaced.isEmpty else { continue }
            parts[index].replaced += replaced
            parts[index].splices.removeAll { splice in replaced.contains { $0.contains(splice.braceOffset) } }
            if declarations.allSatisfy({ replaced.contains($0.range) }) { parts.remove(at: index) }
        }
        parts.append(Part(block: block))
        return nil
    }

    /// The part and brace offset where a fragment for `type` goes: the latest part declaring it.
    static func declaration(of type: String, in parts: [Part]) -> (part: Int, brace: Int)? {
        for index in parts.indices.reversed() {
            if let brace = SwiftSourceScanner(parts[index].effectiveCode).closingBrace(ofType: type) {
                return (index, brace)
            }
        }
        return nil
    }

    /// Whether any of its code, copied or spliced in, is `platform=apple`.
    var needsAppleSDK: Bool {
        parts.contains { part in part.block.attributes.needsAppleSDK || part.splices.contains { $0.fragment.attributes.needsAppleSDK } }
    }

    /// The `run` blocks after which a built program prints ``RunOutput/marker``: every
    /// top-level one it decides but the last, whose output is the rest.
    var markedRunBlocks: [SnippetBlock] {
        Array(parts.filter { !$0.inherited && $0.block.attributes.run }.map(\.block).dropLast())
    }

    /// The Swift source: the prelude, then each block under a `#sourceLocation` of its file line.
    /// `markingRunBlocks`: for the program that is built and run, a ``RunOutput/marker`` is
    /// printed after each of ``markedRunBlocks``, so each block's output is known.
    func source(prelude: SnippetPrelude?, markingRunBlocks: Bool = false) -> String {
        sourceWithMap(prelude: prelude, markingRunBlocks: markingRunBlocks).text
    }

    /// A run of a block's code in the generated source: its UTF-8 range there, and where it
    /// starts in the block's code. Maps the compiler's byte offsets back to the blocks.
    struct Segment: Sendable {
        var generated: Range<Int>
        var block: SnippetBlock
        var blockOffset: Int
    }

    /// ``source(prelude:markingRunBlocks:)`` with where each block's code went.
    func sourceWithMap(prelude: SnippetPrelude?, markingRunBlocks: Bool = false) -> (text: String, segments: [Segment]) {
        var text = ""
        var segments: [Segment] = []
        func append(_ code: some Collection<UInt8>, of block: SnippetBlock, at offset: Int) {
            let start = text.utf8.count
            text += String(decoding: code, as: UTF8.self)
            segments.append(Segment(generated: start..<text.utf8.count, block: block, blockOffset: offset))
        }
        if let prelude {
            text += "#sourceLocation(file: \(Self.literal(prelude.path)), line: 1)\n\(prelude.text)\n#sourceLocation()\n"
        }
        let marked = markingRunBlocks ? Set(markedRunBlocks) : []
        for part in parts {
            defer { if marked.contains(part.block) { text += RunOutput.printMarker } }
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
                append(bytes[start..<cut], of: part.block, at: start)
                if !text.hasSuffix("\n") { text += "\n" }
                text += location(splice.fragment.firstLine, file: splice.fragment.file)
                append(Array(splice.fragment.code.utf8), of: splice.fragment, at: 0)
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
            append(bytes[start...], of: part.block, at: start)
            if !text.hasSuffix("\n") { text += "\n" }
        }
        // No closing #sourceLocation(): an error at the end of the input (a missing `}`) is then
        // reported at the last block's closing fence, not in a generated file.
        return (text, segments)
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
struct SnippetPrelude: Sendable, Hashable {
    var path: String
    var text: String
}

/// A `run` program's output, cut into what each of its `run` blocks printed.
enum RunOutput {
    /// Printed after each of ``SnippetProgram/markedRunBlocks``: a control character and a
    /// word no post prints.
    static let marker = "\u{1F}sitegen-run-block-end\u{1F}"
    /// The statement, on a line of its own after the block's code.
    static let printMarker = "print(\"\\u{1F}sitegen-run-block-end\\u{1F}\", terminator: \"\")\n"

    /// The output without the markers: what the program printed.
    static func printed(_ output: String) -> String {
        output.replacingOccurrences(of: marker, with: "")
    }

    /// Each marked block's output, in order, then the rest; nil when the markers are not all
    /// there (the program stopped early).
    static func segments(_ output: String, marked: Int) -> [String]? {
        let segments = output.components(separatedBy: marker)
        return segments.count == marked + 1 ? segments : nil
    }
}
