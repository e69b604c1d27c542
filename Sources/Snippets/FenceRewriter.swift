import Foundation
import SiteKit
import Support
#if canImport(Glibc)
import Glibc
#endif

/// What a post's file was when `--suggest` read it: the SHA-256 of its bytes. `--write`
/// writes a post only while its bytes are still these.
package struct CheckedPost: Sendable, Hashable {
    package var sha256: String
    package var size: Int

    package init(bytes: [UInt8]) {
        var hash = SHA256()
        hash.update(bytes)
        (sha256, size) = (hash.hexDigest(), bytes.count)
    }

    /// The file as it is now; nil when it cannot be read.
    static func read(_ path: String) -> CheckedPost? {
        (try? RegularFile.readWithStatus(path)).map { CheckedPost(bytes: $0.bytes) }
    }
}

/// `--suggest --write`: puts the suggested words on the posts' fence lines, and changes
/// nothing else of a post: every other byte stays as it was.
///
/// It works on the file's bytes. A line ends at LF, CRLF or a lone CR, as `SourceText`
/// counts lines (so line numbers are the ones the check reported, whatever the endings);
/// each line keeps its own ending, and a file without a final newline stays so. Only the
/// info string's bytes of each checked fence are replaced, after checking they are exactly
/// the info string that was checked. A post whose bytes changed since `--suggest` read it
/// is refused; a post is written whole or not at all, through a temporary file in its
/// folder that takes the post's mode and is renamed over it.
package enum FenceRewriter {
    /// One fence to rewrite: its line (1-based, as reported), the info string checked there
    /// and the one to write.
    package struct Edit: Sendable, Hashable {
        package var line: Int
        package var old: String
        package var new: String

        package init(line: Int, old: String, new: String) {
            (self.line, self.old, self.new) = (line, old, new)
        }
    }

    static let staleMessage = "the fence line is not what was checked (edited since?); run --suggest again"

    /// The fence lines written and the posts changed. `checked` holds what each post was
    /// when it was read for the suggestions.
    package static func write(_ suggestions: [SnippetSuggestion], checked: [String: CheckedPost],
                              siteRoot: URL) throws(DiagnosticsError) -> (lines: Int, posts: Int) {
        let byFile = Dictionary(grouping: suggestions.filter { $0.newInfo != nil }, by: \.block.file)
        var written = 0
        var posts = 0
        var problems: [Diagnostic] = []
        for (file, suggestions) in byFile.sorted(by: { $0.key < $1.key }) {
            let edits = suggestions.compactMap { suggestion in
                suggestion.newInfo.map { Edit(line: suggestion.block.fenceLine, old: suggestion.block.info, new: $0) }
            }
            do throws(Diagnostic) {
                written += try write(edits, to: siteRoot.appendingPathComponent(file), file: file, checked: checked[file])
                posts += 1
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return (written, posts)
    }

    /// Rewrites one post; the number of fence lines written.
    static func write(_ edits: [Edit], to url: URL, file: String, checked: CheckedPost?) throws(Diagnostic) -> Int {
        let path = url.path
        guard FileStatus.ofLink(path)?.kind == .file else {
            let what = FileStatus.ofLink(path)?.kind == .symbolicLink ? "the post is a symbolic link: write the words on its fences by hand"
                : "the post is no longer a regular file"
            throw .error(file, nil, "\(what); not written")
        }
        let read: (bytes: [UInt8], status: FileStatus, mode: mode_t)
        do {
            read = try RegularFile.readWithStatus(path)
        } catch {
            throw .error(file, nil, "cannot read the post to write the suggestions: \(error.message)")
        }
        guard let checked, CheckedPost(bytes: read.bytes) == checked else {
            throw .error(file, nil, "the post changed since it was checked; not written: run --suggest again")
        }
        let result = rewrite(read.bytes, edits)
        if let refused = result.refused.first {
            throw .error(file, SourceLocation(line: refused, column: 1), staleMessage)
        }
        try replace(path, with: result.bytes, mode: read.mode, expecting: read.status, file: file)
        return edits.count
    }

    /// `bytes` with each edit's fence rewritten, and the lines of the edits that could not be
    /// made (the line is not a fence with that info string, or two edits of one line differ).
    /// Every byte outside the edited info strings is kept.
    package static func rewrite(_ bytes: [UInt8], _ edits: [Edit]) -> (bytes: [UInt8], refused: [Int]) {
        let lines = lineRanges(bytes)
        var replacements: [(range: Range<Int>, new: [UInt8])] = []
        var refused: [Int] = []
        var seen: [Int: String] = [:]
        for edit in edits.sorted(by: { $0.line < $1.line }) {
            if let earlier = seen[edit.line] {
                if earlier != edit.new { refused.append(edit.line) }
                continue
            }
            seen[edit.line] = edit.new
            // Only a fenced block has an info string: an empty one may be an indented block's
            // line that looks like a fence (`    ```` is code), never a checked fence.
            guard !edit.old.isEmpty, lines.indices.contains(edit.line - 1),
                  let fence = fence(in: bytes, line: lines[edit.line - 1]),
                  bytes[fence.info].elementsEqual(edit.old.utf8),
                  isWritable(edit.new, fenceCharacter: fence.character) else {
                refused.append(edit.line)
                continue
            }
            replacements.append((fence.info, Array(edit.new.utf8)))
        }
        guard refused.isEmpty else { return (bytes, refused) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + replacements.reduce(0) { $0 + $1.new.count })
        var position = 0
        for replacement in replacements {
            output += bytes[position..<replacement.range.lowerBound]
            output += replacement.new
            position = replacement.range.upperBound
        }
        output += bytes[position...]
        return (output, [])
    }

    /// Each line's bytes without its ending; a line ends at LF, CRLF or a lone CR. A final
    /// line ending is followed by an empty last line, as `SourceText` counts them.
    package static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                ranges.append(start..<index)
                index += 1
                start = index
            case 0x0D:
                ranges.append(start..<index)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    /// The info string's bytes on a fence line (the fence's indentation, quote and list
    /// markers before it; spaces after it and at the end left out) and the fence character.
    static func fence(in bytes: [UInt8], line: Range<Int>) -> (info: Range<Int>, character: UInt8)? {
        var start = line.lowerBound
        // Container markers: spaces, tabs, `>`, and list markers (`-`, `*`, `+`, `1.`, `1)`).
        let containers: Set<UInt8> = [0x20, 0x09, 0x3E, 0x2D, 0x2A, 0x2B, 0x2E, 0x29, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39]
        while start < line.upperBound, containers.contains(bytes[start]) { start += 1 }
        guard start < line.upperBound, bytes[start] == 0x60 || bytes[start] == 0x7E else { return nil }
        let character = bytes[start]
        var end = start
        while end < line.upperBound && bytes[end] == character { end += 1 }
        guard end - start >= 3 else { return nil }
        var infoStart = end
        while infoStart < line.upperBound && (bytes[infoStart] == 0x20 || bytes[infoStart] == 0x09) { infoStart += 1 }
        var infoEnd = line.upperBound
        while infoEnd > infoStart && (bytes[infoEnd - 1] == 0x20 || bytes[infoEnd - 1] == 0x09) { infoEnd -= 1 }
        return (infoStart..<infoEnd, character)
    }

    /// A new info string stays on its line and keeps the fence a fence: no line ending, and
    /// no backtick after backticks (CommonMark: the block would no longer be code).
    static func isWritable(_ info: String, fenceCharacter: UInt8) -> Bool {
        !info.utf8.contains(0x0A) && !info.utf8.contains(0x0D) && !(fenceCharacter == 0x60 && info.utf8.contains(0x60))
            && info.utf8.first.map { $0 != 0x20 && $0 != 0x09 } ?? false
    }

    /// Writes `bytes` to a temporary file beside `path` with `mode`, then renames it over
    /// `path`, unless `path` is no longer the file read (`expecting`).
    private static func replace(_ path: String, with bytes: [UInt8], mode: mode_t, expecting: FileStatus, file: String) throws(Diagnostic) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".sitegen-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .error(file, nil, "cannot write the post: \(String(cString: strerror(errno)))") }
        func fail(_ reason: String) -> Diagnostic {
            unlink(temporary)
            return .error(file, nil, "cannot write the post: \(reason)")
        }
        // The umask narrowed the mode `open` gave; the post's own is set as it was.
        let ok = fchmod(descriptor, mode & 0o7777) == 0 && bytes.withUnsafeBytes { RegularFile.writeAll(descriptor, $0) } && fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard ok else { throw fail(reason) }
        guard let now = FileStatus.ofLink(path), now.kind == .file, now.inode == expecting.inode, now.device == expecting.device,
              now.size == expecting.size, now.modifiedNanoseconds == expecting.modifiedNanoseconds else {
            unlink(temporary)
            throw .error(file, nil, "the post changed while the suggestions were written; not written: run --suggest again")
        }
        guard rename(temporary, path) == 0 else { throw fail(String(cString: strerror(errno))) }
    }

    /// `swift program=a` + `isolated` → `swift isolated`: the words that say which program a
    /// block is in are replaced; the others are kept.
    static func info(_ info: String, adding words: [String]) -> String {
        var scanner = InfoScanner(info)
        scanner.skipWord()
        let replaced: Set<String> = ["program", "from", "isolated", "member-of", "skip", "platform"]
        var kept: [String] = []
        while let word = try? scanner.nextWord() {
            if !replaced.contains(word.name) { kept.append(text(of: word)) }
        }
        return ([String(FenceInfo.firstWord(of: info))] + kept + words).joined(separator: " ")
    }

    /// A word as written: `name`, `name=value`, `name="quoted \"value\""`, `name(argument)`.
    static func text(of word: InfoScanner.Word) -> String {
        if let argument = word.argument { return "\(word.name)(\(argument))" }
        guard let value = word.value else { return word.name }
        guard word.quoted else { return "\(word.name)=\(value)" }
        return "\(word.name)=\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

}
