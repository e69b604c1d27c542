import Foundation
import Markdown
import Support

/// A piece of another generator's template language in a post, outside code: Liquid
/// (Jekyll), a Hugo shortcode or a kramdown attribute list. sitegen shows it as text, so
/// readers would see it; the build says where it is.
package struct TemplateSyntax: Sendable, Hashable {
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// `{% name … %}`; `name` is the tag's first word (`include`, `endraw`).
        case liquidTag(String)
        /// `{{ … }}`.
        case liquidOutput
        /// `{{< name … >}}` or `{{% name … %}}`; a closing tag's name starts with `/`.
        case hugoShortcode(String)
        /// `{: .note}`, `{:toc}`, `{:#id .class}`.
        case kramdownAttributes
        /// `{::nomarkdown}`, `{:/nomarkdown}`, `{::options … /}`; the name without `/`.
        case kramdownExtension(String)

        package var description: String {
            switch self {
            case .liquidTag(let name): "Liquid tag {% \(name) %}"
            case .liquidOutput: "Liquid output {{ … }}"
            case .hugoShortcode(let name): "Hugo shortcode {{< \(name) >}}"
            case .kramdownAttributes: "kramdown attribute list {: … }"
            case .kramdownExtension(let name): "kramdown extension {::\(name)}"
            }
        }

        /// kramdown's own syntax, which the `kramdown` Markdown extension reads.
        package var isKramdown: Bool {
            switch self {
            case .kramdownAttributes, .kramdownExtension: true
            case .liquidTag, .liquidOutput, .hugoShortcode: false
            }
        }
    }

    package var kind: Kind
    /// The construct's first character in the file.
    var location: SourceLocation
    /// Its first byte in the scanned body.
    package var offset: Int
    /// The construct as written, on one line and shortened to `TemplateSyntaxScanner.excerptLength`.
    package var text: String
    /// False when its end (`%}`, `}}`, `>}}`) never comes.
    package var isClosed: Bool
}

/// Finds template syntax left in a Markdown body, skipping code blocks and code spans.
/// One forward pass; `{` is found with memchr, so a body without braces costs almost nothing.
package enum TemplateSyntaxScanner {
    static let excerptLength = 60
    /// Tags and shortcodes may span lines, but not a whole post: an opener whose end is not
    /// within this many bytes is reported as unclosed.
    static let longestConstruct = 4096

    /// - Parameters:
    ///   - body: the Markdown after the front matter.
    ///   - firstLine: the file line of the body's first line.
    ///   - document: `body` already parsed with `lineOffset: firstLine - 1`, if the caller has it.
    static func scan(_ body: String, firstLine: Int, document: MarkdownDocument? = nil) -> [TemplateSyntax] {
        let bytes = Array(body.utf8)
        // Finding the body's code costs a walk of its tree and of every line; a body whose
        // braces open no construct anywhere (most do: code blocks' `{`) needs none of it.
        guard mayHoldConstruct(bytes) else { return [] }
        return scan(bytes, firstLine: firstLine, code: MarkdownCodeRegions(body: bytes, document: document, firstLine: firstLine))
    }

    /// `3 constructs: Liquid tag {% include %} ×2, kramdown attribute list {: … }`: what a
    /// file holds, for one warning per file.
    static func summary(_ found: [TemplateSyntax]) -> String {
        var counts: [(kind: TemplateSyntax.Kind, count: Int)] = []
        for syntax in found {
            if let index = counts.firstIndex(where: { $0.kind == syntax.kind }) { counts[index].count += 1 } else { counts.append((syntax.kind, 1)) }
        }
        let kinds = counts.map { "\($0.kind)" + ($0.count > 1 ? " ×\($0.count)" : "") }.joined(separator: ", ")
        return "\(found.count) construct\(found.count == 1 ? "" : "s"): \(kinds)"
    }

    package static func scan(_ bytes: [UInt8], firstLine: Int, code: MarkdownCodeRegions) -> [TemplateSyntax] {
        var found: [TemplateSyntax] = []
        var columns = ScalarColumns()
        var index = 0
        while let open = nextBrace(in: bytes, from: index) {
            index = open + 1
            // `\{{` is Markdown for a brace shown as written: the author's way to keep one.
            guard !isEscaped(open, in: bytes), !code.isCode(open), let (kind, end, closed) = construct(at: open, in: bytes) else { continue }
            // A construct that runs into code is the author's text around code, not syntax.
            if closed, code.isCode(end - 1) { continue }
            let line = code.line(of: open)
            let column = code.column(of: open, in: bytes, columns: &columns)
            found.append(TemplateSyntax(kind: kind, location: SourceLocation(line: line + firstLine, column: column), offset: open,
                                        text: excerpt(bytes[open..<end]), isClosed: closed))
            index = closed ? end : open + 2
        }
        return found
    }

    /// Whether some unescaped `{` opens a construct, code or not: without one, ``scan(_:firstLine:code:)``
    /// finds nothing whatever the code regions are.
    private static func mayHoldConstruct(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while let open = nextBrace(in: bytes, from: index) {
            if !isEscaped(open, in: bytes), construct(at: open, in: bytes) != nil { return true }
            index = open + 1
        }
        return false
    }

    /// Whether an odd number of backslashes comes right before `offset`.
    private static func isEscaped(_ offset: Int, in bytes: [UInt8]) -> Bool {
        var count = 0
        while offset - count > 0, bytes[offset - count - 1] == UInt8(ascii: "\\") { count += 1 }
        return count % 2 == 1
    }

    private static func nextBrace(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let hit = memchr(base + start, Int32(UInt8(ascii: "{")), buffer.count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The construct starting at `open` (a `{`), where it ends, and whether it is closed.
    private static func construct(at open: Int, in bytes: [UInt8]) -> (TemplateSyntax.Kind, Int, Bool)? {
        func at(_ offset: Int) -> UInt8 { open + offset < bytes.count ? bytes[open + offset] : 0 }
        switch (at(1), at(2)) {
        case (UInt8(ascii: "{"), UInt8(ascii: "<")), (UInt8(ascii: "{"), UInt8(ascii: "%")):
            let closer: [UInt8] = [at(2) == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "%"), UInt8(ascii: "}"), UInt8(ascii: "}")]
            let end = find(closer, in: bytes, from: open + 3)
            return (.hugoShortcode(word(bytes, from: open + 3, allowSlash: true)), end ?? lineEnd(bytes, open), end != nil)
        case (UInt8(ascii: "{"), _):
            let end = find(Array("}}".utf8), in: bytes, from: open + 2)
            return (.liquidOutput, end ?? lineEnd(bytes, open), end != nil)
        case (UInt8(ascii: "%"), _):
            let end = find(Array("%}".utf8), in: bytes, from: open + 2)
            return (.liquidTag(word(bytes, from: open + 2, allowSlash: false)), end ?? lineEnd(bytes, open), end != nil)
        case (UInt8(ascii: ":"), _):
            return kramdown(at: open, in: bytes)
        default:
            return nil
        }
    }

    /// `{:` … `}` on one line, without another `{` inside: kramdown's attribute lists and extensions.
    private static func kramdown(at open: Int, in bytes: [UInt8]) -> (TemplateSyntax.Kind, Int, Bool)? {
        var index = open + 2
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "{") { return nil }
            index += 1
        }
        guard index < bytes.count, index > open + 2 else { return nil }
        let second = bytes[open + 2]
        if second == UInt8(ascii: ":") || second == UInt8(ascii: "/") {
            return (.kramdownExtension(word(bytes, from: open + 3, allowSlash: false)), index + 1, true)
        }
        return (.kramdownAttributes, index + 1, true)
    }

    /// The first word after `start`, past blanks and Liquid's `-` trim marker; a shortcode's
    /// closing `/` is part of it, and Hugo's escaped form `{{</* … */>}}` is named `/*`.
    private static func word(_ bytes: [UInt8], from start: Int, allowSlash: Bool) -> String {
        func skipBlanks(_ index: inout Int) {
            while index < bytes.count, [0x20, 0x09, 0x0A, UInt8(ascii: "-")].contains(bytes[index]) { index += 1 }
        }
        var index = start
        skipBlanks(&index)
        var prefix = ""
        if allowSlash, index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") { return "/*" }
            prefix = "/"
            index += 1
            skipBlanks(&index)
        }
        var end = index
        while end < bytes.count, end - index < 40 {
            let byte = bytes[end]
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            guard isWordByte else { break }
            end += 1
        }
        return prefix + String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// The offset just after `needle`'s first occurrence at or after `start`, within `longestConstruct`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        let limit = min(bytes.count, start + longestConstruct)
        guard start < limit else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            needle.withUnsafeBufferPointer { needle in
                UTF8Bytes.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: buffer[..<limit]), from: start).map { $0 + needle.count }
            }
        }
    }

    private static func lineEnd(_ bytes: [UInt8], _ from: Int) -> Int {
        bytes[from...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    }

    private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count <= excerptLength ? text : String(text.prefix(excerptLength - 1)) + "…"
    }
}
