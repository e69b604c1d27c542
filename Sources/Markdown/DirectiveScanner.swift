#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds block directives line by line before libcmark parses, as swift-markdown's
/// `BlockDirectiveParser` does: a directive's lines become one-line HTML comments
/// (`<!--@-->` for the call, `<!--}-->` for the `}` that closes its body), which start a
/// block of their own wherever they stand, and a body's lines lose the indentation of its
/// first line, so an indented body is Markdown, not an indented code block. libcmark then
/// parses the whole text once (link references and footnotes are shared by every body),
/// and ``DirectiveFolder`` folds the blocks between a call and its `}` into the directive.
///
/// Every line keeps its number, so positions stay the file's lines. Work is linear in the
/// text: each line is looked at once, an argument list reads at most
/// ``maximumArgumentLines`` lines.
struct DirectiveScanner {
    let catalog: MarkdownDirectiveCatalog
    let lineOffset: Int

    /// An argument list longer than this is taken as never closed.
    static let maximumArgumentLines = 32
    /// Bodies inside bodies deeper than this are an error: no post needs them, and the
    /// renderer recurses once per level.
    static let maximumDepth = 32

    struct Call {
        var name: String
        var arguments: [MarkdownDirective.Argument]
        var hasBody: Bool
        /// File line and column of the `@`.
        var line: Int
        var column: Int
        /// Index of the call's `}` line, once found.
        var closeLine: Int?
        /// False when the argument list could not be read (already a problem): its
        /// arguments are then not checked against the spec.
        var argumentsRead = true
    }

    struct Scan {
        var text: [UInt8]
        /// By the line index of the call's first line.
        var calls: [Int: Call]
        /// Line index of a `}` → line index of its call.
        var closers: [Int: Int]
        var problems: [MarkdownDirectiveProblem]
        /// Line index → the columns of indentation its body took off (lines that lost some).
        var stripped: [Int: Int] = [:]
    }

    /// A cheap test: an `@` first on a line (after spaces), followed by a known name and
    /// then `(`, `{`, a space or the line's end. Nearly every body has none.
    static func mayHoldDirective(_ text: UnsafeBufferPointer<UInt8>, catalog: MarkdownDirectiveCatalog) -> Bool {
        guard let base = text.baseAddress, !catalog.isEmpty else { return false }
        var offset = 0
        while offset < text.count, let found = memchr(base + offset, Int32(UInt8(ascii: "@")), text.count - offset) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            offset = at + 1
            var before = at - 1
            while before >= 0, text[before] == 0x20 || text[before] == 0x09 { before -= 1 }
            guard before < 0 || text[before] == 0x0A || text[before] == 0x0D else { continue }
            var end = at + 1
            while end < text.count, isNameByte(text[end]) { end += 1 }
            guard end > at + 1, end - at <= 64 else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[(at + 1)..<end]), as: UTF8.self)
            if catalog.specs[name] != nil { return true }
        }
        return false
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    private struct OpenBody {
        var call: Int
        /// Columns of the body's first non-blank line: what each of its lines loses.
        var indent: Int?
    }

    private struct Fence {
        var byte: UInt8
        var length: Int
        var line: Int
    }

    func scan(_ bytes: [UInt8]) -> Scan {
        let lines = SourceLines(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var calls: [Int: Call] = [:]
        var closers: [Int: Int] = [:]
        var problems: [MarkdownDirectiveProblem] = []
        var open: [OpenBody] = []
        var stripped: [Int: Int] = [:]
        var fence: Fence?
        var index = 0
        while index < lines.count {
            let start = lines.starts[index], end = lines.ends[index]
            var position = start, column = 0
            while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 {
                column = bytes[position] == 0x09 ? (column / 4 + 1) * 4 : column + 1
                position += 1
            }
            let blank = position == end
            if !blank, !open.isEmpty, open[open.count - 1].indent == nil { open[open.count - 1].indent = column }
            let strip = open.last.map { min(column, $0.indent ?? column) } ?? 0
            let relative = column - strip
            if strip > 0 { stripped[index] = strip }
            func keep() {
                Self.appendLine(bytes, from: start, to: end, stripping: strip, into: &output)
                output.append(contentsOf: bytes[end..<lines.nextStart(index)])
            }
            func replace(_ text: String, line: Int) {
                output.append(contentsOf: text.utf8)
                output.append(contentsOf: bytes[lines.ends[line]..<lines.nextStart(line)])
            }
            if let open = fence {
                if relative < 4, Self.closesFence(bytes, from: position, to: end, fence: open) { fence = nil }
                keep()
                index += 1
                continue
            }
            guard !blank, relative < 4 else {
                keep()
                index += 1
                continue
            }
            if let opened = Self.opensFence(bytes, from: position, to: end) {
                fence = Fence(byte: opened.byte, length: opened.length, line: index)
                keep()
                index += 1
                continue
            }
            if let body = open.last, bytes[position] == UInt8(ascii: "}"),
               Self.onlySpaces(bytes, from: position + 1, to: end) {
                closers[index] = body.call
                calls[body.call]?.closeLine = index
                open.removeLast()
                replace("<!--}-->", line: index)
                index += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "@"),
                  let parsed = parseCall(bytes, lines: lines, line: index, at: position, problems: &problems) else {
                keep()
                index += 1
                continue
            }
            if parsed.call.hasBody, open.count >= Self.maximumDepth {
                problems.append(MarkdownDirectiveProblem(line: parsed.call.line, column: parsed.call.column,
                                                         message: "directives nested more than \(Self.maximumDepth) deep; sitegen renders at most \(Self.maximumDepth)"))
                keep()
                index += 1
                continue
            }
            calls[index] = parsed.call
            if parsed.call.hasBody { open.append(OpenBody(call: index, indent: nil)) }
            if parsed.lastLine == index {
                replace("<!--@-->", line: index)
            } else {
                replace("<!--@", line: index)
                for middle in (index + 1)..<parsed.lastLine { replace("", line: middle) }
                replace("-->", line: parsed.lastLine)
            }
            index = parsed.lastLine + 1
        }
        for body in open.reversed() {
            guard let call = calls[body.call] else { continue }
            var message = "@\(call.name)'s body is never closed: end it with a line holding only }"
            if let fence, fence.line > body.call {
                message += " (the code fence opened on line \(fence.line + lineOffset + 1) inside it is never closed either)"
            }
            problems.append(MarkdownDirectiveProblem(line: call.line, column: call.column, message: message))
        }
        return Scan(text: output, calls: calls, closers: closers, problems: problems, stripped: stripped)
    }

    private static func onlySpaces(_ bytes: [UInt8], from: Int, to end: Int) -> Bool {
        var position = from
        while position < end {
            guard bytes[position] == 0x20 || bytes[position] == 0x09 else { return false }
            position += 1
        }
        return true
    }

    /// The line without its first `strip` columns of indentation (a tab that reaches past
    /// them leaves its remaining columns as spaces).
    private static func appendLine(_ bytes: [UInt8], from start: Int, to end: Int, stripping strip: Int, into output: inout [UInt8]) {
        var position = start, column = 0
        while column < strip, position < end, bytes[position] == 0x20 || bytes[position] == 0x09 {
            column = bytes[position] == 0x09 ? (column / 4 + 1) * 4 : column + 1
            position += 1
        }
        if column > strip { output.append(contentsOf: repeatElement(0x20, count: column - strip)) }
        output.append(contentsOf: bytes[position..<end])
    }

    /// A ``` or ~~~ fence opening at `position` (CommonMark's rule: three or more, and a
    /// backtick fence's info string has no backtick).
    private static func opensFence(_ bytes: [UInt8], from position: Int, to end: Int) -> (byte: UInt8, length: Int)? {
        let byte = bytes[position]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        var length = 0
        while position + length < end, bytes[position + length] == byte { length += 1 }
        guard length >= 3 else { return nil }
        if byte == UInt8(ascii: "`"), bytes[(position + length)..<end].contains(UInt8(ascii: "`")) { return nil }
        return (byte, length)
    }

    private static func closesFence(_ bytes: [UInt8], from position: Int, to end: Int, fence: Fence) -> Bool {
        var length = 0
        while position + length < end, bytes[position + length] == fence.byte { length += 1 }
        return length >= fence.length && onlySpaces(bytes, from: position + length, to: end)
    }

    /// 1-based column of `offset` in its line, in Unicode scalars.
    private static func column(_ bytes: [UInt8], lineStart: Int, offset: Int) -> Int {
        var count = 1
        for position in lineStart..<offset where bytes[position] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The call at `at` (an `@` first on line `line`): nil when the name is unknown or
    /// what follows it makes it prose (`@Image is DocC's …`).
    private func parseCall(_ bytes: [UInt8], lines: SourceLines, line: Int, at: Int,
                           problems: inout [MarkdownDirectiveProblem]) -> (call: Call, lastLine: Int)? {
        let end = lines.ends[line]
        var position = at + 1
        while position < end, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > at + 1 else { return nil }
        let name = String(decoding: bytes[(at + 1)..<position], as: UTF8.self)
        guard catalog.specs[name] != nil else { return nil }
        var afterName = position
        while afterName < end, bytes[afterName] == 0x20 || bytes[afterName] == 0x09 { afterName += 1 }
        guard afterName == end || bytes[afterName] == UInt8(ascii: "(") || bytes[afterName] == UInt8(ascii: "{") else { return nil }
        let fileLine = line + lineOffset + 1
        var call = Call(name: name, arguments: [], hasBody: false, line: fileLine,
                        column: Self.column(bytes, lineStart: lines.starts[line], offset: at))
        var lastLine = line
        var rest = afterName
        if afterName < end, bytes[afterName] == UInt8(ascii: "(") {
            var reader = ArgumentReader(bytes: bytes, lines: lines, line: line, position: afterName + 1, lineOffset: lineOffset,
                                        lastLine: min(lines.count - 1, line + Self.maximumArgumentLines))
            switch reader.read() {
            case .success(let arguments):
                call.arguments = arguments
                lastLine = reader.line
                rest = reader.position
            case .failure(let problem):
                // The call's own line only: an unclosed list must not hide the lines after it.
                problems.append(problem)
                call.argumentsRead = false
                return (call, line)
            }
        }
        let lastEnd = lines.ends[lastLine]
        while rest < lastEnd, bytes[rest] == 0x20 || bytes[rest] == 0x09 { rest += 1 }
        if rest < lastEnd, bytes[rest] == UInt8(ascii: "{") {
            call.hasBody = true
            rest += 1
            while rest < lastEnd, bytes[rest] == 0x20 || bytes[rest] == 0x09 { rest += 1 }
        }
        if rest < lastEnd {
            problems.append(MarkdownDirectiveProblem(
                line: lastLine + lineOffset + 1, column: Self.column(bytes, lineStart: lines.starts[lastLine], offset: rest),
                message: "text after @\(name)\(call.hasBody ? " {" : "(…)") on its line; a body starts on the line after {"))
        }
        return (call, lastLine)
    }
}

/// Reads `label: value, "unlabeled", …)` from a call's `(`, across lines if need be.
/// Values are `"quoted"` (with `\"` and `\\` escapes) or one bare word, as DocC takes them.
private struct ArgumentReader {
    let bytes: [UInt8]
    let lines: SourceLines
    var line: Int
    var position: Int
    let lineOffset: Int
    let lastLine: Int

    private var byte: UInt8? {
        position < lines.ends[line] ? bytes[position] : nil
    }

    private var place: (line: Int, column: Int) {
        var count = 1
        for offset in lines.starts[line]..<position where bytes[offset] & 0xC0 != 0x80 { count += 1 }
        return (line + lineOffset + 1, count)
    }

    private func problem(_ message: String) -> MarkdownDirectiveProblem {
        let (line, column) = place
        return MarkdownDirectiveProblem(line: line, column: column, message: message)
    }

    /// Skips spaces and line ends; false at the last line's end.
    private mutating func skipSpace() -> Bool {
        while true {
            while let byte, byte == 0x20 || byte == 0x09 { position += 1 }
            if byte != nil { return true }
            guard line < lastLine else { return false }
            line += 1
            position = lines.starts[line]
        }
    }

    private mutating func quoted() -> Result<String, MarkdownDirectiveProblem> {
        let open = problem("this string is never closed: end it with \" on the same line")
        position += 1
        var value: [UInt8] = []
        while let byte {
            position += 1
            if byte == UInt8(ascii: "\"") { return .success(String(decoding: value, as: UTF8.self)) }
            if byte == UInt8(ascii: "\\"), let next = self.byte, next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") {
                value.append(next)
                position += 1
                continue
            }
            value.append(byte)
        }
        return .failure(open)
    }

    private mutating func bare() -> String {
        let start = position
        while let byte, !" \t,():\"".utf8.contains(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func read() -> Result<[MarkdownDirective.Argument], MarkdownDirectiveProblem> {
        var arguments: [MarkdownDirective.Argument] = []
        while true {
            guard skipSpace() else { return .failure(problem("the argument list is never closed: end it with )")) }
            if byte == UInt8(ascii: ")") {
                position += 1
                return .success(arguments)
            }
            let labelPlace = place
            var label = ""
            var value: String
            var valuePlace = labelPlace
            if byte == UInt8(ascii: "\"") {
                switch quoted() {
                case .success(let text): value = text
                case .failure(let problem): return .failure(problem)
                }
            } else {
                let word = bare()
                guard !word.isEmpty else {
                    return .failure(problem("expected an argument (label: value) or ), not \(String(decoding: [byte ?? 0x20], as: UTF8.self))"))
                }
                let saved = (line, position)
                _ = skipSpace()
                if byte == UInt8(ascii: ":") {
                    position += 1
                    label = word
                    guard skipSpace() else { return .failure(problem("the argument list is never closed: end it with )")) }
                    valuePlace = place
                    if byte == UInt8(ascii: "\"") {
                        switch quoted() {
                        case .success(let text): value = text
                        case .failure(let problem): return .failure(problem)
                        }
                    } else {
                        value = bare()
                        if value.isEmpty, byte != UInt8(ascii: ","), byte != UInt8(ascii: ")") {
                            return .failure(problem("expected a value for \(label):"))
                        }
                    }
                } else {
                    (line, position) = saved
                    value = word
                }
            }
            arguments.append(MarkdownDirective.Argument(label: label, value: value, line: labelPlace.line, column: labelPlace.column,
                                                        valueLine: valuePlace.line, valueColumn: valuePlace.column))
            guard skipSpace() else { return .failure(problem("the argument list is never closed: end it with )")) }
            if byte == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if byte == UInt8(ascii: ")") {
                position += 1
                return .success(arguments)
            }
            let name = label.isEmpty ? "the argument" : label
            return .failure(problem("expected , or ) after the value of \(name); a value with spaces is quoted: \"…\""))
        }
    }
}
