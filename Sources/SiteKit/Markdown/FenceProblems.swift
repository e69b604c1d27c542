import Markdown
import Support

/// The fences of a body whose words do not parse, each an error at the word's
/// `file:line:col`: the build and check-snippets report the same ones.
package enum FenceProblems {
    /// Each code block with its fence read, or the problem with its words.
    package static func fences(in blocks: [MarkdownBlock], body: String, file: String, firstLine: Int)
        -> [(block: MarkdownBlock, fence: Result<FenceInfo, Diagnostic>)] {
        var lines: [Substring]?
        return BlockWalk.leaves(of: blocks).compactMap { block -> (block: MarkdownBlock, fence: Result<FenceInfo, Diagnostic>)? in
            guard case .codeBlock(let info, _) = block.kind else { return nil }
            guard FenceInfo.hasWords(info) else { return (block, .success(FenceInfo(language: info))) }
            do throws(FenceInfo.Problem) {
                return (block, .success(try FenceInfo.parse(info)))
            } catch {
                if lines == nil { lines = body.split(separator: "\n", omittingEmptySubsequences: false) }
                let column = infoColumn(block: block, info: info, lines: lines ?? [], firstLine: firstLine) + error.offset + 1
                return (block, .failure(.error(file, SourceLocation(line: block.position.startLine, column: column), error.message)))
            }
        }
    }

    /// The problems only, for the build, which stops at them.
    static func problems(in document: MarkdownDocument, body: String, file: String, firstLine: Int) -> [Diagnostic] {
        // Most bodies have no fence with words (```` ```swift ```` alone): no walk for them.
        guard mayHaveFenceWords(body) else { return [] }
        return fences(in: document.blocks, body: body, file: file, firstLine: firstLine).compactMap {
            if case .failure(let problem) = $0.fence { return problem }
            return nil
        }
    }

    /// Whether a line of `body` may open a fence with words after its language: a run of
    /// three backticks or tildes followed, on its line, by a space, `{` or `:` before a
    /// word (or `diff-`). False is certain; true may be a closing fence or code, which the
    /// walk then reads. memchr-fast over a body without such lines.
    static func mayHaveFenceWords(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            for marker in ["```", "~~~"] {
                var marker = marker
                let found = marker.withUTF8 { marker in
                    var start = 0
                    while let at = UTF8Bytes.firstOffset(of: marker, in: bytes, from: start) {
                        var index = at
                        while index < bytes.count && bytes[index] == marker[0] { index += 1 }
                        var sawWord = false
                        var lineEnd = index
                        while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") {
                            let byte = bytes[lineEnd]
                            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ":") { return true }
                            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                                if sawWord { return true }
                            } else if byte != UInt8(ascii: "\r") {
                                sawWord = true
                            }
                            if byte == UInt8(ascii: "-"), sawWord { return true }  // diff-swift
                            lineEnd += 1
                        }
                        start = lineEnd
                    }
                    return false
                }
                if found { return true }
            }
            return false
        }
    }

    /// The 0-based column (in scalars) where the info string starts on the fence's line:
    /// after the indentation and quote markers, the fence and the spaces after it.
    package static func infoColumn(block: MarkdownBlock, info: String, lines: [Substring], firstLine: Int) -> Int {
        let index = block.position.startLine - firstLine
        guard lines.indices.contains(index) else { return 0 }
        let scalars = Array(lines[index].unicodeScalars)
        var at = 0
        while at < scalars.count && scalars[at] != "`" && scalars[at] != "~" { at += 1 }
        guard at < scalars.count else { return 0 }
        let fence = scalars[at]
        while at < scalars.count && scalars[at] == fence { at += 1 }
        while at < scalars.count && (scalars[at] == " " || scalars[at] == "\t") { at += 1 }
        return at
    }
}
