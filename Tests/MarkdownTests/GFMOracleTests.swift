import Foundation
@testable import Markdown
import Testing

/// Debian's `cmark-gfm` binary (apt `cmark-gfm`, 0.29.0.gfm.6) as the oracle: run as a
/// process, never linked.
enum CmarkGFM {
    static let arguments = ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes"]
    static let options = MarkdownOptions(allowRawHTML: true, extensions: [.table, .strikethrough, .autolink, .tasklist, .footnotes])

    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("cmark-gfm") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var missingReason: Comment {
        "cmark-gfm is not installed (apt-get install -y cmark-gfm); the oracle comparison was not run"
    }

    static func html(_ markdown: String) throws -> String {
        struct NotInstalled: Error {}
        guard let executable else { throw NotInstalled() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Write on another thread: a large document could fill the output pipe first.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(markdown.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

@Suite("cmark-gfm oracle", .enabled(if: CmarkGFM.executable != nil, CmarkGFM.missingReason))
struct GFMOracleTests {
    @Test("A generated corpus full of GFM renders byte for byte as cmark-gfm renders it")
    func generatedCorpus() throws {
        var generator = GFMCorpusGenerator(seed: 14)
        var mismatches: [(index: Int, markdown: String, ours: String, theirs: String)] = []
        let count = 300
        var bytes = 0
        for index in 0..<count {
            let markdown = generator.document()
            bytes += markdown.utf8.count
            let ours = try MarkdownDocument.parse(markdown, options: CmarkGFM.options).html()
            let theirs = try CmarkGFM.html(markdown)
            if ours != theirs { mismatches.append((index, markdown, ours, theirs)) }
        }
        print("cmark-gfm oracle: \(count - mismatches.count)/\(count) generated documents (\(bytes) bytes) identical")
        for mismatch in mismatches.prefix(3) {
            let ours = mismatch.ours.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = mismatch.theirs.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
            Issue.record("""
                document \(mismatch.index) differs at HTML line \(line + 1):
                ours:   \(line < ours.count ? String(ours[line]) : "<end>")
                theirs: \(line < theirs.count ? String(theirs[line]) : "<end>")
                markdown: \(mismatch.markdown.debugDescription)
                """)
        }
        #expect(mismatches.map(\.index) == [])
    }

    /// Where this renderer means to differ from cmark-gfm, each with its reason: libcmark
    /// keeps no source text for inlines, and a few cmark-gfm behaviours are its own quirks.
    static let intendedDifferences: [(markdown: String, ours: String, reason: String)] = [
        ("~a *b~ c*\n", "<p>~a <em>b~ c</em></p>\n",
         "strikethrough pairs only within libcmark's emphasis; cmark-gfm lets a tilde closer that comes first win over the emphasis"),
        ("see http://a.com/*b*\n", "<p>see <a href=\"http://a.com/\">http://a.com/</a><em>b</em></p>\n",
         "a URL ends where libcmark's text ends (here at emphasis); cmark-gfm reads the raw line up to whitespace"),
        ("a \\~b~ c\n", "<p>a <del>b</del> c</p>\n",
         "an escaped tilde reads as a tilde in libcmark's text; cmark-gfm keeps it from pairing"),
        ("[^1]: a\n   \n    b\n\nx[^1]\n",
         "<p>x<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a></sup></p>\n<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-1\">\n<p>a</p>\n<p>b <a href=\"#fnref-1\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a></p>\n</li>\n</ol>\n</section>\n",
         "a line of one to three spaces is blank here, as in every CommonMark container; cmark-gfm's footnote definition ends at it"),
    ]

    @Test("Each intended difference renders as documented, and cmark-gfm renders it differently")
    func intendedDifferencesAreStillDifferent() throws {
        for difference in Self.intendedDifferences {
            let ours = try MarkdownDocument.parse(difference.markdown, options: CmarkGFM.options).html()
            #expect(ours == difference.ours, "\(difference.reason)")
            let theirs = try CmarkGFM.html(difference.markdown)
            #expect(theirs != ours, "cmark-gfm now agrees; drop it from the list: \(difference.reason)")
        }
    }
}
