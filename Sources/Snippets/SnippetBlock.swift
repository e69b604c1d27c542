import Foundation
import SiteKit

/// A fenced code block of a post whose info string starts with `swift`, with where it is.
public struct SnippetBlock: Sendable, Hashable {
    /// The post, relative to the site root (`Content/posts/x.md`).
    public var file: String
    /// The line of the opening fence.
    public var fenceLine: Int
    /// Columns the fence is indented by (inside a list item), added to compiler columns.
    public var indentation: Int
    public var info: String
    public var code: String
    public var attributes: SnippetAttributes
    /// For `run`: the text of an ```` ```output ```` block right after this one.
    public var expectedOutput: String?

    public init(file: String, fenceLine: Int, indentation: Int = 0, info: String, code: String,
                attributes: SnippetAttributes, expectedOutput: String? = nil) {
        self.file = file
        self.fenceLine = fenceLine
        self.indentation = indentation
        self.info = info
        self.code = code
        self.attributes = attributes
        self.expectedOutput = expectedOutput
    }

    /// The file line of the code's first line.
    public var firstLine: Int { fenceLine + 1 }

    /// The file lines the code occupies.
    public var lines: ClosedRange<Int> { firstLine...(firstLine + max(0, lineCount - 1)) }

    public var lineCount: Int { code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count - (code.hasSuffix("\n") ? 1 : 0) }

    /// `Content/posts/x.md:12`, how reports name the block.
    public var place: String { "\(file):\(fenceLine)" }
}
