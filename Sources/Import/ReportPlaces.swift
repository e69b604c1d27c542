import SiteKit
import Support

/// The import's changes to one front matter, placed at their lines of the written file
/// (line 1 is the opening `---`).
struct FrontMatterNotes: Sendable {
    var file: String
    private(set) var addedKeys: [String] = []
    private var keyed: [(key: String, conversion: Conversion)] = []
    private var recorded: [(conversion: Conversion, line: Int)] = []
    private var left: [(kind: String, line: Int)] = []

    init(file: String) {
        self.file = file
    }

    var needsNewKeys: Bool { !addedKeys.isEmpty }

    mutating func add(_ editor: inout FrontMatterEditor, _ key: String, _ value: String, _ conversion: Conversion) {
        editor.add(key, value)
        addedKeys.append(key)
        keyed.append((key, conversion))
    }

    /// A change at a known line of the written file.
    mutating func record(_ conversion: Conversion, line: Int) {
        recorded.append((conversion, line))
    }

    /// A change whose line is that of `key` in the written front matter.
    mutating func record(_ conversion: Conversion, key: String) {
        keyed.append((key, conversion))
    }

    mutating func leave(_ kind: String, line: Int) {
        left.append((kind, line))
    }

    func report(yaml: String) -> DocumentReport {
        var report = DocumentReport()
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        for (key, conversion) in keyed {
            let index = lines.lastIndex { $0.hasPrefix(key + ":") }
            report.record(conversion, ImportPlace(file: file, line: index.map { $0 + 2 }))
        }
        for (conversion, line) in recorded { report.record(conversion, ImportPlace(file: file, line: line)) }
        for (kind, line) in left { report.leave(kind, ImportPlace(file: file, line: line)) }
        return report
    }
}

/// The body's conversions and leftovers, placed at their lines of the written file. What is
/// left is what `TemplateSyntaxScanner` still finds, so the report and the build's warnings
/// agree; a construct the converter declined keeps its reason.
enum BodyPlaces {
    /// `kramdown`: the imported site reads kramdown's idioms (a Jekyll site's), so they are kept, not left.
    static func record(_ body: ConvertedBody, file: String, firstLine: Int, kramdown: Bool = false, into report: inout DocumentReport) {
        let code = MarkdownCodeRegions(body: body.bytes, firstLine: firstLine)
        var columns = ScalarColumns()
        func place(_ offset: Int, text: String? = nil, note: String? = nil) -> ImportPlace {
            ImportPlace(file: file, line: code.line(of: offset) + firstLine, column: code.column(of: offset, in: body.bytes, columns: &columns),
                        text: text, note: note)
        }
        for (conversion, offset) in body.events {
            report.record(conversion, place(offset))
        }
        var marks: [Int: LeftMark] = [:]
        for mark in body.left { marks[mark.offset] = mark }
        let found = body.bytes.contains(UInt8(ascii: "{")) ? TemplateSyntaxScanner.scan(body.bytes, firstLine: firstLine, code: code) : []
        for syntax in found {
            let offset = syntax.offset
            if kramdown, syntax.kind.isKramdown {
                report.record(.kramdownKept, place(offset))
                continue
            }
            if let mark = marks.removeValue(forKey: offset) {
                report.leave(mark.kind, place(offset, text: mark.text, note: mark.note))
            } else {
                report.leave(LeftKind.name(syntax), place(offset, text: syntax.text, note: syntax.isClosed ? nil : "never closed"))
            }
        }
        for mark in marks.values.sorted(by: { $0.offset < $1.offset }) {
            report.leave(mark.kind, place(mark.offset, text: mark.text, note: mark.note))
        }
    }
}
