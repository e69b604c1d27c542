import Support

/// The import report as text for a person (the first few places of each kind) or as JSON
/// with every place.
package enum ImportReportFormat {
    /// Places shown per kind in the text report.
    static let shownPlaces = 3

    package static func text(_ report: ImportReport) -> String {
        var lines: [String] = []
        lines.append("Imported a \(report.generator.displayName) site from \(report.source) into \(report.destination):")
        lines.append("  \(counted(report.posts, "post")), \(counted(report.drafts, "draft")), \(counted(report.pages, "page")), \(counted(report.files, "file"))")
        let converted = report.converted.sorted { $0.key < $1.key }
        if !converted.isEmpty {
            lines.append("")
            lines.append("Converted:")
            let width = String(converted.map(\.value.count).max() ?? 0).count
            for (conversion, places) in converted {
                lines.append("  " + String(repeating: " ", count: width - String(places.count).count) + "\(places.count)  \(conversion.summary)")
            }
        }
        if let duplicates = report.converted[.duplicateKeyDropped] {
            lines.append("")
            lines.append("Keys given twice (the earlier one removed, the last value kept, as \(report.generator.displayName) keeps it):")
            for place in duplicates.sorted() {
                lines.append("  \(place.position)  \(place.text ?? "")" + (place.note.map { "  (\($0))" } ?? ""))
            }
        }
        if !report.left.isEmpty {
            let files = Set(report.left.values.flatMap { $0.map(\.file) }).count
            lines.append("")
            lines.append("Left as written for you (\(report.leftCount) in \(counted(files, "file")); sitegen build warns about them):")
            for (kind, places) in report.left.sorted(by: { ($1.value.count, $0.key) < ($0.value.count, $1.key) }) {
                lines.append("  \(kind) (\(places.count))")
                for place in places.sorted().prefix(shownPlaces) {
                    var line = "    \(place.position)"
                    if let text = place.text { line += "  \(text)" }
                    if let note = place.note { line += "  (\(note))" }
                    lines.append(line)
                }
                if places.count > shownPlaces {
                    lines.append("    and \(places.count - shownPlaces) more (--format json lists every one)")
                }
            }
        }
        if !report.notImported.isEmpty {
            lines.append("")
            lines.append("Not imported:")
            for place in report.notImported {
                lines.append("  \(place.position)" + (place.note.map { "  \($0)" } ?? ""))
            }
        }
        lines.append("")
        lines.append("Settings written to Content/site.yml: \(report.settings.joined(separator: ", "))")
        if let check = report.oldURLCheck {
            lines.append("")
            lines += OldURLCheck.lines(check)
        }
        return lines.joined(separator: "\n")
    }

    package static func json(_ report: ImportReport) -> String {
        func place(_ place: ImportPlace) -> String {
            var fields = ["\"file\": " + JSONText.quoted(place.file)]
            if let line = place.line { fields.append("\"line\": \(line)") }
            if let column = place.column { fields.append("\"column\": \(column)") }
            if let text = place.text { fields.append("\"text\": " + JSONText.quoted(text)) }
            if let note = place.note { fields.append("\"note\": " + JSONText.quoted(note)) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func list(_ places: [ImportPlace], indent: String) -> String {
            places.isEmpty ? "[]" : "[\n" + places.map { indent + "  " + place($0) }.joined(separator: ",\n") + "\n" + indent + "]"
        }
        let converted = report.converted.sorted { $0.key < $1.key }.map { conversion, places in
            "    {\"kind\": \(JSONText.quoted(conversion.rawValue)), \"summary\": \(JSONText.quoted(conversion.summary)), \"count\": \(places.count), \"places\": \(list(places.sorted(), indent: "    "))}"
        }
        let left = report.left.sorted { $0.key < $1.key }.map { kind, places in
            "    {\"kind\": \(JSONText.quoted(kind)), \"count\": \(places.count), \"places\": \(list(places.sorted(), indent: "    "))}"
        }
        return """
            {
              "generator": \(JSONText.quoted(report.generator.rawValue)),
              "source": \(JSONText.quoted(report.source)),
              "destination": \(JSONText.quoted(report.destination)),
              "imported": {"posts": \(report.posts), "drafts": \(report.drafts), "pages": \(report.pages), "files": \(report.files)},
              "converted": [\(converted.isEmpty ? "" : "\n" + converted.joined(separator: ",\n") + "\n  ")],
              "left": [\(left.isEmpty ? "" : "\n" + left.joined(separator: ",\n") + "\n  ")],
              "notImported": \(list(report.notImported, indent: "  ")),
              "settings": [\(report.settings.map(JSONText.quoted).joined(separator: ", "))],
              "oldURLs": \(OldURLCheck.json(report.oldURLs, report.oldURLCheck))
            }

            """
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
