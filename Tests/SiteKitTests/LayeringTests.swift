import Foundation
import Testing
@testable import TestSupport

/// SiteKit's folders are its pipeline stages. Swift sees every file of a module, so the
/// compiler does not keep a stage from using a later one; this test does. It reads the
/// sources, finds which folder declares each type, and fails when two folders use each
/// other's types (directly or round a longer circle).
@Suite("Layering of SiteKit's folders")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test func noFolderOfSiteKitUsesOneThatUsesItBack() throws {
        let graph = try FolderGraph(root: Self.sources.appendingPathComponent("SiteKit"))
        #expect(graph.folders.count >= 8, "the folders were not found: \(graph.folders)")
        #expect(graph.cycles().isEmpty, "folders that use each other: \(graph.cycles().map { $0.joined(separator: " → ") })")
    }

    /// The stages run in this order; a folder may use only folders listed before it
    /// (`.` is SiteBuilder, which runs them all). Keep in step with docs/architecture.md.
    static let stages = ["Routes", "Model", "Load", "Markdown", "Templates", "Render", "Write", "Create", "."]

    @Test func eachFolderUsesOnlyTheStagesBeforeIt() throws {
        let graph = try FolderGraph(root: Self.sources.appendingPathComponent("SiteKit"))
        #expect(Set(graph.folders) == Set(Self.stages), "SiteKit's folders changed: update `stages` and docs/architecture.md")
        for (folder, used) in graph.edges {
            guard let rank = Self.stages.firstIndex(of: folder) else { continue }
            for (other, types) in used {
                let otherRank = Self.stages.firstIndex(of: other) ?? Int.max
                #expect(otherRank < rank, "\(folder)/ uses \(other)/ (\(types.sorted().joined(separator: ", "))), a later stage")
            }
        }
    }

    /// The check itself finds a circle when there is one.
    @Test func theCheckFindsACircle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in [("A/A.swift", "struct Alpha { var b: Beta }"), ("B/B.swift", "struct Beta { // Alpha in a comment\n var c: Gamma }"),
                               ("C/C.swift", "enum Gamma { static let a = \"Beta\"; func f(_ x: Alpha) {} }")] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: url, atomically: true, encoding: .utf8)
        }
        let graph = try FolderGraph(root: folder)
        #expect(graph.edges["B"]?["A"] == nil, "a name in a comment is no use")
        #expect(graph.cycles() == [["A", "B", "C", "A"]])
    }
}

/// Which folder of a module uses which other folder's types.
struct FolderGraph {
    var folders: [String] = []
    /// folder → used folder → the types it uses there.
    var edges: [String: [String: Set<String>]] = [:]

    init(root: URL) throws {
        var declaredIn: [String: String] = [:]
        var code: [(folder: String, text: String)] = []
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for path in paths.sorted() where path.hasSuffix(".swift") {
            let folder = path.contains("/") ? String(path.prefix { $0 != "/" }) : "."
            let text = Self.withoutCommentsAndStrings(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
            code.append((folder, text))
            if !folders.contains(folder) { folders.append(folder) }
            for name in Self.declarations(in: text) where declaredIn[name] == nil { declaredIn[name] = folder }
        }
        for (folder, text) in code {
            for word in Self.capitalizedWords(in: text) {
                guard let owner = declaredIn[word], owner != folder else { continue }
                edges[folder, default: [:]][owner, default: []].insert(word)
            }
        }
    }

    /// Each circle once, starting at its first folder in name order.
    func cycles() -> [[String]] {
        var found: Set<[String]> = []
        for start in edges.keys.sorted() {
            var stack: [(folder: String, path: [String])] = [(start, [start])]
            while let (folder, path) = stack.popLast() {
                for next in (edges[folder] ?? [:]).keys.sorted() {
                    if next == start {
                        if path.min() == start { found.insert(path + [start]) }
                    } else if !path.contains(next) {
                        stack.append((next, path + [next]))
                    }
                }
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Type names declared at the start of a line: `struct X`, `public enum Y`, `typealias Z`.
    static func declarations(in text: String) -> [String] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        let modifiers: Set<Substring> = ["public", "package", "private", "fileprivate", "internal", "final", "indirect"]
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            guard line.first?.isLetter == true, let index = words.firstIndex(where: { !modifiers.contains($0) }),
                  keywords.contains(words[index]), index + 1 < words.count else { return nil }
            return String(words[index + 1])
        }
    }

    static func capitalizedWords(in text: String) -> Set<String> {
        Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            .filter { $0.first?.isUppercase == true }.map(String.init))
    }

    /// Code only: comments and the contents of string literals removed.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        func next(_ offset: Int = 1) -> Character? {
            text.index(index, offsetBy: offset, limitedBy: text.endIndex).flatMap { $0 < text.endIndex ? text[$0] : nil }
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "/" && next() == "/" {
                while index < text.endIndex && text[index] != "\n" { index = text.index(after: index) }
            } else if character == "/" && next() == "*" {
                var depth = 0
                repeat {
                    if text[index] == "/" && next() == "*" { depth += 1; index = text.index(index, offsetBy: 2); continue }
                    if text[index] == "*" && next() == "/" { depth -= 1; index = text.index(index, offsetBy: 2); continue }
                    index = text.index(after: index)
                } while depth > 0 && index < text.endIndex
            } else if text[index...].hasPrefix("\"\"\"") {
                index = text.index(index, offsetBy: 3)
                while index < text.endIndex && !text[index...].hasPrefix("\"\"\"") { index = text.index(after: index) }
                index = text.index(index, offsetBy: 3, limitedBy: text.endIndex) ?? text.endIndex
                result += "\"\""
            } else if character == "\"" {
                // Skips to the closing quote (escapes and interpolations are not code worth reading).
                index = text.index(after: index)
                while index < text.endIndex && text[index] != "\"" && text[index] != "\n" {
                    if text[index] == "\\" { index = text.index(after: index) }
                    if index < text.endIndex { index = text.index(after: index) }
                }
                if index < text.endIndex { index = text.index(after: index) }
                result += "\"\""
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }
}
