import Foundation
import Support

/// What a content file's place says about it, by the conventions of Jekyll and Hugo:
/// `2019-08-21-a-post.md` is dated by its name; `a-post/index.md` is a page bundle named by
/// its folder; `My Post!.md` gets the slug Hugo would give it. See docs/content.md.
///
/// A class: a rebuild's load looks up each file's, and copying nine fields per post showed
/// in profiles at 10,000 posts.
final class ContentFile: Sendable, Equatable {
    /// The file, as diagnostics name it (`Content/posts/2019-08-21-a-post.md`).
    let path: String
    /// The file name without its extension, or a bundle's folder name (`:filename`).
    let name: String
    /// The date of a `YYYY-MM-DD-` name prefix.
    let dateFromName: PostDate?
    /// The name without the date prefix, as a URL segment: kept when it is one, else made
    /// one as Hugo does (lower case, other characters to `-`); nil when nothing is left.
    let slugFromName: String?
    /// Its first folder below the posts folder (`:section`), else `posts`.
    let section: String
    /// The other files of its page bundle.
    let resources: [BundleResource]
    /// The file on disk, whose modification time dates a draft that has no date.
    let url: URL?
    /// `url`'s path, made once: a preview's rebuild looks each file up by it, and `URL.path`
    /// showed in profiles at 10,000 posts.
    let filePath: String?

    /// Equal when every field but `url` is: `filePath` says where the file is, and comparing
    /// URLs (once per post on every rebuild, for ``LoadCache``) showed in profiles.
    static func == (a: ContentFile, b: ContentFile) -> Bool {
        a === b || (a.path, a.name, a.dateFromName, a.slugFromName, a.section, a.filePath) == (b.path, b.name, b.dateFromName, b.slugFromName, b.section, b.filePath)
            && a.resources == b.resources
    }

    /// When the file was last changed: the date of a draft without one (looked up only
    /// for such a draft, since a `stat` per post showed in profiles).
    var modified: PostDate? {
        filePath.flatMap { FileStatus.of($0) }.map { PostDate(secondsSince1970: Int($0.modifiedNanoseconds / 1_000_000_000)) }
    }

    /// The extensions of Markdown files.
    static let markdownExtensions = ["md", "markdown"]

    static func isMarkdown(_ path: String) -> Bool {
        // Byte by byte, any case: `.md` or `.markdown`, after a name (not `.md` itself).
        func endsWith(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            let bytes = path.utf8
            guard bytes.count > count else { return false }
            let tail = bytes.suffix(count)
            let before = bytes[bytes.index(tail.startIndex, offsetBy: -1)]
            guard before != UInt8(ascii: "/") else { return false }
            return zip(tail, UnsafeBufferPointer(start: suffix.utf8Start, count: count)).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        return endsWith(".md") || endsWith(".markdown")
    }

    /// The name without its last extension (`index` of `index.md`).
    static func stem(_ fileName: String) -> String {
        guard let dot = fileName.utf8.lastIndex(of: UInt8(ascii: ".")), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// `relative` is the file's path below the posts (or pages) folder.
    init(path: String, relative: String, resources: [BundleResource] = [], url: URL? = nil) {
        self.path = path
        var components = relative.split(separator: "/").map(String.init)
        let fileName = components.removeLast()
        let stem = Self.stem(fileName)
        let isBundle = Self.isBundleIndex(fileName) && !components.isEmpty
        name = isBundle ? components.removeLast() : stem
        section = components.first ?? "posts"
        self.resources = resources
        self.url = url
        filePath = url?.path
        let prefix = Self.datePrefix(of: name)
        dateFromName = prefix?.0
        let rest = prefix?.1 ?? Substring(name)
        slugFromName = Slug.isValid(String(rest)) ? String(rest) : Slug.make(from: String(rest)).nilIfEmpty
    }

    /// `index.md` (or `index.markdown`): the page of a bundle whose other files are its resources.
    static func isBundleIndex(_ fileName: String) -> Bool {
        isMarkdown(fileName) && stem(fileName) == "index"
    }

    /// `_index.md` (any case): a Hugo section page, which sitegen does not publish.
    static func isSectionIndex(_ fileName: Substring) -> Bool {
        func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        func named(_ name: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            return fileName.utf8.count == expected.count && zip(fileName.utf8, expected).allSatisfy { lowered($0) == $1 }
        }
        return named("_index.md") || named("_index.markdown")
    }

    /// `2019-8-21-` at the start of a name, as Jekyll reads it, with what follows it.
    static func datePrefix(of name: String) -> (PostDate, Substring)? {
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              !parts[3].isEmpty, let date = PostDate(parsing: "\(parts[0])-\(parts[1])-\(parts[2])") else { return nil }
        return (date, parts[3])
    }

    /// A draft's title when it has none: its name without date prefix, words spaced out.
    var titleFromName: String {
        let words = (Self.datePrefix(of: name)?.1 ?? Substring(name)).replacingOccurrences(of: "-", with: " ")
            .replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
