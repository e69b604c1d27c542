import Foundation
import Support

/// The pages' search entries of the last full build, kept in `.sitegen-cache/search/` by
/// what each was made from, so that a build reads an unchanged page's entry instead of
/// cutting its HTML into words again (docs/search.md, "Build cost"). Most of the index's
/// cost was making the entries; a page's key costs one fast pass over its HTML.
///
/// An entry is found by a ``SearchEntryKey`` of its ``SearchDocument/Source``, in a file
/// stamped with the running sitegen's executable (its size and modification time): a new
/// sitegen, whose tokenizer may cut words otherwise, starts from an empty store. The file
/// is a cache: unreadable, cut short, or of another stamp, it counts as empty, and every
/// entry is made again. Safe to use from every core.
final class SearchEntryStore: @unchecked Sendable {
    /// The file's first bytes, with its layout's version.
    static let magic: [UInt8] = Array("sitegen-search-entries-1\n".utf8)

    let url: URL
    /// Who wrote the file: entries made by another sitegen are not read.
    private let stamp: [UInt8]
    /// The file's bytes, and where each entry's encoding is in them.
    private let loaded: [UInt8]
    private let found: [SearchEntryKey: Range<Int>]
    private let lock = NSLock()
    /// The entries this build used, by key: the ones kept and the ones made. Guarded by `lock`.
    private var used: [SearchEntryKey: SearchDocument] = [:]
    private var made = 0

    /// `.sitegen-cache/search/entries.bin` below `siteRoot`.
    static func url(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/search/entries.bin")
    }

    /// Reads the store at `url`; a file of another stamp, or damaged, is taken as empty.
    /// `stamp`: what tells this sitegen's entries from another's (``executableStamp``).
    init(url: URL, stamp: [UInt8] = SearchEntryStore.executableStamp) {
        self.url = url
        self.stamp = stamp
        let bytes = CacheFile.read(url) ?? []
        let found = Self.entries(in: bytes, stamp: stamp)
        loaded = found == nil ? [] : bytes
        self.found = found ?? [:]
    }

    /// The running executable's size and modification time: a rebuilt or upgraded sitegen
    /// is another file. Empty when it cannot be found, which no file's stamp equals.
    static let executableStamp: [UInt8] = {
        guard let path = Bundle.main.executablePath, let status = FileStatus.of(path) else { return [] }
        return Array("\(status.size) \(status.modifiedNanoseconds)".utf8)
    }()

    /// How many entries the file held, and how many this build made.
    var counts: (kept: Int, made: Int) { lock.withLock { (found.count, made) } }

    /// The entry of `source`: the store's, or made now and kept for ``save()``.
    func document(for source: SearchDocument.Source) -> SearchDocument {
        let key = SearchEntryKey(source)
        if let range = found[key], let document = SearchDocument(encoded: loaded[range]) {
            lock.withLock { used[key] = document }
            return document
        }
        let document = SearchDocument(source)
        lock.withLock {
            used[key] = document
            made += 1
        }
        return document
    }

    /// Writes the entries this build used, when they differ from the file's: a page made
    /// (new, or changed) or one no longer used (deleted). Entries in the order of their
    /// keys, so that the same entries make the same file.
    func save() {
        let entries = lock.withLock { () -> [(key: SearchEntryKey, value: SearchDocument)]? in
            guard made > 0 || used.count != found.count else { return nil }
            return used.sorted { $0.key < $1.key }
        }
        // A store without a stamp would never be read.
        guard let entries, !stamp.isEmpty else { return }
        var bytes = Self.magic
        bytes.reserveCapacity(loaded.count + entries.count * 20)
        EntryBytes.append(block: stamp, to: &bytes)
        EntryBytes.append(entries.count, to: &bytes)
        for (key, document) in entries {
            key.append(to: &bytes)
            EntryBytes.append(block: document.encoded, to: &bytes)
        }
        CacheFile.write(Data(bytes), to: url)
    }

    // MARK: The file

    /// The file: ``magic``, the stamp (a block), the number of entries, then each entry's
    /// key (16 bytes) and its ``SearchDocument/encoded`` bytes (a block), as ``EntryBytes``
    /// writes them. Nil when the file is not such a file of `stamp`.
    private static func entries(in bytes: [UInt8], stamp: [UInt8]) -> [SearchEntryKey: Range<Int>]? {
        guard !stamp.isEmpty, bytes.starts(with: magic) else { return nil }
        var reader = EntryBytes.Reader(bytes: bytes[magic.count...])
        guard let fileStamp = reader.block(), bytes[fileStamp].elementsEqual(stamp), let count = reader.number() else { return nil }
        var entries: [SearchEntryKey: Range<Int>] = [:]
        entries.reserveCapacity(min(count, bytes.count / 17))
        for _ in 0..<count {
            guard let key = reader.bytes(16), let range = reader.block() else { return nil }
            entries[SearchEntryKey(bytes[key])] = range
        }
        return reader.atEnd ? entries : nil
    }
}

/// What a page's search entry is made from, as 128 bits: every field of its
/// ``SearchDocument/Source``, each with its length, through two 64-bit lanes of
/// multiply-and-xor hashing. Fixed seeds, so a key is the same from build to build; a
/// fast pass, since a build keys every page's HTML. Two sources of one key are taken as
/// one: by accident, a chance of one in 2^64 at the least for a site's pages; the store is
/// a cache, which a pull request's changes never write (docs/security.md).
struct SearchEntryKey: Hashable, Comparable, Sendable {
    var high: UInt64
    var low: UInt64

    init(_ source: SearchDocument.Source) {
        var hasher = Hash128()
        hasher.add(source.title)
        hasher.add(source.url)
        hasher.add(source.date ?? "\u{0}none")
        hasher.add(count: source.tags.count)
        for tag in source.tags { hasher.add(tag) }
        hasher.add(source.series ?? "\u{0}none")
        hasher.add(count: source.headings.count)
        for heading in source.headings { hasher.add(heading) }
        hasher.add(source.html)
        (high, low) = hasher.finish()
    }

    init(_ bytes: some Collection<UInt8>) {
        high = 0
        low = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
    }

    func append(to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(shift))) }
    }

    static func < (a: Self, b: Self) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
