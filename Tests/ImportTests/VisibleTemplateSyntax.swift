import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// "No page a reader sees contains `{%`, `{{<` or `{:` outside code, except constructs the
/// report lists" (issue 25), for every imported fixture site: the site is built, each HTML
/// page is read as HTML (tags, comments, `<script>`/`<style>` and the contents of `<pre>` and
/// `<code>` are not what a reader sees), and each construct found in its text must be one the
/// import report lists as left.
enum VisibleTemplateSyntax {
    struct Hit: CustomStringConvertible, Equatable {
        /// The page's output path.
        var page: String
        /// The construct, from its opening marker to its closing one (or 40 characters).
        var text: String
        var description: String { "\(page): \(text)" }
    }

    static let markers = [("{%", "%}"), ("{{<", ">}}"), ("{:", "}")]

    /// The text a reader sees in an HTML page, element by element: text outside tags and
    /// comments, entities decoded, without `<pre>`, `<code>`, `<script>`, `<style>` and
    /// `<template>` contents.
    static func visibleText(_ html: String) -> [String] {
        var texts: [String] = []
        let bytes = Array(html.utf8)
        var index = 0
        var hidden: [String] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty, hidden.isEmpty { texts.append(decodeEntities(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        func starts(_ prefix: String, at position: Int) -> Bool {
            let p = Array(prefix.utf8)
            return position + p.count <= bytes.count && Array(bytes[position..<position + p.count]) == p
        }
        let hiding: Set<String> = ["pre", "code", "script", "style", "template", "textarea"]
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<") else {
                text.append(byte)
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                flush()
                var end = index + 4
                while end < bytes.count, !starts("-->", at: end) { end += 1 }
                index = min(bytes.count, end + 3)
                continue
            }
            // A tag: `<name …>` or `</name>`, quoted attribute values skipped whole.
            var end = index + 1
            let closing = end < bytes.count && bytes[end] == UInt8(ascii: "/")
            if closing { end += 1 }
            var name: [UInt8] = []
            while end < bytes.count, bytes[end].isASCIILetterOrDigit { name.append(bytes[end] | 0x20); end += 1 }
            guard !name.isEmpty || bytes.indices.contains(index + 1) && bytes[index + 1] == UInt8(ascii: "!") else {
                // A `<` that opens no tag is text.
                text.append(byte)
                index += 1
                continue
            }
            var quote: UInt8?
            while end < bytes.count {
                let c = bytes[end]
                if let q = quote { if c == q { quote = nil } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c } else if c == UInt8(ascii: ">") { break }
                end += 1
            }
            flush()
            let tag = String(decoding: name, as: UTF8.self)
            let selfClosing = end > 0 && end <= bytes.count && bytes[end - 1] == UInt8(ascii: "/")
            if hiding.contains(tag) {
                if closing {
                    if let last = hidden.lastIndex(of: tag) { hidden.removeSubrange(last...) }
                } else if !selfClosing {
                    hidden.append(tag)
                }
            }
            index = min(bytes.count, end + 1)
        }
        flush()
        return texts
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&#123;", "{"),
                                    ("&#x7B;", "{"), ("&#x7b;", "{"), ("&#125;", "}"), ("&#37;", "%"), ("&nbsp;", "\u{A0}"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }

    /// Every construct a reader sees in the HTML pages below `output`.
    static func hits(in output: URL) -> [Hit] {
        var hits: [Hit] = []
        for file in DirectoryWalker.files(below: output.path, includeHidden: false).sorted() where file.hasSuffix(".html") {
            guard let html = try? String(contentsOf: output.appendingPathComponent(file), encoding: .utf8) else { continue }
            for text in visibleText(html) {
                for (open, close) in markers {
                    var rest = text[...]
                    while let hit = rest.range(of: open) {
                        let after = text[hit.upperBound...]
                        let construct = after.range(of: close).map { String(text[hit.lowerBound..<$0.upperBound]) }
                            ?? String(text[hit.lowerBound...].prefix(40))
                        hits.append(Hit(page: file, text: construct))
                        rest = text[hit.upperBound...]
                    }
                }
            }
        }
        return hits
    }

    /// Without blanks, so `{%include x%}` and `{% include x %}` compare equal.
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    /// The constructs the report lists as left, as written.
    static func listed(_ report: ImportReport) -> [String] {
        report.left.values.flatMap { $0 }.compactMap(\.text)
    }

    /// Whether the report lists the construct a reader sees.
    static func isListed(_ hit: Hit, in listed: [String]) -> Bool {
        let seen = squeezed(hit.text)
        return listed.contains { text in
            let construct = squeezed(text)
            guard !construct.isEmpty else { return false }
            return seen.hasPrefix(construct) || construct.hasPrefix(seen) || seen.hasPrefix(String(construct.prefix(12)))
        }
    }

    /// Builds the imported site (into its `Output/`) and expects every construct a reader
    /// sees to be listed in the report. Returns what was seen.
    @discardableResult
    static func expectOnlyListed(site: URL, report: ImportReport, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Hit] {
        let output = site.appendingPathComponent("Output")
        if !FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path) {
            _ = try SiteBuilder(options: .init(siteRoot: site)).build()
        }
        let hits = hits(in: output)
        let listed = listed(report)
        let unlisted = hits.filter { !isListed($0, in: listed) }
        #expect(unlisted.isEmpty, "template code a reader sees that the report does not list: \(unlisted); listed: \(listed)",
                sourceLocation: sourceLocation)
        return hits
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
