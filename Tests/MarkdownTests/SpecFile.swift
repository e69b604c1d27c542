import Foundation
import Testing

/// One ```` example ```` block of the CommonMark spec (or the GFM spec, whose extension
/// examples name their extension after the word: ```` example table ````).
struct SpecExample: Sendable, CustomStringConvertible {
    let number: Int
    let section: String
    let markdown: String
    let html: String
    /// The word after `example` in the fence; empty for plain CommonMark examples.
    var tag: String = ""

    var description: String { "example \(number) (\(section))" }
}

/// The CommonMark spec text, read at test time from the shared directory.
///
/// It is never copied into the package: the shared directory is found from
/// `SITEGEN_SHARED` when set, otherwise as `<package root>/../shared`, which
/// holds both here (/work/mdpkg) and in the main repository (/work/main).
enum SpecFile {
    static let relativePath = "specs/commonmark/spec-0.30.txt"

    static var sharedDirectory: URL {
        if let shared = ProcessInfo.processInfo.environment["SITEGEN_SHARED"], !shared.isEmpty {
            return URL(fileURLWithPath: shared, isDirectory: true)
        }
        // #filePath is <root>/Tests/MarkdownTests/SpecFile.swift.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }

    static var url: URL { url(relativePath) }

    static func url(_ relativePath: String) -> URL { sharedDirectory.appendingPathComponent(relativePath) }

    static var exists: Bool { exists(relativePath) }

    static func exists(_ relativePath: String) -> Bool { FileManager.default.fileExists(atPath: url(relativePath).path) }

    static func missingReason(_ relativePath: String) -> Comment {
        Comment(rawValue: "\(relativePath) not found at \(url(relativePath).path) (set SITEGEN_SHARED to the shared directory); its examples not run")
    }

    /// Shown as the skip reason when the spec is missing, so a missing file is
    /// visible in the test report instead of looking like a pass.
    static var missingReason: Comment {
        Comment(rawValue: "CommonMark spec not found at \(url.path) (set SITEGEN_SHARED to the shared directory); spec examples not run")
    }

    /// Parsed the way cmark's test/spec_tests.py does: examples are fenced by
    /// 32 backticks + " example", markdown and HTML are separated by a lone
    /// ".", `→` stands for a tab, and the section is the latest `#` heading.
    static func examples(_ relativePath: String = relativePath) throws -> [SpecExample] {
        let text = try String(contentsOf: url(relativePath), encoding: .utf8)
        let fence = String(repeating: "`", count: 32)
        enum State { case prose, markdown, html }

        var state = State.prose
        var section = ""
        var markdown = ""
        var html = ""
        var tag = ""
        var examples: [SpecExample] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            switch state {
            case .prose:
                if line.hasPrefix(fence + " example") {
                    state = .markdown
                    markdown = ""
                    html = ""
                    tag = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                } else if let heading = sectionTitle(line) {
                    section = heading
                }
            case .markdown:
                if line == "." {
                    state = .html
                } else {
                    markdown += line.replacingOccurrences(of: "→", with: "\t") + "\n"
                }
            case .html:
                if line == fence {
                    state = .prose
                    examples.append(SpecExample(
                        number: examples.count + 1, section: section, markdown: markdown, html: html, tag: tag))
                } else {
                    html += line.replacingOccurrences(of: "→", with: "\t") + "\n"
                }
            }
        }
        return examples
    }

    private static func sectionTitle(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard !hashes.isEmpty, line.dropFirst(hashes.count).first == " " else { return nil }
        return line.dropFirst(hashes.count + 1).trimmingCharacters(in: .whitespaces)
    }
}
