/// Entries kept by source file, found for a whole build's list of files at once. Each
/// position of the last lookup remembers the entry it found: a rebuild lists the files in
/// the same order, so it compares each file's key at its position (strings that share
/// storage with the last build's compare at once) instead of hashing every path.
struct FileEntries<Entry> {
    private var byFile: [String: Entry] = [:]
    private var byPosition: [Entry?] = []

    /// The entry of each file that `matches` accepts (its key is the one wanted), else nil.
    mutating func lookUp(_ files: [String], matches: (Int, Entry) -> Bool) -> [Entry?] {
        let known = byPosition
        let found = files.indices.map { position -> Entry? in
            if position < known.count, let entry = known[position], matches(position, entry) { return entry }
            guard let entry = byFile[files[position]], matches(position, entry) else { return nil }
            return entry
        }
        byPosition = found
        return found
    }

    /// Keeps `entry` for `file`, which the last lookup listed at `position`.
    mutating func store(_ entry: Entry, file: String, position: Int) {
        byFile[file] = entry
        if position < byPosition.count { byPosition[position] = entry }
    }

    mutating func removeAll() {
        byFile = [:]
        byPosition = []
    }

    mutating func keep(only files: Set<String>) {
        byFile = byFile.filter { files.contains($0.key) }
        byPosition = []
    }
}
