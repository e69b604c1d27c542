import Foundation
import Testing
@testable import Highlight

/// Every ```swift block of the blog's posts highlights and comes back exactly.
@Suite("The blog's Swift blocks")
struct BlogSnippetTests {
    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of each fenced block whose info string starts with `swift`.
    static func swiftBlocks() throws -> [(file: String, code: String)] {
        let posts = projectRoot.appendingPathComponent("Content/posts")
        var blocks: [(file: String, code: String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: posts.path).sorted() where file.hasSuffix(".md") {
            let text = try String(contentsOf: posts.appendingPathComponent(file), encoding: .utf8)
            var code: [Substring]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if let lines = code {
                    if trimmed.hasPrefix("```") {
                        blocks.append((file, lines.joined(separator: "\n") + "\n"))
                        code = nil
                    } else {
                        code = lines + [line]
                    }
                } else if trimmed.hasPrefix("```swift") {
                    code = []
                }
            }
        }
        return blocks
    }

    @Test func everySwiftBlockComesBackAndIsHighlighted() throws {
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count >= 30, "found \(blocks.count) blocks")
        var kinds: Set<String> = []
        for block in blocks {
            let tokens = HighlightedTokens(block.code, .swift)
            #expect(tokens.roundTrips(block.code), "\(block.file): \(tokens.formatErrors)")
            kinds.formUnion(tokens.tokens.compactMap(\.kind))
        }
        #expect(kinds.isSuperset(of: ["k", "kt", "s", "c1"]), "\(kinds.sorted())")
    }
}
