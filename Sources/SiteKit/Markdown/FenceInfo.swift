import Support

/// A code fence's info string, read once for the build and for check-snippets: the language,
/// the words that change how the block is shown (display words) and the words check-snippets
/// reads (snippet words). A word that is neither is an error in both, with did-you-mean.
///
/// The forms of the generators blogs move from are read too, so a moved post keeps its
/// titles, line numbers and highlighted lines:
///
/// | written | as |
/// |---------|----|
/// | `title="A.swift"`, `swift:A.swift` (Zenn, Qiita), `[A.swift]` (VitePress) | the caption |
/// | `linenos`, `showLineNumbers` (Docusaurus), `:line-numbers` (VitePress), `linenums="5"` (MkDocs), `.numberLines` (Pandoc) | line numbers; `linenos=false`, `nolinenos`, `:no-line-numbers` none |
/// | `linenostart=5`, `showLineNumbers=5`, `:line-numbers=5`, `startFrom=5` | numbers from 5 |
/// | `{2,4-6}`, `swift{2,4-6}`, `highlight=2,4-6`, `hl_lines="2 4-6"` (MkDocs) | highlighted lines |
/// | `{linenos=table,hl_lines=[2,"4-6"],linenostart=5}` (Hugo) | all three; `style=`, `anchorlinenos`, … are Hugo's look and change nothing |
/// | `{.swift}`, `{.swift .numberLines}` (Pandoc, kramdown) | the language |
/// | `wrap`, `nowrap`; `copy`, `nocopy` | long lines wrapped or scrolled; a copy button or none |
/// | `types`, `notypes` | the types check-snippets recorded, on hover and focus, or none |
/// | `diff-swift`, `diff lang=swift` | a diff whose lines are highlighted as Swift |
package struct FenceInfo: Sendable {
    /// The language as written (`swift`, `Objective-C`, `diff`); "" when none.
    package var language = ""
    /// `lang=swift` of a `diff`, or the `swift` of `diff-swift`: the language inside the lines.
    package var innerLanguage: String?
    /// The caption: a file name, usually.
    package var title: String?
    /// nil: the site's default (`code: { line_numbers: }`).
    package var lineNumbers: Bool?
    package var firstLineNumber = 1
    /// 1-based lines of the shown code, as written (`4-6` is `4...6`).
    package var highlightedLines: [ClosedRange<Int>] = []
    /// nil: the site's default (`code: { wrap: }`).
    package var wrap: Bool?
    /// nil: the site's default (`code: { copy: }`).
    package var copy: Bool?
    /// Types on hover from check-snippets' record: nil, the site's default (`code: { types: }`);
    /// `notypes` false, `types` true.
    package var types: Bool?
    /// check-snippets' words (`program=`, `run`, …), in order, for ``SnippetAttributes``.
    package var snippetWords: [InfoScanner.Word] = []

    /// A problem with one word, at its column in the info string (0-based, in scalars).
    package struct Problem: Error, Sendable, Equatable {
        package var offset: Int
        package var message: String
    }

    /// The words check-snippets reads; on a Swift block only.
    package static let snippetWordNames = ["skip", "ignore", "program", "from", "isolated", "member-of", "module", "fails", "platform", "run"]
    /// The display words, with the other generators' spellings, for did-you-mean.
    static let displayWordNames = ["title", "linenos", "nolinenos", "linenostart", "highlight", "hl_lines", "wrap", "nowrap", "copy", "nocopy",
                                   "lang", "showLineNumbers", "linenums", ":line-numbers", ":no-line-numbers", "types", "notypes"]
    /// Hugo's options that choose how Chroma draws a block; the theme draws it here.
    static let hugoLookOptions: Set<String> = ["style", "noclasses", "anchorlinenos", "lineanchors", "linenumbersintable", "tabwidth",
                                               "guesssyntax", "hl_inline", "codefences"]

    /// The words known, as an error message lists them.
    static let knownWordsText = "title=\"…\", linenos, linenostart=N, {2,4-6}, highlight=2,4-6, wrap, nowrap, copy, nocopy, types, notypes, lang=; "
        + "on Swift blocks check-snippets' skip(…), program=, from=, isolated, member-of=, module=, fails=, platform=, run"

    /// The language of a fence without reading its other words: the build asks it of every
    /// block (`math`, `output`, `swift`), most of which have no other words.
    package static func language(of info: String) -> String {
        lenient(info).language
    }

    /// The first word exactly as written (`swift{2}` whole), for rewriting a fence line.
    package static func firstWord(of info: String) -> Substring {
        info.prefix { !$0.isWhitespace }
    }

    /// Whether the info string has words to read after its language: most fences have none.
    package static func hasWords(_ info: String) -> Bool {
        info.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: ":") }
            || info.hasPrefix("diff-")
    }

    /// A fence of only a language (an info string without words).
    package init(language: String = "") {
        self.language = language
    }

    /// The fence read as ``parse(_:)`` reads it, or, when its words do not parse (the build
    /// has stopped at them already, ``FenceProblems``), its first word as the language.
    package static func lenient(_ info: String) -> FenceInfo {
        guard hasWords(info) else { return FenceInfo(language: info) }
        return (try? parse(info)) ?? FenceInfo(language: String(firstWord(of: info)))
    }

    package static func parse(_ info: String) throws(Problem) -> FenceInfo {
        var fence = FenceInfo()
        var reader = Reader(Array(info.unicodeScalars))
        try fence.readLanguage(&reader)
        while let start = reader.nextWordStart() {
            if reader.peek == "{" {
                try fence.readBraces(&reader, at: start)
            } else if reader.peek == "[" {
                fence.title = try reader.bracketed(at: start)
            } else {
                let word = try reader.word(at: start)
                try fence.apply(word)
            }
        }
        if !fence.snippetWords.isEmpty, fence.language != "swift", let word = fence.snippetWords.first {
            throw Problem(offset: word.offset, message: "'\(word.name)' is a check-snippets word, for swift blocks; this block is '\(fence.language)'")
        }
        return fence
    }

    /// The first word: `swift`, `swift{2,4}`, `swift:Model.swift`, `diff-swift`, `{.swift}`.
    private mutating func readLanguage(_ reader: inout Reader) throws(Problem) {
        if reader.peek == "{" { return try readBraces(&reader, at: 0) }
        var name = ""
        while let c = reader.peek, !c.properties.isWhitespace, c != "{" {
            if c == ":", !name.isEmpty {
                reader.advance()
                var title = ""
                while let c = reader.peek, !c.properties.isWhitespace { title.unicodeScalars.append(c); reader.advance() }
                if !title.isEmpty { self.title = title }
                break
            }
            name.unicodeScalars.append(c)
            reader.advance()
        }
        language = name
        let lowered = name.lowercased()
        if lowered.hasPrefix("diff-"), lowered.count > 5 {
            language = String(name.prefix(4))
            innerLanguage = String(name.dropFirst(5))
        }
        if reader.peek == "{" { try readBraces(&reader, at: reader.index) }
    }

    /// `{2,4-6}` (lines), `{.swift .numberLines}` (Pandoc's classes), or Hugo's
    /// `{linenos=table,hl_lines=[2,"4-6"],linenostart=5}`.
    private mutating func readBraces(_ reader: inout Reader, at start: Int) throws(Problem) {
        let content = try reader.braced(at: start)
        let text = String(String.UnicodeScalarView(content.map(\.scalar)))
        if let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }), ("0"..."9").contains(first) {
            highlightedLines += try Self.lineRanges(text, at: start)
            return
        }
        // Hugo's options are separated by commas, Pandoc's by spaces; a comma inside
        // `[...]` or quotes is a value's.
        var parts: [[(scalar: Unicode.Scalar, offset: Int)]] = [[]]
        var depth = 0
        var quoted = false
        for item in content {
            if item.scalar == "\"" { quoted.toggle() }
            if !quoted { if item.scalar == "[" { depth += 1 } else if item.scalar == "]" { depth -= 1 } }
            if !quoted, depth == 0, item.scalar == "," || item.scalar.properties.isWhitespace {
                if !(parts.last?.isEmpty ?? true) { parts.append([]) }
                continue
            }
            parts[parts.count - 1].append(item)
        }
        for part in parts where !part.isEmpty {
            let partText = String(String.UnicodeScalarView(part.map(\.scalar)))
            let offset = part[0].offset
            if partText.hasPrefix(".") {
                let name = String(partText.dropFirst())
                if ["numberlines", "number-lines", "linenos"].contains(name.lowercased()) { lineNumbers = true }
                else if language.isEmpty { language = name }
                else { throw Self.unknown(partText, at: offset) }
                continue
            }
            if partText.hasPrefix("#") { continue }  // Pandoc's id: the block's, which the page does not need
            var key = partText
            var value: String?
            if let equals = partText.firstIndex(of: "=") {
                key = String(partText[..<equals])
                value = String(partText[partText.index(after: equals)...])
                if let v = value, v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { value = String(v.dropFirst().dropLast()) }
            }
            switch key.lowercased() {
            case "linenos":
                lineNumbers = try Self.lineNumbersValue(value, key: key, at: offset)
            case "linenostart", "startfrom":
                firstLineNumber = try Self.number(value, key: key, at: offset)
            case "hl_lines":
                guard let value else { throw Problem(offset: offset, message: "'hl_lines' needs the lines: hl_lines=[2,\"4-6\"]") }
                let list = value.filter { $0 != "[" && $0 != "]" && $0 != "\"" }
                highlightedLines += try Self.lineRanges(list.replacingOccurrences(of: " ", with: ","), at: offset)
            case "title":
                title = value
            default:
                if Self.hugoLookOptions.contains(key.lowercased()) { continue }
                throw Self.unknown(key, at: offset)
            }
        }
    }

    private mutating func apply(_ word: InfoScanner.Word) throws(Problem) {
        func flag(_ set: (inout FenceInfo) -> Void) throws(Problem) {
            guard word.value == nil, word.argument == nil else { throw Problem(offset: word.offset, message: "'\(word.name)' takes no value") }
            set(&self)
        }
        switch word.name {
        case "title":
            guard let value = word.value, !value.isEmpty else { throw Problem(offset: word.offset, message: "'title' needs the caption: title=\"Sources/App/Model.swift\"") }
            title = value
        case "linenos", "showLineNumbers", ":line-numbers", "linenums", "numberLines":
            if word.name == "linenos", let value = word.value {
                lineNumbers = try Self.lineNumbersValue(value, key: word.name, at: word.offset)
            } else {
                lineNumbers = true
                if let value = word.value { firstLineNumber = try Self.number(value, key: word.name, at: word.offset) }
            }
        case "nolinenos", ":no-line-numbers":
            try flag { $0.lineNumbers = false }
        case "linenostart":
            firstLineNumber = try Self.number(word.value, key: word.name, at: word.offset)
        case "highlight", "hl_lines", "mark":
            guard let value = word.value, !value.isEmpty else { throw Problem(offset: word.offset, message: "'\(word.name)' needs the lines: \(word.name)=2,4-6") }
            highlightedLines += try Self.lineRanges(value.replacingOccurrences(of: " ", with: ","), at: word.offset)
        case "wrap": try flag { $0.wrap = true }
        case "nowrap": try flag { $0.wrap = false }
        case "copy": try flag { $0.copy = true }
        case "nocopy": try flag { $0.copy = false }
        case "types": try flag { $0.types = true }
        case "notypes": try flag { $0.types = false }
        case "lang":
            guard let value = word.value, !value.isEmpty else { throw Problem(offset: word.offset, message: "'lang' needs the language of the diff's lines: lang=swift") }
            guard language.lowercased() == "diff" else {
                throw Problem(offset: word.offset, message: "'lang=' names the language inside a diff's lines; write it on a diff block (```diff lang=swift)")
            }
            innerLanguage = value
        default:
            if Self.snippetWordNames.contains(word.name) {
                snippetWords.append(word)
            } else {
                throw Self.unknown(word.name, at: word.offset)
            }
        }
    }

    static func unknown(_ word: String, at offset: Int) -> Problem {
        let hint = DidYouMean.hint(for: word, among: snippetWordNames.filter { $0 != "ignore" } + displayWordNames)
        return Problem(offset: offset, message: "unknown word '\(word)' in the code fence\(hint); known: \(knownWordsText)")
    }

    /// `true`, `false`, Hugo's `table` and `inline` (both numbered here), or nothing (`linenos`).
    private static func lineNumbersValue(_ value: String?, key: String, at offset: Int) throws(Problem) -> Bool {
        switch value?.lowercased() {
        case nil, "true", "table", "inline": return true
        case "false": return false
        default: throw Problem(offset: offset, message: "'\(key)=\(value ?? "")': write \(key), \(key)=true or \(key)=false")
        }
    }

    private static func number(_ value: String?, key: String, at offset: Int) throws(Problem) -> Int {
        guard let value, let number = Int(value), number >= 0, number < 1_000_000_000 else {
            throw Problem(offset: offset, message: "'\(key)' needs a line number: \(key)=5")
        }
        return number
    }

    /// `2,4-6`: each a line or a range of lines, 1-based.
    static func lineRanges(_ text: String, at offset: Int) throws(Problem) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let low = bounds.first ?? nil, let high = bounds.count == 2 ? bounds[1] : low, low >= 1, low <= high, high < 1_000_000_000 else {
                throw Problem(offset: offset, message: "'\(part)' is not a line or a range of lines: write lines as 2,4-6")
            }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else { throw Problem(offset: offset, message: "no lines given: write lines as {2,4-6}") }
        return ranges
    }

    /// The info string's scalars, read forward; offsets are scalar indices.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var scanner: InfoScanner

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            scanner = InfoScanner(scalars: scalars)
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        mutating func advance() { index += 1 }

        /// Skips spaces; the next word's offset, nil at the end.
        mutating func nextWordStart() -> Int? {
            while let c = peek, c.properties.isWhitespace { advance() }
            return peek == nil ? nil : index
        }

        /// `{ … }` with its scalars and their offsets; quotes may hold `}`.
        mutating func braced(at start: Int) throws(Problem) -> [(scalar: Unicode.Scalar, offset: Int)] {
            advance()
            var content: [(scalar: Unicode.Scalar, offset: Int)] = []
            var quoted = false
            while let c = peek {
                if c == "\"" { quoted.toggle() }
                if c == "}" && !quoted { advance(); return content }
                content.append((c, index))
                advance()
            }
            throw Problem(offset: start, message: "'{' is never closed with '}'")
        }

        mutating func bracketed(at start: Int) throws(Problem) -> String {
            advance()
            var text = ""
            while let c = peek {
                advance()
                if c == "]" { return text }
                text.unicodeScalars.append(c)
            }
            throw Problem(offset: start, message: "'[' is never closed with ']'")
        }

        /// One `name`, `name=value`, `name="value"`, `name(argument)` word, as ``InfoScanner`` reads it.
        mutating func word(at start: Int) throws(Problem) -> InfoScanner.Word {
            scanner.position = start
            let word: InfoScanner.Word?
            do { word = try scanner.nextWord() } catch { throw Problem(offset: error.offset, message: error.message) }
            index = max(scanner.position, start + 1)
            guard let word else { throw Problem(offset: start, message: "expected a word") }
            return word
        }
    }
}
