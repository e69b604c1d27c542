import Foundation
import Support

/// What the last full build put in the output for each static file: the stamp (size,
/// modification time, inode) of the file it copied and of the copy. When both are as they
/// were, the old output's file holds exactly the bytes a new copy would, and the staged
/// output gets it by `link(2)` from the old output instead: a site's photos and their
/// smaller copies are not read and written again on every build (``OutputStaging/finish()``).
///
/// The link is shared only by the old output and the staged one, and the old output is
/// removed once the staged one is swapped in; the sources (`Content/`, the image cache)
/// are never linked, so nothing written into the output later can change them. A file the
/// record does not vouch for (another output folder, a file changed or replaced in either
/// place, a record that cannot be read) is copied. Kept in `.sitegen-cache/output-copies.tsv`.
struct StaticCopyRecord: Sendable {
    struct Entry: Sendable, Hashable {
        var source: String
        var sourceStamp: ImageIndexFile.Stamp
        var copyStamp: ImageIndexFile.Stamp
    }

    /// The output folder the copies are in.
    let output: String
    private(set) var entries: [String: Entry] = [:]

    init(output: String, entries: [String: Entry] = [:]) {
        self.output = output
        self.entries = entries
    }

    mutating func add(_ entry: Entry, at relative: String) {
        entries[relative] = entry
    }

    static func url(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/output-copies.tsv")
    }

    /// The file at `relative` in the output, when it is still the copy of `source` the record
    /// names: the path to link from, and its stamp (a link keeps it).
    func unchangedCopy(of source: String, sourceStatus: FileStatus, at relative: String) -> (path: String, stamp: ImageIndexFile.Stamp)? {
        guard let entry = entries[relative], entry.source == source, entry.sourceStamp == .init(sourceStatus) else { return nil }
        let path = output + "/" + relative
        guard let copy = FileStatus.ofLink(path), copy.kind == .file, ImageIndexFile.Stamp(copy) == entry.copyStamp else { return nil }
        return (path, entry.copyStamp)
    }

    /// Version 1: the output's path, then per file its output path, source, and the two stamps.
    static func load(from url: URL, output: String) -> StaticCopyRecord {
        var record = StaticCopyRecord(output: output)
        guard let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix("sitegen-output-copies 1\t\(output)\n") else {
            return record
        }
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 8, let numbers = Optional(fields[2...].compactMap { Int64($0) }), numbers.count == 6 else { continue }
            record.entries[String(fields[0])] = Entry(
                source: String(fields[1]),
                sourceStamp: .init(size: Int(numbers[0]), modified: numbers[1], inode: UInt64(bitPattern: numbers[2])),
                copyStamp: .init(size: Int(numbers[3]), modified: numbers[4], inode: UInt64(bitPattern: numbers[5])))
        }
        return record
    }

    func save(to url: URL) {
        var text = "sitegen-output-copies 1\t\(output)\n"
        for (relative, entry) in entries where !(relative + entry.source).contains(where: { $0 == "\t" || $0 == "\n" }) {
            let stamps = [entry.sourceStamp, entry.copyStamp].map { "\($0.size)\t\($0.modified)\t\(Int64(bitPattern: $0.inode))" }
            text += "\(relative)\t\(entry.source)\t\(stamps[0])\t\(stamps[1])\n"
        }
        CacheFile.write(Data(text.utf8), to: url)
    }
}
