/// Any language with a `Grammar` to highlighted HTML, in one forward scan over its UTF-8
/// bytes.
///
/// Strings and their interpolations nest through an explicit stack, so depth costs no
/// recursion; a nesting block comment is a counter. Look-ahead is bounded by the token
/// being lexed or by the blanks after a name, so each byte is read a bounded number of
/// times. An unterminated single-line string ends at its line's end, an unterminated
/// comment or multi-line string at the end of the input.
struct GrammarLexer: TokenLexer {
    private let text: SourceBytes
    private let tables: GrammarTables
    private var grammar: Grammar { _read { yield tables.grammar } }
    var html: HighlightedHTML
    private var position: Int { html.position }
    /// The string the position is in (not in its interpolation), as an index into `grammar.strings`.
    private var string: Int?
    /// The open interpolations, innermost last: the string to go back to and the braces open inside.
    private var interpolations: [(string: Int, braces: Int)] = []
    /// YAML: the indentation of the key whose block scalar (`|`, `>`) the lines below belong to.
    private var blockScalarIndent: Int?
    /// Only blanks came since the last line break.
    private var startsLine = true
    /// The last token that was not blank or a comment.
    private var previous = Previous.none
    /// Objective-C: the position is in a method's signature, at this parenthesis depth.
    private var signatureDepth: Int?
    /// Makefile: `$(` open.
    private var makeParentheses = 0
    /// Dockerfile: the rest of the line's words are strings.
    private var wordsAreStrings = false
    /// INI: the line's value starts here (after the separator).
    private var value: TokenKind??

    enum Previous: Equatable {
        case none
        /// A word that got a class: its role in the grammar (introducers) and the class.
        case word(WordRole, TokenKind?)
        case name
        case punctuation(UInt8)
        case `operator`(UInt8)
        case value
    }

    init(_ text: SourceBytes, _ tables: GrammarTables) {
        self.text = text
        self.tables = tables
        html = HighlightedHTML(text)
    }

    static func highlight(_ text: SourceBytes, _ tables: GrammarTables) -> String {
        var lexer = GrammarLexer(text, tables)
        return lexer.highlightAll()
    }

    mutating func lexToken() {
        if let string {
            lexString(grammar.strings[string])
        } else if let kind = value {
            lexValue(kind)
        } else {
            lexCode()
        }
    }

    @inline(__always)
    private mutating func write(upTo end: Int, as kind: TokenKind?, _ token: Previous? = nil) {
        html.write(upTo: end, as: kind)
        if let token {
            previous = token
            startsLine = false
        }
    }

    // MARK: Code

    @inline(__always)
    private mutating func lexCode() {
        let byte = text[position]
        let byteClass = tables.byteClass(byte)
        if byteClass.contains(.whitespace) {
            lexWhitespace()
            return
        }
        if startsLine, tables.hasLineStartRules, lexLineStart(byte) { return }
        startsLine = false
        if byteClass.contains(.opener), lexOpener() { return }
        // The common tokens first; `lexOther` tries the rules in their order for the rest,
        // and for these bytes its earlier rules cannot apply.
        if byteClass.contains(.special) {
            lexOther(byte)
        } else if byteClass.contains(.number) {
            lexNumber(grammar.numbers!)
        } else if byteClass.contains(.nameStart) {
            lexWord()
        } else if interpolations.isEmpty {
            lexSymbol(byte, byteClass)
        } else {
            lexOther(byte)
        }
    }

    /// A comment or a string opening at the position. Whether one did.
    private mutating func lexOpener() -> Bool {
        for comment in grammar.lineComments where text.matches(comment.prefix, at: position) {
            if comment.afterBlank && position > 0 && !SourceBytes.isWhitespace(text[position - 1]) { continue }
            write(upTo: text.lineEnd(from: position), as: comment.kind)
            return true
        }
        for comment in grammar.blockComments where text.matches(comment.open, at: position) {
            lexBlockComment(comment)
            return true
        }
        for index in grammar.strings.indices where text.matches(grammar.strings[index].open, at: position) {
            if openString(index, grammar.strings[index]) { return true }
        }
        return false
    }

    private mutating func lexOther(_ byte: UInt8) {
        switch byte {
        case _ where SourceBytes.isDigit(byte) && grammar.numbers != nil:
            lexNumber(grammar.numbers!)
        case UInt8(ascii: "@") where grammar.decorators && SourceBytes.isIdentifierStart(text[position + 1]):
            write(upTo: nameEnd(from: position + 1), as: .decorator, .name)
        case UInt8(ascii: "#") where grammar.hashAttributes && (text[position + 1] == UInt8(ascii: "[") || text.has("![", at: position + 1)):
            let end = text.end(from: position) { $0 != UInt8(ascii: "]") && !SourceBytes.isLineBreak($0) }
            write(upTo: text[end] == UInt8(ascii: "]") ? end + 1 : end, as: .directive, .punctuation(UInt8(ascii: "]")))
        case UInt8(ascii: "$") where grammar.makefile && text[position + 1] == UInt8(ascii: "("):
            makeParentheses += 1
            write(upTo: position + 2, as: .keyword, .punctuation(UInt8(ascii: "(")))
        case UInt8(ascii: ")") where grammar.makefile && makeParentheses > 0:
            makeParentheses -= 1
            write(upTo: position + 1, as: .keyword, .punctuation(byte))
        case UInt8(ascii: "/") where grammar.regexLiterals && regexMayStart():
            lexRegex()
        case UInt8(ascii: ":") where grammar.symbols && SourceBytes.isIdentifierStart(text[position + 1])
            && text[position + 1] < 0x80 && previous != .name && !(position > 0 && text[position - 1] == UInt8(ascii: ":")):
            write(upTo: nameEnd(from: position + 1), as: .symbol, .value)
        case _ where isNameStart(byte):
            lexWord()
        case _ where !interpolations.isEmpty && byte == opener(of: grammar.strings[interpolations[interpolations.count - 1].string]):
            interpolations[interpolations.count - 1].braces += 1
            lexSymbol(byte, tables.byteClass(byte))
        case _ where interpolations.last?.braces == 0 && byte == grammar.strings[interpolations[interpolations.count - 1].string].interpolationClose:
            let rule = grammar.strings[interpolations[interpolations.count - 1].string]
            string = interpolations.removeLast().string
            write(upTo: position + 1, as: rule.interpolationKind, .value)
        case _ where !interpolations.isEmpty && byte == grammar.strings[interpolations[interpolations.count - 1].string].interpolationClose:
            interpolations[interpolations.count - 1].braces -= 1
            lexSymbol(byte, tables.byteClass(byte))
        default:
            lexSymbol(byte, tables.byteClass(byte))
        }
    }

    /// The bracket an interpolation's close matches: `{` for `}`, `(` for `)`.
    private func opener(of rule: Grammar.StringRule) -> UInt8 {
        rule.interpolationClose == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "{")
    }

    @inline(__always)
    private mutating func lexWhitespace() {
        var end = position
        var breaksLine = false
        while end < text.count && SourceBytes.isWhitespace(text[end]) {
            breaksLine = breaksLine || SourceBytes.isLineBreak(text[end])
            end += 1
        }
        if breaksLine {
            let continued = position > 0 && text[position - 1] == UInt8(ascii: "\\")
            if !continued {
                startsLine = true
                wordsAreStrings = false
            }
        }
        write(upTo: end, as: nil)
    }

    /// The rules only a line's first token has. Whether one wrote it.
    private mutating func lexLineStart(_ byte: UInt8) -> Bool {
        if let kind = grammar.sectionHeaders, byte == UInt8(ascii: "[") {
            let end = text.end(from: position) { $0 != UInt8(ascii: "]") && !SourceBytes.isLineBreak($0) }
            let close = text.run(of: UInt8(ascii: "]"), from: end)
            write(upTo: end + close, as: kind, .punctuation(UInt8(ascii: "]")))
            return true
        }
        if grammar.preprocessorLines && byte == UInt8(ascii: "#") {
            var end = text.lineEnd(from: position)
            while end > 0 && text[end - 1] == UInt8(ascii: "\\") && end < text.count {
                end = text.lineEnd(from: end + 1)
            }
            write(upTo: end, as: .directive, .value)
            return true
        }
        if let keyValue = grammar.keyValueLines, !grammar.lineComments.contains(where: { text.matches($0.prefix, at: position) }) {
            return lexKeyValue(keyValue)
        }
        if grammar.methodSignatures && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"))
            && text[text.skippingBlanks(from: position + 1, acrossLines: false)] == UInt8(ascii: "(") {
            signatureDepth = 0
            write(upTo: position + 1, as: .punctuation, .punctuation(byte))
            return true
        }
        if grammar.plainScalars {
            let indent = position - lineStart(of: position)
            if let blockIndent = blockScalarIndent, indent > blockIndent {
                write(upTo: text.lineEnd(from: position), as: nil, .value)
                return true
            }
            blockScalarIndent = nil
        }
        if let kind = grammar.keys, lexKey(kind) { return true }
        if grammar.makefile && isNameStart(byte) || grammar.makefile && byte == UInt8(ascii: ".") {
            let end = text.end(from: position) { SourceBytes.isIdentifierByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
            let next = text.skippingBlanks(from: end, acrossLines: false)
            if text[next] == UInt8(ascii: ":") && text[next + 1] != UInt8(ascii: "=") {
                write(upTo: end, as: .function, .name)
                return true
            }
            if text[next] == UInt8(ascii: "=") || text[next + 1] == UInt8(ascii: "=") && "?:+".utf8.contains(text[next]) {
                write(upTo: end, as: .variable, .name)
                return true
            }
        }
        if grammar.instructions && SourceBytes.isLetter(byte) {
            let end = text.end(from: position, while: SourceBytes.isLetter)
            if let role = grammar.roles.value(in: text, position..<end, foldingCase: true), role.kind != nil {
                wordsAreStrings = ["from", "workdir", "expose", "user", "volume", "stopsignal"].contains { text.isFolded(position..<end, $0) }
                write(upTo: end, as: .keyword, .word(role, .keyword))
                return true
            }
        }
        return false
    }

    /// YAML's `key:` (after any `- `). Whether one was written.
    private mutating func lexKey(_ kind: TokenKind) -> Bool {
        var start = position
        while text[start] == UInt8(ascii: "-") && text[start + 1] == UInt8(ascii: " ") {
            start = text.skippingBlanks(from: start + 1, acrossLines: false)
        }
        let end = text.end(from: start) { !SourceBytes.isWhitespace($0) && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "#") }
        let isKey = end > start && text[end] == UInt8(ascii: ":") && (SourceBytes.isWhitespace(text[end + 1]) || end + 1 == text.count)
            && text[start] != UInt8(ascii: "\"") && text[start] != UInt8(ascii: "'") && text[start] != UInt8(ascii: "{") && text[start] != UInt8(ascii: "[")
        guard isKey || start > position else { return false }
        var index = position
        while index < start {
            write(upTo: index + 1, as: .punctuation)
            index = text.skippingBlanks(from: index + 1, acrossLines: false)
            write(upTo: index, as: nil)
        }
        if isKey {
            write(upTo: end, as: kind, .name)
            write(upTo: end + 1, as: .punctuation, .punctuation(UInt8(ascii: ":")))
        }
        if grammar.plainScalars { lexPlainScalar() }
        return true
    }

    /// The start of the line `index` is on.
    private func lineStart(of index: Int) -> Int {
        var start = index
        while start > 0 && !SourceBytes.isLineBreak(text[start - 1]) { start -= 1 }
        return start
    }

    /// YAML: after a key or a `- `, a plain value to the line's end (or ` #`); `|` and `>` open a block scalar.
    private mutating func lexPlainScalar() {
        let keyIndent = text.skippingBlanks(from: lineStart(of: position), acrossLines: false) - lineStart(of: position)
        write(upTo: text.skippingBlanks(from: position, acrossLines: false), as: nil)
        let first = text[position]
        if first == UInt8(ascii: "|") || first == UInt8(ascii: ">") {
            blockScalarIndent = keyIndent
            return
        }
        if Self.plainScalarNonStarts.contains(first) || SourceBytes.isLineBreak(first) || position >= text.count { return }
        var end = position
        while end < text.count && !SourceBytes.isLineBreak(text[end]) && !(text[end] == UInt8(ascii: "#") && SourceBytes.isWhitespace(text[end - 1])) {
            end += 1
        }
        while end > position && SourceBytes.isWhitespace(text[end - 1]) { end -= 1 }
        write(upTo: end, as: nil, .value)
    }

    /// The bytes a YAML value starts with that make it no plain scalar.
    private static let plainScalarNonStarts = ByteSet("\"'[{&*!#")

    /// `key = value`: the key, the separator, then the value to the line's end.
    private mutating func lexKeyValue(_ keyValue: Grammar.KeyValueLines) -> Bool {
        // A key's `[condition]` (xcconfig's `NAME[config=Release]`) is part of it, separators and all.
        var keyEnd = position
        var brackets = 0
        while keyEnd < text.count {
            let byte = text[keyEnd]
            if byte == UInt8(ascii: "[") { brackets += 1 } else if byte == UInt8(ascii: "]") { brackets = max(brackets - 1, 0) }
            if SourceBytes.isLineBreak(byte) || brackets == 0 && (keyValue.separators.contains(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) { break }
            keyEnd += 1
        }
        let separator = text.skippingBlanks(from: keyEnd, acrossLines: false)
        guard keyEnd > position, keyValue.separators.contains(text[separator]) else { return false }
        write(upTo: keyEnd, as: keyValue.key, .name)
        write(upTo: separator, as: nil)
        write(upTo: separator + 1, as: .operator, .operator(text[separator]))
        write(upTo: text.skippingBlanks(from: separator + 1, acrossLines: false), as: nil)
        value = .some(keyValue.value)
        return true
    }

    /// A line's value, with `\` before the line break continuing it (an escape).
    private mutating func lexValue(_ kind: TokenKind?) {
        let end = text.lineEnd(from: position)
        if end > position && text[end - 1] == UInt8(ascii: "\\") && end < text.count {
            write(upTo: end - 1, as: kind)
            let crlf = text[end] == UInt8(ascii: "\r") && text[end + 1] == UInt8(ascii: "\n")
            write(upTo: end + (crlf ? 2 : 1), as: .escape)
            write(upTo: text.skippingBlanks(from: position, acrossLines: false), as: nil)
        } else {
            write(upTo: end, as: kind)
            value = nil
        }
    }

    private mutating func lexBlockComment(_ comment: Grammar.BlockComment) {
        var end = position + comment.open.count
        var depth = 1
        while end < text.count && depth > 0 {
            if comment.nests && text.matches(comment.open, at: end) {
                depth += 1
                end += comment.open.count
            } else if text.matches(comment.close, at: end) {
                depth -= 1
                end += comment.close.count
            } else {
                end += 1
            }
        }
        write(upTo: end, as: comment.kind)
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        tables.byteClass(byte).contains(.nameStart)
    }

    private func nameEnd(from start: Int) -> Int {
        tables.nameEnd(in: text, from: start)
    }

    private mutating func lexWord() {
        let start = position
        let end = tables.nameEnd(in: text, from: start + 1)
        let role = grammar.roles.value(in: text, start..<end, foldingCase: grammar.caseInsensitiveWords)
        // The first byte after the blanks that follow, for the rules that look there (most words reach none).
        var next: Int { text.skippingBlanks(from: end, acrossLines: false) }
        let kind: TokenKind?
        if wordsAreStrings {
            kind = .string
        } else if case .word(let introducer, _) = previous, introducer.introducesFunction {
            kind = .function
        } else if case .word(let introducer, _) = previous, introducer.introducesClass {
            kind = .className
        } else if let signatureDepth, signatureDepth == 0, previous == .punctuation(UInt8(ascii: ")")) || text[end] == UInt8(ascii: ":") {
            let withColon = text[end] == UInt8(ascii: ":") ? end + 1 : end
            write(upTo: withColon, as: .function, .name)
            return
        } else if let suffixed = grammar.suffixedNames, grammar.nameSuffixes.contains(text[end - 1]) {
            kind = suffixed
        } else if let members = grammar.members, previous == .punctuation(UInt8(ascii: ".")) {
            kind = members
        } else if let known = role?.kind {
            kind = known
        } else if grammar.symbols && text[end] == UInt8(ascii: ":") && text[end + 1] != UInt8(ascii: ":") && SourceBytes.isWhitespace(text[end + 1]) {
            kind = .symbol
        } else if let attribute = grammar.namesBeforeEquals, case let next = next, text[next] == UInt8(ascii: "="), text[next + 1] != UInt8(ascii: "=") {
            kind = attribute
        } else if let valueKind = grammar.namesAfterEquals, previous == .punctuation(UInt8(ascii: "=")) {
            kind = valueKind
        } else if grammar.declarationCalls && text[next] == UInt8(ascii: "(") && Self.declares(after: previous) {
            kind = .function
        } else {
            kind = grammar.otherNames
        }
        write(upTo: end, as: kind, kind == nil || kind == .function || kind == .className ? .name : .word(role ?? WordRole(), kind))
        if role?.introducesPath == true {
            let pathStart = text.skippingBlanks(from: end, acrossLines: false)
            write(upTo: pathStart, as: nil)
            write(upTo: text.end(from: pathStart) { SourceBytes.isIdentifierByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") }, as: nil, .name)
        }
        writeBlanks()
    }

    /// A name before `(` is declared after a type or a name (`int main(`, `T* find(`).
    private static func declares(after previous: Previous) -> Bool {
        switch previous {
        case .name: return true
        case .word(_, let kind): return kind == .type || kind == .declarationKeyword
        case .operator(let byte): return byte == UInt8(ascii: "*") || byte == UInt8(ascii: "&")
        default: return false
        }
    }

    /// An operator run (stopping before a comment), a punctuation run or byte, or plain text.
    private mutating func lexSymbol(_ byte: UInt8, _ byteClass: GrammarTables.ByteClass) {
        if byteClass.contains(.runStart) {
            for run in grammar.punctuationRuns where text.matches(run, at: position) {
                write(upTo: position + run.count, as: .punctuation, .punctuation(byte))
                return
            }
        }
        if let depth = signatureDepth {
            switch byte {
            case UInt8(ascii: "("): signatureDepth = depth + 1
            case UInt8(ascii: ")"): signatureDepth = max(depth - 1, 0)
            case UInt8(ascii: "{"), UInt8(ascii: ";"): signatureDepth = nil
            default: break
            }
        }
        if byteClass.contains(.punctuation) {
            // A run of punctuation (`();`, `})`) is one token when no rule looks at its bytes
            // one by one (a signature's depth, an interpolation's braces, `::`, a comment).
            var end = position + 1
            var last = byte
            if signatureDepth == nil && interpolations.isEmpty {
                while end < text.count {
                    guard tables.byteClass(text[end]).contains(.plainPunctuation) else { break }
                    last = text[end]
                    end += 1
                }
            }
            write(upTo: end, as: .punctuation, .punctuation(last))
            writeBlanks()
        } else if byteClass.contains(.operator) {
            var end = position + 1
            while end < text.count {
                let next = tables.byteClass(text[end])
                guard next.contains(.operator) && !next.contains(.punctuation) else { break }
                if next.contains(.opener) && startsComment(at: end) { break }
                end += 1
            }
            write(upTo: end, as: .operator, .operator(byte))
            writeBlanks()
        } else {
            write(upTo: position + 1, as: nil, .punctuation(byte))
        }
    }

    /// The blanks after a token (spaces and tabs, no line break), written as they are: one
    /// token less to choose a rule for. Nothing a rule remembers changes on blanks.
    @inline(__always)
    private mutating func writeBlanks() {
        var end = position
        while text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") { end += 1 }
        if end > position { html.write(upTo: end, as: nil) }
    }

    private func startsComment(at index: Int) -> Bool {
        grammar.lineComments.contains { text.matches($0.prefix, at: index) } || grammar.blockComments.contains { text.matches($0.open, at: index) }
    }

    // MARK: Numbers

    private mutating func lexNumber(_ style: Grammar.NumberStyle) {
        var end = position
        var kind = style.integer
        if text[position] == UInt8(ascii: "0") && text[position + 1] | 0x20 == UInt8(ascii: "x") && SourceBytes.isHexDigit(text[position + 2]) {
            end = text.end(from: position + 2) { SourceBytes.isHexDigit($0) || $0 == UInt8(ascii: "_") }
            kind = style.hex
        } else {
            end = text.end(from: position) { SourceBytes.isDigit($0) || $0 == UInt8(ascii: "_") }
            if text[end] == UInt8(ascii: ".") && SourceBytes.isDigit(text[end + 1]) {
                end = text.end(from: end + 1) { SourceBytes.isDigit($0) || $0 == UInt8(ascii: "_") }
                kind = style.float
            }
            if text[end] | 0x20 == UInt8(ascii: "e") {
                let sign = text[end + 1] == UInt8(ascii: "-") || text[end + 1] == UInt8(ascii: "+") ? 1 : 0
                if SourceBytes.isDigit(text[end + 1 + sign]) {
                    end = text.end(from: end + 1 + sign, while: SourceBytes.isDigit)
                    kind = style.float
                }
            }
        }
        if style.suffixLetters {
            end = text.end(from: end) { SourceBytes.isLetter($0) || SourceBytes.isDigit($0) }
        }
        write(upTo: end, as: kind, .value)
        if let suffix = style.suffix {
            let unitEnd = text.end(from: end) { SourceBytes.isLetter($0) || $0 == UInt8(ascii: "%") }
            write(upTo: unitEnd, as: suffix, .value)
        }
    }

    // MARK: Strings and regular expressions

    private func regexMayStart() -> Bool {
        switch previous {
        case .none, .operator: return text[position + 1] != UInt8(ascii: "/") && text[position + 1] != UInt8(ascii: "*")
        case .punctuation(let byte): return byte != UInt8(ascii: ")") && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "}")
        case .word(_, let kind): return kind == .keyword
        default: return false
        }
    }

    /// To the next unescaped `/` on the line, then the flags; a `/` with none is an operator.
    private mutating func lexRegex() {
        var end = position + 1
        while end < text.count && text[end] != UInt8(ascii: "/") && !SourceBytes.isLineBreak(text[end]) {
            end += text[end] == UInt8(ascii: "\\") && !SourceBytes.isLineBreak(text[end + 1]) ? 2 : 1
        }
        guard text[end] == UInt8(ascii: "/"), end > position + 1 else {
            write(upTo: position + 1, as: .operator, .operator(UInt8(ascii: "/")))
            return
        }
        write(upTo: text.end(from: end + 1, while: SourceBytes.isLetter), as: .regex, .value)
    }

    /// Writes a string's opening delimiter. Whether it opened (a literal longer than its
    /// rule's `maxLength` does not).
    private mutating func openString(_ index: Int, _ rule: Grammar.StringRule) -> Bool {
        let start = position + rule.open.count
        if let limit = rule.maxLength {
            var end = start
            while end < text.count && end - start <= limit && !text.matches(rule.close, at: end) && !SourceBytes.isLineBreak(text[end]) {
                end += text[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard text.matches(rule.close, at: end), end - start <= limit else { return false }
        }
        write(upTo: start, as: rule.kind, .value)
        string = index
        return true
    }

    /// A string's text up to its close, an escape, an interpolation, the end of the line
    /// (a single-line string that is unterminated) or the end of the input.
    private mutating func lexString(_ rule: Grammar.StringRule) {
        var end = position
        while end < text.count {
            let byte = text[end]
            if text.matches(rule.close, at: end) {
                if rule.doubledClose && text.matches(rule.close, at: end + rule.close.count) {
                    end += 2 * rule.close.count
                    continue
                }
                write(upTo: end + rule.close.count, as: rule.kind)
                string = nil
                return
            }
            if rule.escapes && byte == UInt8(ascii: "\\") {
                write(upTo: end, as: rule.kind)
                if SourceBytes.isLineBreak(text[end + 1]) && !rule.multiline {
                    write(upTo: end + 1, as: rule.kind)
                    string = nil
                    return
                }
                write(upTo: end + 2, as: .escape)
                return
            }
            if let open = rule.interpolation, text.matches(open, at: end) {
                write(upTo: end, as: rule.kind)
                write(upTo: end + open.count, as: rule.interpolationKind, .punctuation(UInt8(ascii: "{")))
                interpolations.append((string: string ?? 0, braces: 0))
                string = nil
                return
            }
            if let sigil = grammar.nameInterpolation, byte == sigil, SourceBytes.isIdentifierStart(text[end + 1]), text[end + 1] < 0x80 {
                write(upTo: end, as: rule.kind)
                write(upTo: end + 1, as: .interpolation)
                write(upTo: text.end(from: end + 1, while: SourceBytes.isIdentifierByte), as: nil)
                return
            }
            if !rule.multiline && SourceBytes.isLineBreak(byte) {
                break
            }
            end += 1
        }
        write(upTo: end, as: rule.kind)
        string = nil
    }
}
