import Foundation
import SiteKit
import Support

/// Writes what a run proved into the record the build shows on the pages
/// (``VerifiedSnippets``): the compiler's messages for `fails=` blocks, the output of `run`
/// blocks, each block's status and the compiler's version.
enum VerifiedRecordWriter {
    /// `verified.json` in the cache folder: with the default one, where the build reads it.
    static func url(cacheFolder: URL) -> URL { cacheFolder.appendingPathComponent("verified.json") }

    /// Replaces the entries of the posts checked (`checked`), keeping the others.
    static func update(_ url: URL, results: [SnippetResult], checked: Set<String>, swiftVersion: String) {
        var stored = VerifiedSnippets.stored(at: url).filter { !checked.contains($0.key) }
        for result in results where checked.contains(result.block.file) {
            for (key, entry) in entries(for: result, swiftVersion: swiftVersion) {
                stored[result.block.file, default: [:]][key] = entry
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else { return }
        CacheFile.write(data, to: url)
        CacheFile.write(Data(swiftVersion.utf8), to: VerifiedSnippets.lastVersionURL(recordURL: url))
    }

    /// The block's entry, and one for the ```` ```output ```` block after a `run` block.
    static func entries(for result: SnippetResult, swiftVersion: String) -> [(String, VerifiedSnippets.Entry)] {
        let block = result.block
        let status: VerifiedSnippets.Status
        switch result.outcome {
        case .passed: status = .passed
        case .failed: status = .failed
        case .notProven: status = .notProven
        case .skipped: status = .skipped
        }
        var entry = VerifiedSnippets.Entry(status: status, swiftVersion: swiftVersion, output: result.output,
                                           types: status == .passed ? result.types : nil)
        if status == .passed {
            let shown = HiddenLines.shownLineNumbers(block.code)
            let lines = HiddenLines.lines(block.code)
            entry.messages = result.messages.map { diagnostic in
                let index = (diagnostic.location?.line ?? 0) - block.firstLine
                let number = shown.indices.contains(index) ? shown[index] : nil
                return VerifiedSnippets.Message(line: number, column: (diagnostic.location?.column ?? 1) - block.indentation,
                                                severity: diagnostic.severity.rawValue, text: diagnostic.message,
                                                source: number == nil ? nil : String(lines[index]))
            }
        }
        var entries = [(VerifiedSnippets.key(file: block.file, info: block.info, code: block.code), entry)]
        if let written = block.expectedOutput, block.attributes.run {
            entries.append((VerifiedSnippets.outputKey(file: block.file, runInfo: block.info, runCode: block.code, output: written), entry))
        }
        return entries
    }
}
