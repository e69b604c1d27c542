/// Where a menu entry links in the imported site: a path of the old site that a document
/// had is that document's URL now (its old URL still answers, as a redirect, but the menu
/// links straight to it); another path, or an `http(s)://` address, stays as written.
enum MenuURL {
    static func current(_ written: String, documents: [(PlannedDocument, URLPolicy.Decision)]) -> String {
        let lower = written.lowercased()
        guard !lower.hasPrefix("http://"), !lower.hasPrefix("https://") else { return written }
        let path = URLPolicy.normalizedURL(written)
        return documents.first { $0.1.oldURL == path }.flatMap { $0.1.newURL } ?? path
    }
}
