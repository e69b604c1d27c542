/// A place in a source file, 1-based, as editors and swiftc count: line and
/// column (in Unicode scalars from the start of the line).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
