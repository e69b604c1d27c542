/// A name with its hash, worked out once: when a template is parsed for the names
/// in its tags, when a value is stored for an object's keys.
///
/// Every `{{name}}` asks each object on the context stack for its name, and most
/// of those asks miss (`{{page.title}}` inside `{{#posts}}` asks the post first).
/// Comparing precomputed integers settles nearly all of them without hashing or
/// comparing the text again.
///
/// The hash is Swift's own string hash, so names compare by canonical equivalence
/// (`"caf\u{E9}"` is `"cafe\u{301}"`, the Kelvin sign is `K`) as they did when
/// objects were dictionaries: equal names have equal hashes, whatever their bytes.
/// It is seeded per process, and only ever compared within one.
struct MustacheKey: Sendable, Equatable {
    let name: String
    let hash: Int

    init(_ name: String) {
        self.name = name
        hash = name.hashValue
    }

    static func == (lhs: MustacheKey, rhs: MustacheKey) -> Bool { lhs.name == rhs.name }

    /// Where a table of slots starts looking.
    var slot: Int { hash }
}

/// A template value's named fields, kept for lookup by names resolved when a
/// template is parsed.
///
/// Entries sit in a flat array in insertion order; a lookup scans their hashes and
/// confirms a match by the text. Objects of `indexedFrom` entries or more (a
/// post's front matter `params` can have hundreds) also keep an open-addressed
/// table of positions by hash, so a lookup stays a probe or two however large
/// they grow. Storing a key that is already present replaces its value in place.
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

    private static var indexedFrom: Int { 16 }

    package init() {}

    package init(_ dictionary: [String: MustacheValue]) {
        entries.reserveCapacity(dictionary.count)
        // A dictionary's keys are distinct, so they are appended without a search.
        for (name, value) in dictionary {
            entries.append(Entry(key: MustacheKey(name), value: value))
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

    /// The position of the entry whose name has the same hash and compares equal.
    /// Through buffer pointers: reading an array's elements in place, where copying
    /// them out retained each name compared.
    private func position(of key: MustacheKey) -> Int? {
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
