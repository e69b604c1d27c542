/// Suggests the known word closest to a misspelt one (`titel` → `title`).
public enum DidYouMean {
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, word.count / 3))
        return best.1 <= limit ? best.0 : nil
    }

    /// Edit distance over Unicode scalars where swapping two neighbours counts as one
    /// edit (optimal string alignment), since `titel` for `title` is the common slip.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// ` (did you mean 'title'?)` or an empty string.
    public static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
