import Foundation

/// The files of `Themes/default`, built into sitegen so a site without a `Themes/` folder
/// still has a theme. The EmbedTheme build plugin generates `encodedFiles` from the folder
/// at every build; git holds only the folder.
package enum DefaultTheme {
    /// The theme's name in `site.yml`.
    package static let name = "default"

    /// Each file's path inside the theme folder (`templates/post.mustache`,
    /// `static/css/style.css`) and its bytes, sorted by path.
    package static let files: [(path: String, bytes: [UInt8])] = encodedFiles.map { entry in
        // The text was written by ThemeEmbedder's base64 encoder, never by a user.
        (entry.path, Array(Data(base64Encoded: entry.base64) ?? Data()))
    }
}
