import Foundation
import Testing
@testable import Highlight

/// Each language's corpus (typical code as blogs show it, in `Corpus/`) highlighted by
/// sitegen and by Pygments, compared at the level of categories (comment, string, number,
/// keyword, type, function name, tag, operator, punctuation, preprocessor/attribute, and
/// the generic ones of consoles and diffs) on every non-whitespace character. Pygments is
/// the judge, run as a process (`Corpus/pygments_categories.py`); without it the test is
/// skipped with the reason.
@Suite("Agreement with Pygments")
struct PygmentsAgreementTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// (sitegen's fence word, the corpus file, Pygments' lexer). xcconfig and Mermaid have
    /// no Pygments lexer: `GrammarTests` checks their tokens.
    static let cases: [(String, String, String)] = [
        ("objc", "objc.m", "objective-c"), ("console", "console.txt", "console"), ("cpp", "cpp.cpp", "cpp"),
        ("c", "c.c", "c"), ("yaml", "yaml.yml", "yaml"), ("gdscript", "gdscript.gd", "gdscript"),
        ("ruby", "Podfile.rb", "ruby"), ("js", "javascript.js", "javascript"), ("plist", "plist.plist", "xml"),
        ("python", "python.py", "python"), ("sql", "sql.sql", "sql"), ("html", "html.html", "html"),
        ("graphql", "graphql.graphql", "graphql"), ("markdown", "markdown.md", "markdown"),
        ("diff", "Package.swift.diff", "diff"), ("java", "java.java", "java"), ("toml", "toml.toml", "toml"),
        ("proto", "protobuf.proto", "protobuf"), ("dot", "graphviz.dot", "graphviz"), ("kotlin", "kotlin.kt", "kotlin"),
        ("ts", "typescript.ts", "typescript"), ("css", "css.css", "css"), ("go", "go.go", "go"), ("rust", "rust.rs", "rust"),
        ("dockerfile", "Dockerfile", "docker"), ("makefile", "Makefile", "make"), ("ini", "ini.ini", "ini"),
        ("properties", "properties.properties", "properties"), ("bash", "shell.sh", "bash"),
    ]

    /// The category of a class, the same table as the judge script's `category`.
    static func category(_ short: String?) -> Character {
        guard let short else { return "-" }
        switch short {
        case "cp", "cpf", "nd", "na": return "P"
        case "nt": return "T"
        case "kt", "nc", "ne": return "Y"
        case "ow": return "K"
        case "bp": return "-"
        case "nf", "fm": return "F"
        case "o": return "O"
        case "gp": return "1"
        case "go": return "2"
        case "gi": return "3"
        case "gd": return "4"
        case "gu": return "5"
        case "gh": return "6"
        default: break
        }
        switch short.first {
        case "c": return "C"
        case "s": return "S"
        case "m": return "N"
        case "k": return "K"
        case "p": return "U"
        default: return short == "dl" ? "S" : short == "il" ? "N" : "-"
        }
    }

    static func pygments(_ code: String, lexer: String) throws -> [Character]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", corpus.appendingPathComponent("pygments_categories.py").path, lexer]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(code.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Array(String(decoding: data, as: UTF8.self))
    }

    /// Where sitegen differs from Pygments on purpose, Pygments' categories as sitegen means
    /// them (docs/themes.md says why): a diff's `---`/`+++` lines are file headers (`gh`),
    /// not a deletion and an insertion; Kotlin's `0x1F` is one number, where Pygments' lexer
    /// reads `0` and a name `x1F`.
    static func deliberate(_ word: String, _ code: String, _ theirs: [Character]) -> [Character] {
        var adjusted = theirs
        let scalars = Array(code.unicodeScalars)
        var lineStart = 0
        for index in scalars.indices.filter({ scalars[$0] == "\n" }) + [scalars.count] {
            let line = String(String.UnicodeScalarView(scalars[lineStart..<index]))
            if word == "diff" && (line.hasPrefix("--- ") || line.hasPrefix("+++ ")) {
                for at in lineStart..<index where at < adjusted.count { adjusted[at] = "6" }
            }
            lineStart = index + 1
        }
        if word == "kotlin" {
            for index in scalars.indices.dropLast(2) where scalars[index] == "0" && scalars[index + 1] == "x" && index < adjusted.count {
                var end = index
                while end < scalars.count && end < adjusted.count && (scalars[end].properties.isASCIIHexDigit || scalars[end] == "x") {
                    adjusted[end] = "N"
                    end += 1
                }
            }
        }
        return adjusted
    }

    static let hasPygments: Bool = {
        (try? pygments("x", lexer: "c")) != nil
    }()

    /// The agreement, in percent, with the characters where the two differ, for the message.
    static func agreement(_ code: String, word: String, lexer: String) throws -> (percent: Double, differences: String)? {
        guard let language = HighlightLanguage(infoWord: word), let judged = try pygments(code, lexer: lexer) else { return nil }
        let tokens = HighlightedTokens(code, language)
        var ours: [(Character, Character)] = []
        for token in tokens.tokens {
            for scalar in token.text.unicodeScalars { ours.append((Character(scalar), category(token.kind))) }
        }
        let theirs = deliberate(word, code, judged)
        #expect(ours.count == theirs.count, "\(word): \(ours.count) characters against Pygments' \(theirs.count)")
        var same = 0, total = 0
        var differences: [String: Int] = [:]
        var run = ""
        var runKey = ""
        for (index, (character, mine)) in ours.enumerated() where index < theirs.count {
            let isBlank = character.isWhitespace
            if !isBlank {
                total += 1
                if mine == theirs[index] { same += 1 }
            }
            let key = isBlank || mine == theirs[index] ? "" : "ours \(mine) theirs \(theirs[index])"
            if key != runKey {
                if !runKey.isEmpty { differences["\(runKey): \(run)", default: 0] += 1 }
                run = ""
                runKey = key
            }
            if !key.isEmpty { run.append(character) }
        }
        if !runKey.isEmpty { differences["\(runKey): \(run)", default: 0] += 1 }
        let listed = differences.keys.sorted().prefix(40).joined(separator: "\n  ")
        return (total == 0 ? 100 : 100 * Double(same) / Double(total), listed)
    }

    @Test(.enabled(if: hasPygments, "Pygments is not installed (pip install pygments): the judge is absent"), arguments: cases)
    func agreesWithPygments(word: String, file: String, lexer: String) throws {
        let code = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
        let result = try #require(try Self.agreement(code, word: word, lexer: lexer))
        print("Pygments agreement \(word): \(String(format: "%.1f", result.percent))%")
        #expect(result.percent >= 95, "\(word): \(String(format: "%.1f", result.percent))% of non-blank characters\n  \(result.differences)")
    }
}
