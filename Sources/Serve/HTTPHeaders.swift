/// Header fields in the order they came or will be sent; names compare without case.
struct HTTPHeaders: Sendable, Sequence {
    private(set) var fields: [(name: String, value: String)]

    init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// The first field of that name.
    subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringCase(name) }?.value
    }

    /// Every field of that name, in order (a list may be split over several fields).
    func values(_ name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringCase(name) }.map(\.value)
    }

    /// The comma-separated elements of every field of that name, trimmed and lowercased:
    /// `Connection: keep-alive, Upgrade` → `["keep-alive", "upgrade"]`.
    func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingHTTPSpace().lowercased() }.filter { !$0.isEmpty }
    }

    mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field of that name by one.
    mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringCase(name) }
    }

    func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

extension String {
    fileprivate func equalsIgnoringCase(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
