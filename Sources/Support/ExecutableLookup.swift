import Foundation

/// Finds a tool the way a shell would, for the programs sitegen starts (swiftc, node).
package enum ExecutableLookup {
    /// `preferred` (a path from an environment variable) if set and executable, else the
    /// first of `names` found in a `PATH` folder.
    package static func find(_ names: [String], preferring preferred: String? = nil, environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin").split(separator: ":")
        let candidates = [preferred].compactMap { $0 } + folders.flatMap { folder in names.map { "\(folder)/\($0)" } }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
