import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Support
@testable import YAML
@testable import TestSupport

/// The Support pieces under the reliability fixes: regular-file reads, the site boundary
/// for links, the folder exchange, the line index and excerpts of diagnostics.
@Suite("Files, links and source lines")
struct FileSafetyTests {
    static func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-files-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ url: URL) {
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }

    @Test func regularFilesAreReadAndFIFOsRefusedWithoutBlocking() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        Self.write("text", root.appendingPathComponent("a.txt"))
        #expect(try RegularFile.read(root.appendingPathComponent("a.txt").path) == Array("text".utf8))
        let fifo = root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: RegularFile.Failure(message: "not a regular file (a FIFO); only regular files are read")) {
            try RegularFile.read(fifo)
        }
        #expect(throws: RegularFile.Failure(message: "not a regular file (a folder); only regular files are read")) {
            try RegularFile.read(root.path)
        }
        #expect(throws: RegularFile.Failure(message: "no such file")) { try RegularFile.read(root.path + "/missing") }
        try RegularFile.copy(root.appendingPathComponent("a.txt").path, to: root.appendingPathComponent("b.txt").path)
        #expect(try String(contentsOf: root.appendingPathComponent("b.txt"), encoding: .utf8) == "text")
    }

    @Test func theBoundaryFollowsLinksInsideAndNamesEveryOtherEntry() throws {
        let root = Self.folder(), outside = Self.folder()
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: outside) }
        Self.write("secret", outside.appendingPathComponent("secret.txt"))
        Self.write("ok", root.appendingPathComponent("shared/ok.txt"))
        let files = root.appendingPathComponent("files")
        Self.write("plain", files.appendingPathComponent("plain.txt"))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: files.appendingPathComponent("inside.txt").path, withDestinationPath: "../shared/ok.txt")
        try fm.createSymbolicLink(atPath: files.appendingPathComponent("outside.txt").path, withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        try fm.createSymbolicLink(atPath: files.appendingPathComponent("folder").path, withDestinationPath: "../shared")
        try fm.createSymbolicLink(atPath: files.appendingPathComponent("loop").path, withDestinationPath: "loop")
        try fm.createSymbolicLink(atPath: files.appendingPathComponent("gone").path, withDestinationPath: "nothing")
        #expect(mkfifo(files.appendingPathComponent("pipe").path, 0o644) == 0)
        Self.write("hidden", files.appendingPathComponent(".hidden.md"))

        let boundary = FolderBoundary(root: root.path)
        let listed = boundary.files(below: files.path, includeHidden: false)
        #expect(listed.files == ["inside.txt", "plain.txt"])
        #expect(listed.hidden == [".hidden.md"])
        let problems = Dictionary(uniqueKeysWithValues: listed.problems.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.message) })
        #expect(problems.keys.sorted() == ["folder", "gone", "loop", "outside.txt", "pipe"])
        #expect(problems["outside.txt"]?.contains("outside the site folder") == true)
        #expect(problems["folder"]?.hasPrefix("symbolic link to a folder") == true)
        #expect(problems["loop"]?.hasPrefix("symbolic link loop") == true)
        #expect(problems["gone"] == "broken symbolic link: its target nothing does not exist")
        #expect(problems["pipe"] == "not a regular file (a FIFO); only regular files are read")

        #expect(boundary.problem(withFile: files.appendingPathComponent("inside.txt").path) == nil)
        #expect(boundary.problem(withFile: files.appendingPathComponent("outside.txt").path)?.message.contains("outside") == true)
        // A linked folder above the files is named, not each file below it.
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("elsewhere").path, withDestinationPath: outside.path)
        let through = boundary.files(below: root.appendingPathComponent("elsewhere").path, includeHidden: false)
        #expect(through.files.isEmpty)
        #expect(through.problems.map(\.path) == [root.appendingPathComponent("elsewhere").path])
    }

    @Test func twoFoldersAreExchangedInOneStep() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        Self.write("a", root.appendingPathComponent("a/file"))
        Self.write("b", root.appendingPathComponent("b/file"))
        #expect(FolderExchange.exchange(root.appendingPathComponent("a").path, root.appendingPathComponent("b").path))
        #expect(try String(contentsOf: root.appendingPathComponent("a/file"), encoding: .utf8) == "b")
        #expect(try String(contentsOf: root.appendingPathComponent("b/file"), encoding: .utf8) == "a")
    }

    @Test func linesAreFoundByNumberWhateverTheLineEnds() {
        let index = LineIndex(Array("\u{FEFF}one\r\ntwo\rthree\nlast".utf8))
        #expect((1...4).map { index.line($0) } == ["one", "two", "three", "last"])
        #expect(index.line(0) == nil)
        #expect(index.line(5) == nil)
        #expect(LineIndex(Array("a\n".utf8)).line(2) == "", "the empty line after the last line end")
    }

    @Test func longLinesAreCutAroundTheColumn() {
        let short = SourceExcerpt(line: "\tlet x = 1", column: 6)
        #expect(short.text == "\tlet x = 1")
        #expect(short.caretIndent == "\t    ")
        let line = String(repeating: "a", count: 1_000) + "X" + String(repeating: "b", count: 1_000)
        let middle = SourceExcerpt(line: line, column: 1_001, width: 40)
        #expect(middle.text == "…" + String(repeating: "a", count: 20) + "X" + String(repeating: "b", count: 19) + "…")
        #expect(Array(middle.text.unicodeScalars)[middle.column - 1] == "X")
        let start = SourceExcerpt(line: line, column: 3, width: 40)
        #expect(start.text == String(repeating: "a", count: 40) + "…")
        #expect(start.column == 3)
        let end = SourceExcerpt(line: line, column: 2_001, width: 40)
        #expect(end.text == "…" + String(repeating: "b", count: 40))
        #expect(end.column == 41)
        let past = SourceExcerpt(line: line, column: 5_000, width: 40)
        #expect(past.column == 42, "after the last character, as the line's end is")
    }

    /// The excerpt read around the column (issue 22: thousands of diagnostics on one long line
    /// each decoded the whole line) is the excerpt of the whole line, multi-byte text included.
    @Test func excerptsReadAroundTheColumnAreThoseOfTheWholeLine() {
        let pieces = ["a", "é", "日本", "🙂", "\t", " ", "x̂"]
        var generator = SplitMix(seed: 22)
        for length in [0, 5, 119, 120, 121, 300, 700, 5_000] {
            var line = ""
            while line.unicodeScalars.count < length { line += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
            var index = LineIndex(Array(("first\n" + line + "\r\nlast").utf8))
            let count = line.unicodeScalars.count
            for column in [1, 2, 60, 61, 62, count / 2, count - 61, count - 1, count, count + 1, count + 50] where column >= 1 {
                let expected = SourceExcerpt(line: line, column: column)
                #expect(index.excerpt(2, column: column) == expected, "length \(length), column \(column)")
            }
        }
        var index = LineIndex(Array("one\n".utf8))
        #expect(index.excerpt(3, column: 1) == nil)
    }

    @Test func columnsOfByteOffsetsAndBack() {
        let text = Array(("ab\n" + String(repeating: "é日🙂x", count: 500) + "\nend").utf8)
        var columns = ScalarColumns()
        text.withUnsafeBufferPointer { buffer in
            let lineStart = 3
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A)!
            var offset = lineStart
            var column = 1
            while offset <= lineEnd {
                #expect(columns.column(of: offset, lineStart: lineStart, in: buffer) == column)
                #expect(columns.offset(ofColumn: column, lineStart: lineStart, lineEnd: lineEnd, in: buffer) == offset)
                guard offset < lineEnd else { break }
                let lead = text[offset]
                offset += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                column += 1
            }
            #expect(columns.offset(ofColumn: column + 10, lineStart: lineStart, lineEnd: lineEnd, in: buffer) == lineEnd)
        }
    }

    @Test func sourceLinesAreReadAgainOnlyWhenTheFileChangesAndNeverOutsideTheRoot() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.md")
        Self.write("first\nsecond\n", file)
        let cache = SourceLineCache(root: root)
        #expect(cache.line(2, of: "a.md", root: root) == "second")
        Self.write("first\nchanged line\n", file)
        #expect(cache.line(2, of: "a.md", root: root) == "changed line")
        #expect(cache.line(1, of: "/etc/hostname", root: root) == nil, "a file outside the site is not echoed")
        #expect(mkfifo(root.appendingPathComponent("pipe.md").path, 0o644) == 0)
        #expect(cache.line(1, of: "pipe.md", root: root) == nil)
    }

    @Test func didYouMeanStillFindsSlipsAndSkipsFarWords() {
        #expect(DidYouMean.suggestion(for: "titel", among: ["date", "title", "tags"]) == "title")
        #expect(DidYouMean.suggestion(for: "tgas", among: ["date", "title", "tags"]) == "tags")
        #expect(DidYouMean.suggestion(for: "zzzzzzzz", among: ["date", "title", "tags"]) == nil)
        #expect(DidYouMean.suggestion(for: String(repeating: "x", count: 100_000), among: ["title"]) == nil)
        #expect(DidYouMean.editDistance("kitten", "sitting") == 3)
        #expect(DidYouMean.editDistance("ab", "ba") == 1)
    }

    /// Aliases copy nodes: a chain of them may not build a tree deeper than the bound,
    /// whose release and comparison recurse.
    @Test func aliasesCannotNestPastTheBound() {
        var yaml = "a0: &a0 [x]\n"
        for level in 1...100 { yaml += "a\(level): &a\(level) [*a\(level - 1)]\n" }
        #expect(throws: YAMLError.self) { try YAMLParser.parse(yaml) }
        #expect((try? YAMLParser.parse("a: &a [[x]]\nb: [*a, *a]\n")) != nil)
    }

    @Test func lineNumbersInsideYAMLMessagesMoveWithTheFrontMatter() throws {
        do {
            _ = try YAMLParser.parse("key: [a, b\nc: d\n")
            Issue.record("parsed")
        } catch {
            #expect(error.message.contains("at line 1"), "\(error.message)")
            #expect(error.shifted(by: 5).message.contains("at line 6"), "\(error.shifted(by: 5).message)")
            #expect(!error.shifted(by: 5).message.contains("\u{1}"))
        }
    }
}
