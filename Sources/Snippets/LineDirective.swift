/// `#sourceLocation(file:line:)` (or the old `#line 5 "file"`, which swiftc still obeys)
/// tells the compiler its code is in another file: a report would then show a line of any
/// file of the machine (`/etc/passwd`). check-snippets writes its own; posts, the prelude and
/// the stubs may not.
enum LineDirective {
    static let message = "a snippet may not contain #sourceLocation or a #line directive: check-snippets maps lines to the post itself, and a directive could make the report show any file of this machine"

    /// The first one in `text`, anywhere (comments and strings too): its 1-based line and column.
    static func find(in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column: String.Index?
            if let range = line.range(of: "#sourceLocation") { column = range.lowerBound }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if column == nil, trimmed.hasPrefix("#line"), trimmed.dropFirst(5).first.map({ $0 == " " || $0 == "\t" }) ?? true {
                column = trimmed.startIndex
            }
            if let column {
                return (index + 1, line.unicodeScalars.distance(from: line.startIndex, to: column) + 1)
            }
        }
        return nil
    }
}
