import Foundation
import SiteKit

/// A fenced code block of a post whose info string starts with `swift`, with where it is.
package struct SnippetBlock: Sendable, Hashable {
    /// The post, relative to the site root (`Content/posts/x.md`).
    var file: String
    /// The line of the opening fence.
    var fenceLine: Int
    /// Columns the fence is indented by (inside a list item), added to compiler columns.
    var indentation: Int = 0
    var info: String
    var code: String
    var attributes: SnippetAttributes
    /// For `run`: the text of an ```` ```output ```` block right after this one.
    var expectedOutput: String?

    /// The file line of the code's first line.
    var firstLine: Int { fenceLine + 1 }

    /// The file lines the code occupies.
    var lines: ClosedRange<Int> { firstLine...(firstLine + max(0, lineCount - 1)) }

    var lineCount: Int { code.isEmpty ? 0 : code.split(separator: "\n", omittingEmptySubsequences: false).count - (code.hasSuffix("\n") ? 1 : 0) }

    /// `Content/posts/x.md:12`, how reports name the block.
    package var place: String { "\(file):\(fenceLine)" }
}
