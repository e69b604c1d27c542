import Foundation
import Support

extension OutputWriter {
    /// A folder copied into the output as it is.
    struct StaticFolder: Sendable {
        var url: URL
        /// How messages name it (`Content/static`).
        var displayName: String
    }

    struct StaticFile: Sendable {
        /// The file on disk, as a path: a build with thousands of pictures and their copies
        /// made and read a `URL` per file (a tenth of the pictures' cost in a warm build).
        var sourcePath: String
        var relative: String
        /// `Content/static/css/a.css`, for messages.
        var displayName: String
        /// The bytes of a file built into sitegen, which `source` then does not name (BuiltInStaticFiles.swift).
        var builtIn: [UInt8]? = nil
        /// `source` is a file of sitegen's image cache, read-only and never written again
        /// once made, which the output may share by a hard link (``OutputStaging/finish()``).
        var isCacheFile = false
    }

    /// Whether a static file at a generated file's path replaces it: yes for a default such
    /// as `robots.txt`; for any other file the clash is an error.
    static func isReplaced(_ file: RenderedFile, by clash: StaticFile?) throws(Diagnostic) -> Bool {
        guard let clash else { return false }
        if file.replaceableByStatic { return true }
        throw .error(clash.displayName, nil, "static file would replace the generated file \(clash.relative); rename or remove it")
    }

    /// The files of every folder; a later folder's file replaces an earlier one's. A link
    /// that leads outside `boundary` (the site), a link to a folder, a loop, a FIFO, socket
    /// or device is an error naming it: such files are never opened.
    /// `listings`: a preview server's last listings, with what changed since.
    static func listFiles(in folders: [StaticFolder], boundary: FolderBoundary,
                          listings: (FolderListings, SourceChanges)? = nil) throws(DiagnosticsError) -> [StaticFile] {
        var byPath: [String: StaticFile] = [:]
        var problems: [Diagnostic] = []
        for folder in folders {
            let folderPath = folder.url.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folderPath, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            // Hidden files too: `.well-known/` is published as it is.
            let listing = listings.map { $0.files(below: folderPath, includeHidden: true, boundary: boundary, changes: $1) }
                ?? boundary.files(below: folderPath, includeHidden: true)
            for problem in listing.problems {
                let relative = problem.path.hasPrefix(folderPath + "/") ? String(problem.path.dropFirst(folderPath.count + 1)) : nil
                problems.append(.error(relative.map { "\(folder.displayName)/\($0)" } ?? folder.displayName, nil, problem.message))
            }
            for relative in listing.files {
                byPath[relative] = StaticFile(sourcePath: folderPath + "/" + relative, relative: relative,
                                              displayName: "\(folder.displayName)/\(relative)")
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return byPath.values.sorted { $0.relative < $1.relative }
    }
}
