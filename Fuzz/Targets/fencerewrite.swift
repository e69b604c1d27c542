// Fuzz target: `check-snippets --suggest --write`'s fence rewriting (FenceRewriter) on a
// post's bytes as an editor saved them: LF, CRLF, lone CR, mixed, no final newline, BOM,
// fences in lists and quotes, info strings with escapes and entities.
//
// The input is the post. Its code blocks are found as check-snippets finds them (cmark on
// the text SourceText reads, line numbers counted the same way); each block's info string
// is given a word (a block without one gets `swift`), as --write would. A block whose
// fence's bytes are not its info string (escapes, entities) may be refused; then nothing
// is written, and the others are rewritten without it. Beyond crashes it checks:
// - a refused rewrite gives back the input, byte for byte;
// - the line count and every line ending stay; a line not rewritten is identical; a
//   rewritten one differs only by the words inserted in place of its info string;
// - parsed again, the post has the same code blocks at the same places with the same
//   code, the rewritten ones with their new info strings and the others unchanged.
@testable import Markdown
@testable import SiteKit
@testable import Snippets
@testable import Support

/// Lines with their endings, counted as the loader counts them (LF, CRLF, lone CR): a
/// second implementation, so the rewriter is not checked against itself.
private func lines(_ bytes: [UInt8]) -> [(text: ArraySlice<UInt8>, ending: ArraySlice<UInt8>)] {
    var result: [(text: ArraySlice<UInt8>, ending: ArraySlice<UInt8>)] = []
    var start = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A || bytes[index] == 0x0D {
            let end = bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
            result.append((bytes[start..<index], bytes[index..<end]))
            index = end
            start = end
        } else {
            index += 1
        }
    }
    result.append((bytes[start...], bytes[bytes.count...]))
    return result
}

private struct Block: Equatable {
    var line: Int
    var column: Int
    var info: String
    var code: String
}

private func blocks(_ bytes: [UInt8]) -> [Block]? {
    guard let source = try? SourceText.decode(bytes, displayPath: "Content/posts/fuzz.md") else { return nil }
    guard let document = try? PostBodyParser(settings: SiteConfig.MarkdownSettings()).document(for: source.text, file: source.path, firstLine: 1) else {
        return nil
    }
    return BlockWalk.leaves(of: document.blocks).compactMap { block in
        guard case .codeBlock(let info, let literal) = block.kind else { return nil }
        return Block(line: block.position.startLine, column: block.position.startColumn, info: info, code: literal)
    }
}

private func newInfo(_ old: String) -> String { old.isEmpty ? "swift" : old + " isolated" }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFenceRewrite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let before = blocks(bytes), !before.isEmpty else { return 0 }
    // One edit per line, as --write makes them.
    var firstOnLine: [Int: Block] = [:]
    for block in before where firstOnLine[block.line] == nil { firstOnLine[block.line] = block }
    var edits = firstOnLine.values.map { FenceRewriter.Edit(line: $0.line, old: $0.info, new: newInfo($0.info)) }
    var result = FenceRewriter.rewrite(bytes, edits)
    if !result.refused.isEmpty {
        guard result.bytes == bytes else { fatalError("a refused rewrite changed the post") }
        let refused = Set(result.refused)
        if !refused.isSubset(of: Set(edits.map(\.line))) { fatalError("refused a line no edit named: \(refused)") }
        edits.removeAll { refused.contains($0.line) }
        result = FenceRewriter.rewrite(bytes, edits)
        guard result.refused.isEmpty else { fatalError("refused \(result.refused) after the refused lines were left out") }
    }
    let edited = Dictionary(uniqueKeysWithValues: edits.map { ($0.line, $0) })
    let old = lines(bytes)
    let new = lines(result.bytes)
    guard old.count == new.count else { fatalError("the line count changed: \(old.count) → \(new.count)") }
    for (index, (was, now)) in zip(old, new).enumerated() {
        guard was.ending.elementsEqual(now.ending) else { fatalError("line \(index + 1)'s ending changed") }
        guard let edit = edited[index + 1] else {
            guard was.text.elementsEqual(now.text) else { fatalError("line \(index + 1) changed, not a rewritten fence") }
            continue
        }
        // The same bytes around the info string, which becomes the new one.
        let oldInfo = Array(edit.old.utf8), newInfo = Array(edit.new.utf8)
        guard now.text.count == was.text.count - oldInfo.count + newInfo.count else { fatalError("line \(index + 1) grew wrongly") }
        let matched = (0...(was.text.count - oldInfo.count)).contains { start in
            let w = Array(was.text), n = Array(now.text)
            return w[start..<(start + oldInfo.count)].elementsEqual(oldInfo) && n[start..<(start + newInfo.count)].elementsEqual(newInfo)
                && w[..<start].elementsEqual(n[..<start]) && w[(start + oldInfo.count)...].elementsEqual(n[(start + newInfo.count)...])
        }
        guard matched else { fatalError("line \(index + 1) changed outside its info string") }
    }
    guard let after = blocks(result.bytes) else { fatalError("the rewritten post no longer reads") }
    let expected = before.map { block in
        var block = block
        if let edit = edited[block.line], edit.old == block.info, firstOnLine[block.line] == block { block.info = edit.new }
        return block
    }
    guard after == expected else { fatalError("parsed again, the blocks differ:\n\(expected)\n\(after)") }
    return 0
}
