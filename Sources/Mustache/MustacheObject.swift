/// A name with its hash, worked out once: when a template is parsed for the names
/// in its tags, when a value is stored for an object's keys.
///
/// Every `{{name}}` asks each object on the context stack for its name, and most
/// of those asks miss (`{{page.title}}` inside `{{#posts}}` asks the post first).
/// Comparing precomputed integers settles nearly all of them without hashing or
/// comparing the text again.
///
/// The hash is of the bytes, but names compare as Swift strings do, by canonical
/// equivalence (`"caf\u{E9}"` is `"cafe\u{301}"`), as they did when objects were
/// dictionaries. Different ASCII strings are never equivalent, so between ASCII
/// names equal hashes and bytes decide; a name with other characters may equal one
/// with other bytes, which `MustacheObject` checks for when either side has them.
struct MustacheKey: Sendable, Equatable {
    let name: String
    let hash: UInt64
    let isASCII: Bool

    init(_ name: String) {
        self.name = name
        (hash, isASCII) = Self.hash(of: name)
    }

    /// By the text, as Swift compares strings: equivalent spellings have other hashes.
    static func == (lhs: MustacheKey, rhs: MustacheKey) -> Bool { lhs.name == rhs.name }

    /// Where a table of slots starts looking: FNV-1a's low bits alone spread poorly.
    var slot: Int { Int(truncatingIfNeeded: hash ^ (hash >> 29)) }

    /// FNV-1a over the UTF-8 bytes: deterministic, and cheap for the short keys
    /// templates use, where the standard library's seeded SipHash is not.
    private static func hash(of name: String) -> (UInt64, isASCII: Bool) {
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var high: UInt8 = 0
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                high |= byte
            }
            return (hash, high < 0x80)
        }
    }
}

/// A template value's named fields, kept for lookup by names resolved when a
/// template is parsed.
///
/// Entries sit in a flat array in insertion order; a lookup scans their hashes and
/// confirms a match by the text. Objects of `indexedFrom` entries or more (a
/// post's front matter `params` can have hundreds) also keep an open-addressed
/// table of positions by hash, so a lookup stays a probe or two however large
/// they grow. Storing a key that is already present replaces its value in place.
/// A name that is not all ASCII, looked up or stored, also compares as text with the
/// names its hash did not match (see `MustacheKey`), a cost only such names pay.
package struct MustacheObject: Sendable {
    private struct Entry: Sendable {
        let key: MustacheKey
        var value: MustacheValue
    }

    private var entries: [Entry] = []
    /// Empty below `indexedFrom` entries. Otherwise a power-of-two count of slots,
    /// each 0 (free) or an entry's position plus one, placed by hash with linear
    /// probing and at most half full.
    private var slots: [Int32] = []
    /// Whether any stored name is not all ASCII: only then can an ASCII name
    /// equal a stored one with other bytes. Stays set after removals.
    private var hasNonASCIIKeys = false

    private static var indexedFrom: Int { 16 }

    package init() {}

    package init(_ dictionary: [String: MustacheValue]) {
        entries.reserveCapacity(dictionary.count)
        // A dictionary's keys are distinct, so they are appended without a search.
        for (name, value) in dictionary {
            let key = MustacheKey(name)
            if !key.isASCII { hasNonASCIIKeys = true }
            entries.append(Entry(key: key, value: value))
        }
        if entries.count >= Self.indexedFrom { rebuildSlots() }
    }

    package var count: Int { entries.count }

    /// The names in the order they were first stored.
    package var keys: [String] { entries.map(\.key.name) }

    package subscript(name: String) -> MustacheValue? {
        get { self[MustacheKey(name)] }
        set { self[MustacheKey(name)] = newValue }
    }

    subscript(key: MustacheKey) -> MustacheValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    rebuildSlots()
                }
            } else if let newValue {
                if !key.isASCII { hasNonASCIIKeys = true }
                entries.append(Entry(key: key, value: newValue))
                if slots.isEmpty {
                    if entries.count >= Self.indexedFrom { rebuildSlots() }
                } else if entries.count * 2 > slots.count {
                    rebuildSlots()
                } else {
                    place(entries.count - 1)
                }
            }
        }
    }

    package func mapValues(_ transform: (MustacheValue) throws -> MustacheValue) rethrows -> MustacheObject {
        var mapped = self
        for position in mapped.entries.indices {
            mapped.entries[position].value = try transform(entries[position].value)
        }
        return mapped
    }

    private func position(of key: MustacheKey) -> Int? {
        if let position = hashedPosition(of: key) { return position }
        guard !key.isASCII || hasNonASCIIKeys else { return nil }
        // An equivalent spelling with other bytes, which only a name that is not
        // all ASCII can be.
        return entries.firstIndex { (!key.isASCII || !$0.key.isASCII) && $0.key.name == key.name }
    }

    /// The position of the entry whose name has the same hash and compares equal.
    /// Through buffer pointers: reading an array's elements in place, where copying
    /// them out retained each name compared.
    private func hashedPosition(of key: MustacheKey) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            if slots.isEmpty {
                for position in entries.indices where entries[position].key.hash == key.hash {
                    if entries[position].key.name == key.name { return position }
                }
                return nil
            }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = key.slot & mask
                while slots[slot] != 0 {
                    let position = Int(slots[slot]) - 1
                    if entries[position].key.hash == key.hash, entries[position].key.name == key.name { return position }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    private mutating func rebuildSlots() {
        guard entries.count >= Self.indexedFrom else {
            slots = []
            return
        }
        var capacity = Self.indexedFrom * 2
        while capacity < entries.count * 4 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        for position in entries.indices { place(position) }
    }

    /// Puts the entry at `position` into the first free slot from its hash's.
    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = entries[position].key.slot & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: position + 1)
    }
}

extension MustacheObject: Sequence {
    package func makeIterator() -> some IteratorProtocol<(key: String, value: MustacheValue)> {
        entries.lazy.map { (key: $0.key.name, value: $0.value) }.makeIterator()
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    /// A key given twice keeps its last value, as `MustacheValue`'s literal always has.
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(pairs: elements)
    }

    init(pairs: [(String, MustacheValue)]) {
        entries.reserveCapacity(pairs.count)
        for (name, value) in pairs { self[name] = value }
    }
}
