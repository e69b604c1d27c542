import Support

/// The `limits:` and `keep:` site settings: what a build may write, and what it leaves.
enum OutputSettingsDecoder {
    static let knownLimitKeys = ["tags_per_post", "output_bytes"]

    static func decodeLimits(_ fields: inout YAMLFields) -> OutputLimits {
        var limits = OutputLimits()
        guard let node = fields.mappingField("limits") else { return limits }
        var sub = YAMLFields(file: fields.file, lineOffset: fields.lineOffset, mapping: node)
        sub.warnUnknownKeys(known: knownLimitKeys, what: "limits")
        if let tags = sub.int("tags_per_post", range: 1...100_000) { limits.tagsPerPost = tags }
        // `auto`, the default, grows with the content (``OutputLimits/outputBytes(contentBytes:)``).
        if sub["output_bytes"]?.scalarText != "auto", let bytes = sub.int("output_bytes", range: 1...(1 << 50)) { limits.outputBytes = bytes }
        fields.absorb(sub)
        return limits
    }

    /// Paths inside the output folder, never sitegen's marker.
    static func decodeKeep(_ fields: inout YAMLFields) -> KeptPaths {
        // stringList reports items that are not text; the rest are checked as paths.
        guard fields.stringList("keep") != nil, case .sequence(let items)? = fields.mapping["keep"]?.content else {
            return KeptPaths()
        }
        var paths: [String] = []
        for item in items {
            guard case .scalar(var path, _) = item.content, item.scalar != .null, !path.isEmpty else { continue }
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            let components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
            if path.hasPrefix("/") || components.contains(where: { $0.utf8.elementsEqual("..".utf8) || $0.utf8.elementsEqual(".".utf8) || $0.isEmpty }) {
                fields.error(item, "'keep' entries are paths inside the output folder (CNAME, .well-known/x), not '\(path)'")
            } else if components.first.map(String.init) == KeptPaths.outputMarker {
                fields.error(item, "'keep' cannot list sitegen's marker \(KeptPaths.outputMarker), which every build writes")
            } else {
                paths.append(path)
            }
        }
        return KeptPaths(paths)
    }
}
