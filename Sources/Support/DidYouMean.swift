/// Suggests the known word closest to a misspelt one (`titel` → `title`).
package enum DidYouMean {
    package static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            // More than `limit` apart in length is more than `limit` edits apart: not computed,
            // so a long or hostile word costs no more than its length.
            guard abs(other.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Edit distance over Unicode scalars where swapping two neighbours counts as one
    /// edit (optimal string alignment), since `titel` for `title` is the common slip.
    static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// Three rows of the table (the transposition looks two rows back), not the whole table.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// The path closest to a mistyped one (`/tags/swiftt/` → `/tags/swift/`): a slip in
    /// its last segment among the paths of the same folder, else a slip in its folder among
    /// the paths that end in the same segment. Each candidate is split once and only names
    /// of one folder are compared, so a site of many thousand paths costs one pass.
    package static func path(for path: String, among candidates: some Sequence<String>) -> String? {
        let (folder, name) = split(path)
        var sameFolder: [String] = [], sameName: [String] = []
        for candidate in candidates where candidate != path {
            let (otherFolder, otherName) = split(candidate)
            if otherFolder == folder { sameFolder.append(String(otherName)) }
            else if otherName == name && !name.isEmpty { sameName.append(String(otherFolder)) }
        }
        if let near = suggestion(for: String(name), among: sameFolder) {
            return folder + near + (path.hasSuffix("/") ? "/" : "")
        }
        return suggestion(for: String(folder), among: sameName).map { $0 + name + (path.hasSuffix("/") ? "/" : "") }
    }

    /// `/tags/swift/` → (`/tags/`, `swift`); `/a.png` → (`/`, `a.png`).
    private static func split(_ path: String) -> (folder: Substring, name: Substring) {
        let trimmed = path.hasSuffix("/") ? path.dropLast() : Substring(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", trimmed) }
        return (trimmed[...slash], trimmed[trimmed.index(after: slash)...])
    }

    /// ` (did you mean '/tags/swift/'?)` or an empty string.
    package static func pathHint(for path: String, among candidates: some Sequence<String>) -> String {
        self.path(for: path, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// ` (did you mean 'title'?)` or an empty string.
    package static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
