import Mustache

extension UIStrings {
    /// The text around a placeholder a template fills with markup (a link): "Part 2 of 3 in "
    /// and "" around `{series}`, as `{before, after}`.
    func around(_ placeholder: String, in key: String, count: Int? = nil, _ values: [String: String] = [:]) -> MustacheValue {
        let marker = "\u{0}"
        var values = values
        values[placeholder] = marker
        let text = format(key, count: count, values)
        guard let range = text.range(of: marker) else { return ["before": .string(text), "after": .string("")] }
        return ["before": .string(String(text[..<range.lowerBound])), "after": .string(String(text[range.upperBound...]))]
    }

    /// Every text as it is, for `{{strings.<key>}}`.
    var value: MustacheValue {
        .object(MustacheObject(texts.mapValues(MustacheValue.string)))
    }
}
