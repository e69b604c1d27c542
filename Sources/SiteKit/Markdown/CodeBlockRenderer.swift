import Highlight
import Markdown
import Support

/// A fenced or indented code block as the page shows it: a `<figure class="code">` with the
/// language and title as its caption and the code in a keyboard-focusable `<pre>`, which
/// scrolls long lines (or wraps them). Line numbers, highlighted lines and diffs put each
/// line of the code in an element of its own; a block without them keeps the highlighter's
/// HTML as it is. The theme's script adds the copy button.
///
///     <figure class="code">
///     <figcaption><span class="code-title">A.swift</span> <span class="code-language">Swift</span></figcaption>
///     <pre tabindex="0"><code class="language-swift"><span class="line">…</span>
///     <mark class="line">…</mark>
///     </code></pre>
///     </figure>
struct CodeBlockRenderer: Sendable {
    var settings: SiteConfig.CodeBlockSettings

    init(settings: SiteConfig.CodeBlockSettings = .init()) {
        self.settings = settings
    }

    /// The hook for ``HTMLRenderer``.
    var hook: HTMLRenderer.CodeBlockHook {
        { [self] info, literal in html(info: info, literal: literal) }
    }

    /// `types`: what check-snippets recorded for a checked Swift block (``CodeTypesHTML``).
    func html(info: String, literal: String, types: BlockTypes? = nil) -> String {
        let fence = FenceInfo.lenient(info)
        let language = fence.language.lowercased()
        let isDiff = language == "diff" || language == "patch"
        let highlight = (isDiff ? fence.innerLanguage : fence.language).flatMap { HighlightLanguage(infoWord: $0) }
        let isSwift = highlight == .swift && !isDiff
        var types = types
        if types != nil, !(fence.types ?? settings.types) { types?.popovers = false }
        // `// ^?` lines are never shown; with a record, their answers are.
        let shown = isSwift && CodeTypesHTML.wraps(types, literal: literal) ? CodeTypesHTML.ShownCode(literal) : nil
        let code = shown?.text ?? (isSwift && UTF8Bytes.contains(literal, HiddenLines.hide) ? HiddenLines.visible(literal) : literal)
        let lineNumbers = fence.lineNumbers ?? settings.lineNumbers
        let wrap = fence.wrap ?? settings.wrap
        let copy = fence.copy ?? settings.copy

        var classes = "code"
        if lineNumbers { classes += " code-linenos" }
        if wrap { classes += " code-wrap" }
        if !copy { classes += " code-nocopy" }
        if types?.popovers == true, types?.marks.isEmpty == false { classes += " code-types" }
        var html = "<figure class=\"\(classes)\""
        if lineNumbers && fence.firstLineNumber != 1 { html += " style=\"counter-reset: line \(fence.firstLineNumber - 1)\"" }
        html += ">\n"
        var label = CodeLanguageLabel.name(for: fence.language)
        if isDiff, let inner = fence.innerLanguage, let name = CodeLanguageLabel.name(for: inner) { label = "Diff (\(name))" }
        if fence.title != nil || label != nil {
            html += "<figcaption>"
            if let title = fence.title { html += "<span class=\"code-title\">\(HTMLText.escaped(title))</span>" }
            if fence.title != nil && label != nil { html += " " }
            if let label { html += "<span class=\"code-language\">\(HTMLText.escaped(label))</span>" }
            html += "</figcaption>\n"
        }
        html += "<pre tabindex=\"0\"><code"
        if !fence.language.isEmpty { html += " class=\"language-\(HTMLText.escaped(fence.language))\"" }
        html += ">"
        if isDiff {
            html += Self.diffLines(code, language: highlight, highlighted: fence.highlightedLines)
        } else {
            let inner = highlight.map { SyntaxHighlighter.html(code, language: $0) } ?? HTMLRenderer.escapedCode(code)
            if let shown {
                let lines = CodeTypesHTML.lines(highlighted: inner, shown: shown, code: literal, types: types)
                if lineNumbers || !fence.highlightedLines.isEmpty {
                    html += Self.lines(lines, highlighted: fence.highlightedLines, classes: { _ in nil })
                } else {
                    html += lines.joined(separator: "\n") + (code.hasSuffix("\n") ? "\n" : "")
                }
            } else if lineNumbers || !fence.highlightedLines.isEmpty {
                html += Self.lines(HighlightedLines.split(inner), highlighted: fence.highlightedLines, classes: { _ in nil })
            } else {
                html += inner
            }
        }
        html += "</code></pre>\n"
        if let types, types.popovers, let shown { html += CodeTypesHTML.list(types, code: literal, shown: shown) }
        html += "</figure>\n"
        return html
    }

    /// Each line in a `<span class="line">`, or a `<mark class="line">` when highlighted;
    /// the newlines stay between them, so copied text has them once.
    static func lines(_ lines: [String], highlighted: [ClosedRange<Int>], classes: (Int) -> String?) -> String {
        var html = ""
        html.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 32 })
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let marked = highlighted.contains { $0.contains(number) }
            let element = marked ? "mark" : "span"
            html += "<\(element) class=\"line"
            if let extra = classes(index) { html += " " + extra }
            html += "\">"
            html += line
            html += "</\(element)>\n"
        }
        return html
    }

    /// What a diff's line is: `gi` inserted, `gd` deleted, `gu` a hunk's `@@`, `gh` a file
    /// header (`diff`, `index`, `---`, `+++` before a hunk), nil context. Pygments' classes.
    enum DiffLine {
        static func kind(_ line: Substring, inHunk: Bool) -> String? {
            if line.hasPrefix("@@") { return "gu" }
            if !inHunk, ["diff ", "index ", "--- ", "+++ ", "new file", "deleted file", "similarity ", "rename "].contains(where: line.hasPrefix) {
                return "gh"
            }
            if line.hasPrefix("+") { return "gi" }
            if line.hasPrefix("-") { return "gd" }
            return nil
        }
    }

    /// `code` split at each `\n`, as `split(separator: "\n", omittingEmptySubsequences: false)`
    /// splits it (a `\r\n` is one `Character` there, so it does not split), found by its
    /// bytes rather than by grapheme: a `\n` that is no `\r\n`'s always stands between two.
    static func lines(of code: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = code.utf8
        var start = bytes.startIndex
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                lines.append(code[start..<index])
                start = next
            }
            previous = byte
            index = next
        }
        lines.append(code[start..<bytes.endIndex])
        return lines
    }

    /// A diff by line, the marker column kept as written and the rest highlighted as
    /// `language` when given: the text after the markers is highlighted as one piece
    /// (a comment or string over several lines stays one), then split by line.
    static func diffLines(_ code: String, language: HighlightLanguage?, highlighted: [ClosedRange<Int>]) -> String {
        var lines = Self.lines(of: code)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var inHunk = false
        var kinds: [String?] = []
        var isCode: [Bool] = []
        for line in lines {
            if line.hasPrefix("diff ") { inHunk = false }
            let kind = DiffLine.kind(line, inHunk: inHunk)
            if kind == "gu" { inHunk = true }
            kinds.append(kind)
            isCode.append(kind != "gu" && kind != "gh")
        }
        let inner: [String]
        if let language {
            let stripped = lines.indices.map { isCode[$0] ? String(lines[$0].dropFirst()) : "" }.joined(separator: "\n") + "\n"
            var split = HighlightedLines.split(SyntaxHighlighter.html(stripped, language: language))
            while split.count < lines.count { split.append("") }
            inner = lines.indices.map { isCode[$0] ? HTMLRenderer.escapedCode(lines[$0].prefix(1)) + split[$0] : HTMLRenderer.escapedCode(lines[$0]) }
        } else {
            inner = lines.map { HTMLRenderer.escapedCode($0) }
        }
        return Self.lines(inner, highlighted: highlighted) { kinds[$0] }
    }
}
