import Foundation

/// A deterministic generator of Markdown documents full of GFM: tables (aligned, ragged,
/// with escaped pipes and code, after a paragraph line, in quotes and lists), footnotes
/// (references before and after, repeated, missing, unused, case-different, with several
/// paragraphs and code), strikethrough, extended autolinks and task lists, between
/// ordinary CommonMark blocks. The same seed always gives the same documents.
struct GFMCorpusGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    private mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    private static let words = ["swift", "actor", "value", "type", "cache", "render", "table", "note", "parser",
                                "tree", "async", "buffer", "closure", "module", "build", "test", "page", "feed"]
    private static let urls = ["https://example.com/docs", "http://swift.org/blog/post_1", "https://github.com/apple/swift",
                               "https://en.wikipedia.org/wiki/Markdown_(language)", "ftp://files.example.org/a.txt"]
    private static let bare = ["www.example.com", "www.swift.org/documentation/", "https://example.org/a?b=c&d=e",
                               "http://localhost:8080/path", "someone@example.com", "mailto:dev@swift.org",
                               "(see https://example.net/x)", "https://example.com/end.", "www.commonmark.org/help,"]

    /// One inline run: words with emphasis, code, links, strikethrough, autolinks and,
    /// given labels, footnote references.
    private mutating func inlines(labels: [String], pipes: Bool = false) -> String {
        var parts: [String] = []
        for _ in 0..<int(3...9) {
            let word = pick(Self.words)
            switch int(0...15) {
            case 0: parts.append("*\(word)*")
            case 1: parts.append("**\(word) \(pick(Self.words))**")
            case 2: parts.append("`\(word)()`")
            case 3: parts.append("[\(word)](\(pick(Self.urls)))")
            case 4: parts.append("~~\(word) \(pick(Self.words))~~")
            case 5: parts.append("~\(word)~")
            case 6: parts.append(pick(Self.bare))
            case 7 where !labels.isEmpty: parts.append(word + "[^\(pick(labels))]")
            case 8: parts.append(pipes ? "a \\| b" : "a | b")
            case 9 where pipes: parts.append("`x \\| y`")
            case 10: parts.append("_\(word)_ ~~*\(word)*~~")
            default: parts.append(word)
            }
        }
        return parts.joined(separator: " ")
    }

    private mutating func table(labels: [String], prefix: String) -> String {
        let columns = int(1...5)
        var lines: [String] = []
        let outer = chance(70)
        func row(_ cells: [String]) -> String {
            let joined = cells.joined(separator: " | ")
            return prefix + (outer ? "| \(joined) |" : joined)
        }
        lines.append(row((0..<columns).map { _ in pick(Self.words).capitalized }))
        lines.append(row((0..<columns).map { _ in pick(["---", ":--", "--:", ":-:", "-"]) }))
        for _ in 0..<int(0...5) {
            let count = max(1, columns + int(-1...1))
            lines.append(row((0..<count).map { _ in chance(20) ? "" : inlines(labels: labels, pipes: true) }))
        }
        return lines.joined(separator: "\n")
    }

    private mutating func footnote(_ label: String, labels: [String]) -> String {
        var text = "[^\(label)]: " + inlines(labels: labels)
        if chance(30) { text += "\n\n    " + inlines(labels: []) }
        if chance(25) { text += "\n\n    ```swift\n    let \(pick(Self.words)) = \(int(1...99))\n    ```" }
        if chance(15) { text += "\n    lazy " + pick(Self.words) }
        return text
    }

    private mutating func taskList() -> String {
        var items: [String] = []
        for _ in 0..<int(1...5) {
            items.append("- [\(pick([" ", "x", "X"]))] " + inlines(labels: []))
            if chance(20) { items.append("  - [ ] " + pick(Self.words)) }
        }
        return items.joined(separator: chance(20) ? "\n\n" : "\n")
    }

    /// Block structures where GFM and CommonMark part ways: a table ended by a line that
    /// CommonMark would keep in the paragraph, a table in a footnote, an empty task item,
    /// a definition in a quote.
    private mutating func structure(labels: [String]) -> String {
        switch int(0...5) {
        case 0: return table(labels: [], prefix: "") + "\n2. " + pick(Self.words) + "\n3. " + pick(Self.words)
        case 1: return table(labels: [], prefix: "") + "\n    " + pick(Self.words) + " code"
        case 2: return "[^" + pick(labels) + "]: " + pick(Self.words) + "\n\n" + table(labels: [], prefix: "    ")
        case 3: return "- [ ] \n- [x] " + pick(Self.words) + "\n" + pick(Self.words) + " lazy"
        case 4: return "> [^" + pick(labels) + "]: quoted " + pick(Self.words)
        default: return pick(Self.words) + " line\n" + table(labels: labels, prefix: "")
        }
    }

    mutating func document() -> String {
        let labels = (1...int(1...4)).map { index in chance(30) ? "note-\(index)" : "\(index)" }
        var blocks: [String] = []
        var defined = Set<String>()
        for _ in 0..<int(8...20) {
            switch int(0...15) {
            case 0: blocks.append("## " + pick(Self.words).capitalized + " " + inlines(labels: []))
            case 1, 2: blocks.append(table(labels: labels, prefix: ""))
            case 3: blocks.append(inlines(labels: labels) + "\n" + table(labels: labels, prefix: ""))
            case 4: blocks.append(table(labels: labels, prefix: "> "))
            case 5: blocks.append("- item\n\n" + table(labels: labels, prefix: "  "))
            case 6, 7:
                let label = pick(labels)
                defined.insert(label)
                blocks.append(footnote(chance(15) ? label.uppercased() : label, labels: labels))
            case 8: blocks.append(taskList())
            case 9: blocks.append("> " + inlines(labels: labels) + "\n> " + inlines(labels: []))
            case 10: blocks.append("```\ncode | with ~~pipes~~ www.example.com\n```")
            case 11: blocks.append("1. " + inlines(labels: labels) + "\n2. " + inlines(labels: []))
            case 12: blocks.append("[^unused-\(int(1...9))]: never referenced " + pick(Self.words))
            case 13: blocks.append(structure(labels: labels))
            default: blocks.append(inlines(labels: labels) + (chance(30) ? "\n" + inlines(labels: labels) : ""))
            }
        }
        if chance(50), let label = labels.first(where: { !defined.contains($0) }) {
            blocks.append(footnote(label, labels: []))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}
