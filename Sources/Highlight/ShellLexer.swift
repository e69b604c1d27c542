/// Shell commands, scripts and console sessions to highlighted HTML, in one forward scan
/// over their UTF-8 bytes.
///
/// A block with a line that starts with a prompt (`$ ` or `% `) is a session: its other
/// lines are output, written plain, unless a command continues onto them (a trailing `\`,
/// an open quote or `$(`). Double quotes and `$(…)` nest through an explicit stack, so
/// depth costs no recursion. An unterminated quote runs to the end of the input, as in
/// the shell; `${` without `}` ends at its line's end.
struct ShellLexer: Lexer {
    private let text: SourceBytes
    private(set) var html: HighlightedHTML
    private var position: Int { html.position }
    /// Double quotes and `$(` the position is in, innermost last.
    private var nesting: [Nesting] = []
    private let isSession: Bool
    /// The position is at a line's start, outside quotes and substitutions.
    private var startsLine = true
    /// The next word is a command (or a keyword, or an assignment).
    private var commandPosition = true
    /// The line ended with `\`: the next one continues its command.
    private var continuesLine = false
    /// Words since `for`: its second is the loop's name, and an `in` after that is a keyword.
    private var wordsAfterFor: Int?

    enum Nesting: Equatable, Sendable {
        case doubleQuotes
        case substitution(openParentheses: Int)
    }

    /// Keywords after which a command comes.
    private static let keywordsBeforeCommand: [StaticString] = ["if", "then", "else", "elif", "do", "while", "until", "time", "!"]
    /// Keywords after which a name or a word comes, or that end a compound command.
    private static let keywordsBeforeWord: [StaticString] = ["fi", "done", "esac", "for", "case", "select", "function"]

    /// `${name:-default}` and the like: the operator after the name.
    private static let expansionOperators = ByteSet(":-=?+#%")
    /// `$?`, `$#`, `$@`, … (besides `$0` to `$9`).
    private static let specialParameters = ByteSet("?#@*$!-")
    /// What `\` escapes inside double quotes.
    private static let quotedEscapes = ByteSet("\"$\\`")

    init(_ text: SourceBytes) {
        self.text = text
        html = HighlightedHTML(text)
        var lineStart = 0
        var isSession = false
        while lineStart < text.count && !isSession {
            isSession = Self.isPrompt(text, at: lineStart)
            lineStart = text.lineEnd(from: lineStart) + 1
        }
        self.isSession = isSession
    }

    mutating func lexToken() {
        if startsLine {
            lexLineStart()
        } else if nesting.last == .doubleQuotes {
            lexDoubleQuoted()
        } else {
            lexCommandToken()
        }
    }

    private static func isPrompt(_ text: SourceBytes, at index: Int) -> Bool {
        (text[index] == UInt8(ascii: "$") || text[index] == UInt8(ascii: "%")) && text[index + 1] == UInt8(ascii: " ")
    }

    private mutating func write(upTo end: Int, as kind: TokenKind?) {
        html.write(upTo: end, as: kind)
    }

    /// A prompt, or in a session a line of output.
    private mutating func lexLineStart() {
        startsLine = false
        commandPosition = true
        if Self.isPrompt(text, at: position) {
            write(upTo: text[position + 1] == UInt8(ascii: " ") ? position + 2 : position + 1, as: .prompt)
        } else if isSession {
            write(upTo: text.lineEnd(from: position), as: .output)
        }
    }

    private mutating func lexCommandToken() {
        let byte = text[position]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            let crlf = byte == UInt8(ascii: "\r") && text[position + 1] == UInt8(ascii: "\n")
            write(upTo: position + (crlf ? 2 : 1), as: nil)
            if !continuesLine {
                commandPosition = true
                startsLine = nesting.isEmpty
            }
            continuesLine = false
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
            write(upTo: text.skippingBlanks(from: position, acrossLines: false), as: nil)
        case UInt8(ascii: "\\") where SourceBytes.isLineBreak(text[position + 1]):
            continuesLine = true
            write(upTo: position + 1, as: nil)
        case UInt8(ascii: "#"):
            write(upTo: text.lineEnd(from: position), as: .lineComment)
        case UInt8(ascii: "'"):
            var end = position + 1
            while end < text.count && text[end] != UInt8(ascii: "'") { end += 1 }
            writeArgument(upTo: end + 1, as: .singleQuoted)
        case UInt8(ascii: "\""):
            nesting.append(.doubleQuotes)
            writeArgument(upTo: position + 1, as: .doubleQuoted)
        case UInt8(ascii: "$"):
            lexDollar()
        case UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            // As Pygments: `&&` and `||` are operators, `;`, `|` and `&` punctuation, redirections plain.
            let end = text.end(from: position, while: Self.isControl)
            let redirects = text.bytes(position..<end).contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
            var index = position
            while index < end {
                let piece = text[index]
                let doubled = text[index + 1] == piece && index + 1 < end && (piece == UInt8(ascii: "&") || piece == UInt8(ascii: "|"))
                let kind: TokenKind? = doubled ? .operator : piece == UInt8(ascii: "<") || piece == UInt8(ascii: ">") ? nil : .punctuation
                index += doubled ? 2 : 1
                write(upTo: index, as: kind)
            }
            commandPosition = !redirects
        case UInt8(ascii: "("):
            if case .substitution(let open) = nesting.last { nesting[nesting.count - 1] = .substitution(openParentheses: open + 1) }
            write(upTo: position + 1, as: nil)
            commandPosition = true
        case UInt8(ascii: ")"):
            guard case .substitution(let open) = nesting.last else {
                writeArgument(upTo: position + 1, as: nil)
                return
            }
            nesting.removeLast()
            if open == 0 {
                writeArgument(upTo: position + 1, as: .keyword)
            } else {
                nesting.append(.substitution(openParentheses: open - 1))
                writeArgument(upTo: position + 1, as: nil)
            }
        case UInt8(ascii: "`"):
            write(upTo: position + 1, as: nil)
        default:
            lexWord()
        }
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        default: return false
        }
    }

    /// Bytes a word is made of: not blanks, control operators, parentheses, quotes or `$`.
    /// `#` inside a word is part of it (`a#b`).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "$"), UInt8(ascii: "`"):
            return false
        default:
            return !SourceBytes.isWhitespace(byte) && !isControl(byte)
        }
    }

    /// Writes a token after which the command's arguments go on.
    private mutating func writeArgument(upTo end: Int, as kind: TokenKind?) {
        write(upTo: end, as: kind)
        commandPosition = false
    }

    /// A command, keyword, assignment (`NAME=value`), option (`-x`, `--flag=value`) or argument.
    private mutating func lexWord() {
        let start = position
        var end = start
        while end < text.count {
            if text[end] == UInt8(ascii: "\\") {
                if SourceBytes.isLineBreak(text[end + 1]) { break }
                end = min(end + 2, text.count)
            } else if Self.isWordByte(text[end]) || end == start {
                end += 1
            } else {
                break
            }
        }
        let assignment = text.end(from: start) { SourceBytes.isIdentifierByte($0) && $0 < 0x80 }
        let word = start..<end
        wordsAfterFor = wordsAfterFor.map { $0 + 1 }
        if text.equals(word, "in") && wordsAfterFor == 2 {
            wordsAfterFor = nil
            write(upTo: end, as: .keyword)
        } else if text.equals(word, oneOf: ["[", "]", "[[", "]]"]) {
            writeArgument(upTo: end, as: .operator)
        } else if !commandPosition && text.bytes(start..<end).allSatisfy(SourceBytes.isDigit) {
            writeArgument(upTo: end, as: .integer)
        } else if commandPosition && text[assignment] == UInt8(ascii: "=") && assignment > start && !SourceBytes.isDigit(text[start]) {
            write(upTo: assignment, as: .variable)
            write(upTo: assignment + 1, as: .operator)
            write(upTo: end, as: nil)
        } else if commandPosition, text.equals(word, oneOf: Self.keywordsBeforeCommand) {
            write(upTo: end, as: .keyword)
        } else if commandPosition, text.equals(word, oneOf: Self.keywordsBeforeWord) {
            if text.equals(word, "for") { wordsAfterFor = 0 }
            writeArgument(upTo: end, as: .keyword)
        } else if text[start] == UInt8(ascii: "-") && end > start + 1 {
            writeArgument(upTo: end, as: nil)
        } else {
            writeArgument(upTo: end, as: commandPosition ? .builtin : nil)
        }
    }

    /// `$NAME`, `${NAME…}`, `$1`, `$?` and the like are variables; `$(` opens a substitution.
    private mutating func lexDollar() {
        let next = text[position + 1]
        switch next {
        case UInt8(ascii: "("):
            nesting.append(.substitution(openParentheses: 0))
            write(upTo: position + 2, as: .keyword)
            commandPosition = true
        case UInt8(ascii: "{"):
            // `${`, the name, an operator such as `:-` (a keyword), the rest, `}`, as Pygments writes them.
            let end = text.end(from: position + 2) { $0 != UInt8(ascii: "}") && !SourceBytes.isLineBreak($0) }
            write(upTo: position + 2, as: .interpolation)
            let name = text.end(from: position) { SourceBytes.isIdentifierByte($0) && $0 < 0x80 }
            write(upTo: max(name, position + (end > position ? 1 : 0)), as: .variable)
            write(upTo: text.end(from: position) { Self.expansionOperators.contains($0) } , as: .keyword)
            write(upTo: end, as: .variable)
            writeArgument(upTo: text[end] == UInt8(ascii: "}") ? end + 1 : end, as: .interpolation)
        case _ where SourceBytes.isLetter(next) || next == UInt8(ascii: "_"):
            writeArgument(upTo: text.end(from: position + 1) { SourceBytes.isIdentifierByte($0) && $0 < 0x80 }, as: .variable)
        case _ where SourceBytes.isDigit(next) || Self.specialParameters.contains(next):
            writeArgument(upTo: position + 2, as: .variable)
        default:
            writeArgument(upTo: position + 1, as: nesting.last == .doubleQuotes ? .doubleQuoted : nil)
        }
    }

    /// Inside double quotes up to the closing quote, an escape (`\"`, `\$`, `\\`, `` \` ``)
    /// or a `$` expansion.
    private mutating func lexDoubleQuoted() {
        var end = position
        while end < text.count {
            switch text[end] {
            case UInt8(ascii: "\""):
                nesting.removeLast()
                write(upTo: end + 1, as: .doubleQuoted)
                return
            case UInt8(ascii: "\\") where Self.quotedEscapes.contains(text[end + 1]):
                write(upTo: end, as: .doubleQuoted)
                write(upTo: end + 2, as: .escape)
                return
            case UInt8(ascii: "$") where text[end + 1] != UInt8(ascii: " ") && text[end + 1] != UInt8(ascii: "\""):
                write(upTo: end, as: .doubleQuoted)
                lexDollar()
                return
            default:
                end += 1
            }
        }
        write(upTo: end, as: .doubleQuoted)
    }
}
