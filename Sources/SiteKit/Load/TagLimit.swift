import Support

/// `limits: tags_per_post`: a post with more tags is an error at its `tags:` line.
enum TagLimit {
    static func check(_ decoded: (post: Post?, diagnostics: [Diagnostic]), source: SourceText, limits: OutputLimits,
                      settingsFile: String) -> (post: Post?, diagnostics: [Diagnostic]) {
        guard let post = decoded.post, post.tags.count > limits.tagsPerPost else { return decoded }
        // Only on this error path is the front matter read again, for the line of `tags:`.
        guard case .success(let document) = FrontMatterFields.read(source, required: "'tags'") else { return decoded }
        let error = Diagnostic.error(source.path, document.fields.location(ofKey: "tags"),
            "\(post.tags.count) tags, more than the \(limits.tagsPerPost) a post may have: each tag's page and feeds list the post "
            + "with all its tags, so the output grows with the square of the count; raise 'limits: tags_per_post' in \(settingsFile) to allow more")
        return (nil, decoded.diagnostics + [error])
    }
}
