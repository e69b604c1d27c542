/// What a post's URL segment may contain: letters (any script), digits, `-`, `_`, `.`.
package enum Slug {
    static let rule = "use letters, digits, '-', '_' or '.', without spaces or slashes"

    /// The URL segment of a tag or series name: lowercased, each run of characters other
    /// than letters and digits turned into one `-` (`Eat That Frog` → `eat-that-frog`).
    /// Empty when the name has no letter or digit.
    package static func make(from name: String) -> String {
        // Most names are ASCII: their letters and digits need no Unicode property lookups,
        // which showed in profiles (every tag of every post is made a slug several times).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count)
            var pendingDash = false
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    bytes.append(byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0))
                default:
                    pendingDash = true
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var slug = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingDash && !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    package static func isValid(_ slug: String) -> Bool {
        guard !slug.isEmpty, slug != ".", slug != "..", !slug.hasPrefix(".") else { return false }
        if slug.utf8.allSatisfy({ $0 < 0x80 }) {
            return slug.utf8.allSatisfy { b in
                b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || (b >= 0x30 && b <= 0x39)
                    || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
            }
        }
        return slug.unicodeScalars.allSatisfy { s in
            s == "-" || s == "_" || s == "." || (s.properties.isAlphabetic || s.properties.numericType != nil) && !s.properties.isWhitespace
        }
    }
}
