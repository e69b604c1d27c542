import Foundation

/// Escaping for the text SiteKit writes itself (feeds, the sitemap, metadata), as
/// opposed to Markdown and templates, which their own modules escape.
package enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities: safe in XML and HTML text and in
    /// attribute values of either quote.
    package static func escaped(_ text: String) -> String {
        // Titles, summaries and URLs of every feed and sitemap entry come through here, most
        // with nothing to escape: the check runs over the contiguous UTF-8, not the view.
        var text = text
        let hasSpecial = text.withUTF8 { bytes in
            bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        }
        guard hasSpecial else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 8 + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The inverse of the escaping cmark, Mustache and ``escaped(_:)`` write (the five
    /// entities above, and `&#x27;`); other entities are left as they are.
    /// One pass over the UTF-8: the search index decodes every page's text through here.
    package static func decodingEntities(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String in
            guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "&"), let (byte, length) = entity(in: bytes, at: index) {
                    out.append(byte)
                    index += length
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let entities: [(name: [UInt8], byte: UInt8)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&"),
    ].map { (Array($0.0.utf8), $0.1.utf8.first!) }

    /// The byte of the entity that starts at `index` (one that sitegen writes), and its length.
    package static func entity(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
        for (name, byte) in entities where index + name.count <= bytes.count {
            if (0..<name.count).allSatisfy({ bytes[index + $0] == name[$0] }) { return (byte, name.count) }
        }
        return nil
    }
}
