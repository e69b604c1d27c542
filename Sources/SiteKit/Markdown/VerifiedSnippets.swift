import Foundation
import Markdown
import Support

/// What the last `sitegen check-snippets` run recorded for each Swift block, read by the
/// build to show readers the compiler's real message under a `fails=` block and a `run`
/// block's real output (`.sitegen-cache/snippets/verified.json`). The build never runs
/// the compiler: a block the record does not know (new, edited, never checked) shows the
/// message or output written in the post, marked as not checked.
///
/// Entries are found by a hash of the post's path, the fence's info string and the code,
/// so any edit of a block makes its entry unknown until the next check.
package struct VerifiedSnippets: Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case passed, failed, notProven = "not-proven", skipped
    }

    /// A compiler message about a `fails=` block, placed in the code a reader sees.
    package struct Message: Codable, Sendable, Equatable {
        /// 1-based line in the shown code; nil when the line is hidden (`// snippet.hide`).
        var line: Int?
        var column: Int
        var severity: String
        var text: String
        /// The code line it is about.
        var source: String?

        package init(line: Int?, column: Int, severity: String, text: String, source: String?) {
            (self.line, self.column, self.severity, self.text, self.source) = (line, column, severity, text, source)
        }
    }

    package struct Entry: Codable, Sendable, Equatable {
        var status: Status
        /// The compiler that decided it: "6.3.1".
        var swiftVersion: String
        /// For a passing `fails=` block: what the compiler said.
        package var messages: [Message]
        /// For a passing `run` block, and for its ```` ```output ```` block: what it printed.
        var output: String?
        /// For a passing block of a program that compiled: the types of its identifiers.
        package var types: [TypeMark]?

        package init(status: Status, swiftVersion: String, messages: [Message] = [], output: String? = nil, types: [TypeMark]? = nil) {
            (self.status, self.swiftVersion, self.messages, self.output, self.types) = (status, swiftVersion, messages, output, types)
        }
    }

    var entries: [String: Entry] = [:]
    /// The Swift of the last check (``lastVersionURL(cacheFolder:)``): a block's types
    /// recorded by another one say which.
    var lastSwiftVersion: String?

    static func url(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/snippets/verified.json")
    }

    /// `verified-swift-version` beside the record: the version of the compiler of the last
    /// check that wrote it.
    package static func lastVersionURL(recordURL: URL) -> URL {
        recordURL.deletingLastPathComponent().appendingPathComponent("verified-swift-version")
    }

    /// The record as stored: by post, then by key, so a check of some posts replaces theirs.
    package typealias Stored = [String: [String: Entry]]

    /// The record of the site at `siteRoot`; empty when there is none or it cannot be read.
    static func load(siteRoot: URL) -> VerifiedSnippets {
        let record = url(siteRoot: siteRoot)
        let last = CacheFile.text(lastVersionURL(recordURL: record))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return VerifiedSnippets(entries: stored(at: record).values.reduce(into: [:]) { all, post in all.merge(post) { $1 } },
                                lastSwiftVersion: last)
    }

    package static func stored(at url: URL) -> Stored {
        guard let data = CacheFile.data(url) else { return [:] }
        return (try? JSONDecoder().decode(Stored.self, from: data)) ?? [:]
    }

    package static func key(file: String, info: String, code: String) -> String {
        var hash = SHA256()
        hash.update(part: file)
        hash.update(part: info)
        hash.update(part: code)
        return hash.hexDigest()
    }

    /// The ```` ```output ```` block after a `run` block: its text and the run block's, so
    /// an edit of either makes the entry unknown.
    package static func outputKey(file: String, runInfo: String, runCode: String, output: String) -> String {
        key(file: file, info: "output\u{0}" + runInfo, code: runCode + "\u{0}" + output)
    }

    /// What to add to each code block of one body, found before it is rendered.
    func annotations(of document: MarkdownDocument, file: String) -> SnippetAnnotations {
        var annotations = SnippetAnnotations()
        let codeBlocks = BlockWalk.leaves(of: document.blocks).compactMap { block -> (info: String, literal: String)? in
            guard case .codeBlock(let info, let literal) = block.kind else { return nil }
            return (info, literal)
        }
        var versions: Set<String> = []
        var allPassed = true
        for (index, block) in codeBlocks.enumerated() where FenceInfo.language(of: block.info) == "swift" {
            // Without a record there is nothing to look up: hashing every Swift block of a site
            // for no entry was 4% of a build.
            let entry = entries.isEmpty ? nil : entries[Self.key(file: file, info: block.info, code: block.literal)]
            if let entry, entry.status == .passed { versions.insert(entry.swiftVersion) } else { allPassed = false }
            if let entry, entry.status == .passed, let marks = entry.types {
                let stale = lastSwiftVersion.map { $0 != entry.swiftVersion } ?? false
                annotations.types[Self.blockID(block.info, block.literal)] = BlockTypes(marks: marks, staleVersion: stale ? entry.swiftVersion : nil)
            }
            let words = FenceWords(block.info)
            if let expected = words.expectedFailure {
                annotations.after[Self.blockID(block.info, block.literal)] = Self.errorFigure(entry, expected: expected)
            } else if words.run {
                let next = codeBlocks.indices.contains(index + 1) ? codeBlocks[index + 1] : nil
                if let next, FenceInfo.language(of: next.info) == "output" {
                    let outputEntry = entries.isEmpty ? nil
                        : entries[Self.outputKey(file: file, runInfo: block.info, runCode: block.literal, output: next.literal)]
                    annotations.replacing[Self.blockID(next.info, next.literal)] = Self.outputFigure(outputEntry, written: next.literal)
                } else {
                    let written = Self.printedOutput(block.literal)
                    if entry?.output != nil || !written.isEmpty {
                        annotations.after[Self.blockID(block.info, block.literal)] = Self.outputFigure(entry, written: written)
                    }
                }
            }
        }
        if allPassed, versions.count == 1, let version = versions.first { annotations.checkedWith = version }
        return annotations
    }

    static func blockID(_ info: String, _ literal: String) -> String { info + "\u{0}" + literal }

    /// The compiler's messages when the record has them, else the expected one as written.
    static func errorFigure(_ entry: Entry?, expected: String) -> String {
        if let entry, entry.status == .passed, !entry.messages.isEmpty {
            let text = entry.messages.map(Self.messageText).joined(separator: "\n")
            return figure("snippet-check snippet-check-error", caption: "Swift \(entry.swiftVersion) reports:", text: text)
        }
        return figure("snippet-check snippet-check-unchecked", caption: "Expected error, as written in the post (not checked):", text: expected)
    }

    static func outputFigure(_ entry: Entry?, written: String) -> String {
        if let entry, entry.status == .passed, let output = entry.output {
            return figure("snippet-check snippet-check-output", caption: "Output, checked with Swift \(entry.swiftVersion):", text: output)
        }
        return figure("snippet-check snippet-check-unchecked", caption: "Output, as written in the post (not checked):", text: written)
    }

    /// `error: message`, then ` 2 | code` and a caret under the column, as swiftc prints them.
    static func messageText(_ message: Message) -> String {
        var text = "\(message.severity): \(message.text)"
        guard let line = message.line, let source = message.source else { return text }
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        let indent = source.unicodeScalars.prefix(max(0, message.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        text += "\n\(number) | \(source)\n\(gutter) | \(indent)^"
        return text
    }

    static func figure(_ classes: String, caption: String, text: String) -> String {
        var body = text
        if body.hasSuffix("\n") { body.removeLast() }
        return "<figure class=\"\(classes)\">\n<figcaption>\(HTMLText.escaped(caption))</figcaption>\n"
            + "<pre><code>\(HTMLText.escaped(body))</code></pre>\n</figure>\n"
    }

    /// The output `// Prints "..."` comments promise, one line each.
    package static func printedOutput(_ code: String) -> String {
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

/// The words of a Swift fence the page shows the effect of: `run` and `fails=`.
struct FenceWords {
    var run = false
    /// `fails="message"` as the message, `fails=id` as `error [id]`.
    var expectedFailure: String?

    init(_ info: String) {
        guard FenceInfo.hasWords(info), let fence = try? FenceInfo.parse(info) else { return }
        for word in fence.snippetWords {
            if word.name == "run" { run = true }
            if word.name == "fails", let value = word.value {
                expectedFailure = word.quoted ? "error: \(value)" : "error [\(value)]"
            }
        }
    }
}

/// For one body: HTML to add after code blocks, HTML to put in place of some (the output
/// block of a `run` block), keyed by info string and code; and the Swift version when every
/// Swift block passed the last check.
struct SnippetAnnotations: Sendable {
    var after: [String: String] = [:]
    var replacing: [String: String] = [:]
    /// The types check-snippets recorded for a block.
    var types: [String: BlockTypes] = [:]
    var checkedWith: String?

    var isEmpty: Bool { after.isEmpty && replacing.isEmpty && types.isEmpty }

    /// The body renderer's code block hook, with the checked output added.
    func codeBlock(with blocks: CodeBlockRenderer) -> HTMLRenderer.CodeBlockHook {
        { [self] info, literal in
            let id = VerifiedSnippets.blockID(info, literal)
            if let replacement = replacing[id] { return replacement }
            return blocks.html(info: info, literal: literal, types: types[id]) + (after[id] ?? "")
        }
    }
}
