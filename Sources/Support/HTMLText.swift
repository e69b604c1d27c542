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
    package static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
