import SiteKit
import Support
/// What the words after `swift` in a fence's info string ask for. Parsed strictly: an
/// unknown or malformed word is an error, never silently ignored.
struct SnippetAttributes: Sendable, Hashable {
    enum ExpectedFailure: Sendable, Hashable, CustomStringConvertible {
        /// A diagnostic ID, as `-debug-diagnostic-names` prints it (`superclass_not_open`).
        case id(String)
        /// The diagnostic's message, exactly.
        case message(String)

        var description: String {
            switch self {
            case .id(let id): return "[\(id)]"
            case .message(let message): return "\"\(message)\""
            }
        }
    }

    /// `skip(reason)`: not compiled; the reason is reported.
    var skipReason: String?
    /// `program=NAME`: a separate program of the post.
    var program: String?
    /// `from=PROGRAM` (with `program=`): the new program starts as a copy of `PROGRAM` so far,
    /// and its blocks replace the copied declarations of the same names (a later version).
    var base: String?
    /// `isolated`: a program of its own.
    var isolated = false
    /// `member-of=Type`: spliced into the body of `Type`, declared by an earlier block.
    var memberOf: String?
    /// `module=Name`: built as module `Name`, which other blocks may `import`.
    var module: String?
    /// `fails=ID` / `fails="message"`: must fail with exactly this diagnostic.
    var expectedFailure: ExpectedFailure?
    /// `platform=apple`: needs an Apple SDK; skipped elsewhere.
    var needsAppleSDK = false
    /// `run`: compiled, run, and its output compared.
    var run = false

    init() {}

    /// A problem with one word, at its column in the info string (0-based).
    struct ParseError: Error, Sendable, Equatable {
        var offset: Int
        var message: String
    }

    /// Parses the words after the first one (`swift`) with the build's fence parser: the
    /// display words (`title=`, `linenos`, `{2,4-6}`, …) are read and change nothing here.
    static func parse(_ info: String) throws(ParseError) -> SnippetAttributes {
        let fence: FenceInfo
        do throws(FenceInfo.Problem) {
            fence = try FenceInfo.parse(info)
        } catch {
            throw ParseError(offset: error.offset, message: error.message)
        }
        return try parse(fence)
    }

    static func parse(_ fence: FenceInfo) throws(ParseError) -> SnippetAttributes {
        var attributes = SnippetAttributes()
        for word in fence.snippetWords { try attributes.apply(word) }
        try attributes.checkCombination()
        return attributes
    }

    private mutating func apply(_ word: InfoScanner.Word) throws(ParseError) {
        func fail(_ message: String) -> ParseError { ParseError(offset: word.offset, message: message) }
        func value(_ what: String) throws(ParseError) -> String {
            guard let value = word.value, !value.isEmpty else { throw fail("'\(word.name)' needs a value: \(word.name)=\(what)") }
            return value
        }
        func identifier(_ what: String) throws(ParseError) -> String {
            let text = try value(what)
            guard text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }),
                  let first = text.unicodeScalars.first, !(first.properties.numericType != nil) else {
                throw fail("'\(word.name)=\(text)': \(what) must be a Swift identifier")
            }
            return text
        }
        switch word.name {
        case "skip":
            guard let reason = word.argument?.trimmingCharacters(in: .whitespaces), !reason.isEmpty else {
                throw fail("'skip' needs a reason: skip(why this block is not compiled)")
            }
            skipReason = reason
        case "ignore":
            throw fail("'ignore' is written skip(reason) here, with the reason")
        case "program":
            program = try value("NAME")
        case "from":
            base = try value("PROGRAM")
        case "isolated":
            try noValue(word)
            isolated = true
        case "member-of":
            memberOf = try identifier("a type name")
        case "module":
            module = try identifier("a module name")
        case "fails":
            guard let text = word.value, !text.isEmpty else { throw fail("'fails' needs the diagnostic: fails=diagnostic_id or fails=\"message\"") }
            expectedFailure = word.quoted ? .message(text) : .id(text)
        case "platform":
            let platform = try value("apple")
            guard platform == "apple" else { throw fail("unknown platform '\(platform)'; the only one is platform=apple") }
            needsAppleSDK = true
        case "run":
            try noValue(word)
            run = true
        default:
            throw fail("'\(word.name)' is no snippet word")  // FenceInfo passes only snippet words
        }
    }

    private func noValue(_ word: InfoScanner.Word) throws(ParseError) {
        if word.value != nil || word.argument != nil {
            throw ParseError(offset: word.offset, message: "'\(word.name)' takes no value")
        }
    }

    private func checkCombination() throws(ParseError) {
        let programs = [program != nil, isolated, module != nil].filter { $0 }.count
        if programs > 1 {
            throw ParseError(offset: 0, message: "choose one of program=, isolated and module=: a block belongs to one program")
        }
        if base != nil && program == nil {
            throw ParseError(offset: 0, message: "from= names the program a new program= starts from; add program=NAME")
        }
        if memberOf != nil && (isolated || module != nil) {
            throw ParseError(offset: 0, message: "member-of= splices into an earlier block's type; it cannot also start a program")
        }
        if run && expectedFailure != nil {
            throw ParseError(offset: 0, message: "a block cannot both run and be expected to fail")
        }
    }
}
