import Support

/// `limits: tags_per_post`: a post with more tags, or more categories, is an error at the
/// line of its `tags:` (`categories:`, `category:`) key. Categories have pages and feeds
/// like tags', so they cost the same.
enum TagLimit {
    static func check(_ decoded: (post: Post?, diagnostics: [Diagnostic]), source: SourceText, limits: OutputLimits,
                      settingsFile: String) -> (post: Post?, diagnostics: [Diagnostic]) {
        guard let post = decoded.post else { return decoded }
        let over = [("tags", ["tags"], post.tags.count), ("categories", ["categories", "category"], post.categories.count)]
            .filter { $0.2 > limits.tagsPerPost }
        guard !over.isEmpty else { return decoded }
        // Only on this error path is the front matter read again, for the line of the key.
        guard case .success(let document) = FrontMatterFields.read(source, required: "'tags'") else { return decoded }
        let errors = over.map { name, keys, count in
            let location = document.fields.location(ofKey: keys.first { document.fields[$0] != nil } ?? name)
            return Diagnostic.error(source.path, location,
                "\(count) \(name), more than the \(limits.tagsPerPost) a post may have: each one's page and feeds list the post "
                + "with all its \(name), so the output grows with the square of the count; raise 'limits: tags_per_post' in \(settingsFile) to allow more")
        }
        return (nil, decoded.diagnostics + errors)
    }
}
