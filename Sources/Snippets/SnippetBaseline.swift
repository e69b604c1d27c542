import Foundation
import SiteKit
import Support

/// One known failure: a block named by its post, its program (without line numbers) and a
/// hash of its own fence words and code, so editing another block of the post leaves it
/// named the same. A second block with the same code in the same program gets `/2`.
package struct BaselineEntry: Sendable, Hashable, Comparable {
    package var file: String
    var program: String
    var hash: String
    /// The block's first code line, written beside the entry for a reader; not compared.
    var firstLine = ""
    /// For a stale entry: the fence line of its block, which passes now; nil when no block
    /// of the post is it any more (edited or removed). Not compared.
    var line: Int?

    /// `Content/posts/x.md:12`, or the post alone when the block is gone.
    package var place: String { line.map { "\(file):\($0)" } ?? file }

    package static func == (a: BaselineEntry, b: BaselineEntry) -> Bool { a.key == b.key }
    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
    package static func < (a: BaselineEntry, b: BaselineEntry) -> Bool { (a.file, a.program, a.hash) < (b.file, b.program, b.hash) }

    var key: String { "\(file)\t\(program)\t\(hash)" }
}

/// `--baseline FILE`: the failures a blog already has, so CI can fail on new ones only, and
/// on a listed one that is gone (it passes now, or its block changed): the file only shrinks.
package struct SnippetBaseline: Sendable {
    package var entries: Set<BaselineEntry>

    static let header = """
        # sitegen check-snippets baseline: the known failures, one block a line
        # (post, program, a hash of the block's fence words and code). Written by
        # `sitegen check-snippets --baseline FILE --update-baseline`; CI fails on a failure
        # not listed here, and on a listed one that no longer fails.

        """

    /// Reads `url`; a missing file is an empty baseline, a malformed line an error at it.
    package static func read(_ url: URL, displayPath: String) throws(Diagnostic) -> SnippetBaseline {
        guard FileManager.default.fileExists(atPath: url.path) else { return SnippetBaseline(entries: []) }
        let source: SourceText
        do {
            source = try SourceText.read(url, displayPath: displayPath)
        } catch {
            throw error
        }
        var entries = Set<BaselineEntry>()
        for (index, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, !fields[0].isEmpty, !fields[1].isEmpty, fields[2].count >= 12 else {
                throw .error(displayPath, SourceLocation(line: index + 1, column: 1),
                             "a baseline line is POST<tab>PROGRAM<tab>HASH; write the file with --update-baseline")
            }
            var entry = BaselineEntry(file: String(fields[0]), program: String(fields[1]), hash: String(fields[2]))
            if fields.count > 3, fields[3].hasPrefix("# ") { entry.firstLine = String(fields[3].dropFirst(2)) }
            entries.insert(entry)
        }
        return SnippetBaseline(entries: entries)
    }

    /// The file's text: the header, then the entries sorted, each with its first code line.
    package var text: String {
        Self.header + entries.sorted().map { entry in
            "\(entry.key)\(entry.firstLine.isEmpty ? "" : "\t# \(entry.firstLine)")\n"
        }.joined()
    }

    /// Each result's entry, in the results' order.
    static func entries(for results: [SnippetResult]) -> [BaselineEntry] {
        var seen: [String: Int] = [:]
        return results.map { result in
            let block = result.block
            var hash = SHA256()
            hash.update(part: block.info)
            hash.update(part: block.code)
            var entry = BaselineEntry(file: block.file, program: result.programKind, hash: String(hash.hexDigest().prefix(12)))
            let count = (seen[entry.key] ?? 0) + 1
            seen[entry.key] = count
            if count > 1 { entry.hash += "/\(count)" }
            let first = block.code.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            entry.firstLine = String(first.trimmingCharacters(in: .whitespaces).prefix(60))
            return entry
        }
    }

    /// Marks the failures the baseline lists as known, and lists its entries of checked posts
    /// that no longer fail as stale.
    package func apply(to report: inout SnippetReport) {
        let entries = Self.entries(for: report.results)
        var failing = Set<BaselineEntry>()
        for index in report.results.indices where report.results[index].isFailure {
            failing.insert(entries[index])
            report.results[index].known = self.entries.contains(entries[index])
        }
        let lines = Dictionary(zip(entries, report.results.map(\.block.fenceLine)), uniquingKeysWith: { first, _ in first })
        report.stale = self.entries.filter { report.checkedFiles.contains($0.file) && !failing.contains($0) }.sorted().map { entry in
            var entry = entry
            entry.line = lines[entry]
            return entry
        }
    }

    /// The baseline after this run: every failure of the checked posts, and the entries of
    /// the posts not checked.
    package func updated(with report: SnippetReport) -> SnippetBaseline {
        let entries = Self.entries(for: report.results)
        var kept = self.entries.filter { !report.checkedFiles.contains($0.file) }
        for (index, result) in report.results.enumerated() where result.isFailure { kept.update(with: entries[index]) }
        return SnippetBaseline(entries: kept)
    }
}
