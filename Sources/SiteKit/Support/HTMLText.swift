import Foundation

/// Escaping for the text SiteKit writes itself (feeds, the sitemap, metadata), as
/// opposed to Markdown and templates, which their own modules escape.
enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities: safe in XML and HTML text and in
    /// attribute values of either quote.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The inverse of the escaping cmark, Mustache and ``escaped(_:)`` write (the five
    /// entities above, and `&#x27;`); other entities are left as they are.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
