/// The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as the
/// paper gives it: `connections`, `connected`, `connecting` → `connect`. The search index
/// stores English words by their stems, and the theme's script (`js/search.js`) stems a
/// query with the same algorithm, so the two must agree word for word (`SearchStemmerTests`
/// holds both to one list of pairs made by NLTK's `PorterStemmer(mode=ORIGINAL_ALGORITHM)`).
///
/// Only words of ASCII letters a–z are stemmed, and only those of three letters or more.
enum EnglishStemmer {
    static func stem(_ word: String) -> String {
        guard word.utf8.count > 2, word.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return word }
        var w = Array(word.utf8)
        step1a(&w)
        step1b(&w)
        step1c(&w)
        step2(&w)
        step3(&w)
        step4(&w)
        step5(&w)
        return String(decoding: w, as: UTF8.self)
    }

    private static func isConsonant(_ w: [UInt8], _ i: Int) -> Bool {
        switch w[i] {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): return false
        case UInt8(ascii: "y"): return i == 0 ? true : !isConsonant(w, i - 1)
        default: return true
        }
    }

    /// m in [C](VC)^m[V] of the first `count` letters.
    private static func measure(_ w: [UInt8], _ count: Int) -> Int {
        var m = 0, previousVowel = false
        for i in 0..<count {
            let vowel = !isConsonant(w, i)
            if !vowel && previousVowel { m += 1 }
            previousVowel = vowel
        }
        return m
    }

    private static func hasVowel(_ w: [UInt8], _ count: Int) -> Bool {
        (0..<count).contains { !isConsonant(w, $0) }
    }

    /// The first `count` letters end consonant, vowel, consonant, the last not w, x or y.
    private static func endsCVC(_ w: [UInt8], _ count: Int) -> Bool {
        guard count >= 3 else { return false }
        let last = w[count - 1]
        return isConsonant(w, count - 3) && !isConsonant(w, count - 2) && isConsonant(w, count - 1)
            && last != UInt8(ascii: "w") && last != UInt8(ascii: "x") && last != UInt8(ascii: "y")
    }

    private static func endsDouble(_ w: [UInt8]) -> Bool {
        w.count >= 2 && w[w.count - 1] == w[w.count - 2] && isConsonant(w, w.count - 1)
    }

    /// Compared in place: a build stems every word of every page, and an array made per
    /// comparison was most of a build's time.
    private static func ends(_ w: [UInt8], _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard w.count >= count else { return false }
        let start = w.count - count
        for offset in 0..<count where w[start + offset] != suffix.utf8Start[offset] { return false }
        return true
    }

    private static func replace(_ w: inout [UInt8], _ suffix: StaticString, with replacement: StaticString) {
        w.removeLast(suffix.utf8CodeUnitCount)
        w.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
    }

    /// The first rule whose suffix the word ends with decides: applied when the rest of the
    /// word has a measure above `minimum`, else the step leaves the word as it is.
    private static func applyFirst(_ w: inout [UInt8], _ rules: [(StaticString, StaticString)], minimum: Int) {
        for (suffix, replacement) in rules where ends(w, suffix) {
            if measure(w, w.count - suffix.utf8CodeUnitCount) > minimum { replace(&w, suffix, with: replacement) }
            return
        }
    }

    private static func step1a(_ w: inout [UInt8]) {
        if ends(w, "sses") { replace(&w, "sses", with: "ss") }
        else if ends(w, "ies") { replace(&w, "ies", with: "i") }
        else if ends(w, "ss") { return }
        else if ends(w, "s") { w.removeLast() }
    }

    private static func step1b(_ w: inout [UInt8]) {
        if ends(w, "eed") {
            if measure(w, w.count - 3) > 0 { w.removeLast() }
            return
        }
        let suffix: StaticString
        if ends(w, "ed") && hasVowel(w, w.count - 2) { suffix = "ed" }
        else if ends(w, "ing") && hasVowel(w, w.count - 3) { suffix = "ing" }
        else { return }
        w.removeLast(suffix.utf8CodeUnitCount)
        if ends(w, "at") || ends(w, "bl") || ends(w, "iz") {
            w.append(UInt8(ascii: "e"))
        } else if endsDouble(w) {
            let last = w[w.count - 1]
            if last != UInt8(ascii: "l") && last != UInt8(ascii: "s") && last != UInt8(ascii: "z") { w.removeLast() }
        } else if measure(w, w.count) == 1 && endsCVC(w, w.count) {
            w.append(UInt8(ascii: "e"))
        }
    }

    private static func step1c(_ w: inout [UInt8]) {
        if ends(w, "y") && hasVowel(w, w.count - 1) { w[w.count - 1] = UInt8(ascii: "i") }
    }

    private static let step2Rules: [(StaticString, StaticString)] = [
        ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("abli", "able"),
        ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"),
        ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
        ("iviti", "ive"), ("biliti", "ble"),
    ]

    private static func step2(_ w: inout [UInt8]) { applyFirst(&w, step2Rules, minimum: 0) }

    private static let step3Rules: [(StaticString, StaticString)] = [
        ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", ""),
    ]

    private static func step3(_ w: inout [UInt8]) { applyFirst(&w, step3Rules, minimum: 0) }

    private static let step4Suffixes: [StaticString] = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion",
                                        "ou", "ism", "ate", "iti", "ous", "ive", "ize"]

    private static func step4(_ w: inout [UInt8]) {
        guard let suffix = step4Suffixes.first(where: { ends(w, $0) }) else { return }
        let stem = w.count - suffix.utf8CodeUnitCount
        guard measure(w, stem) > 1 else { return }
        if suffix.utf8CodeUnitCount == 3 && ends(w, "ion") && !(stem > 0 && (w[stem - 1] == UInt8(ascii: "s") || w[stem - 1] == UInt8(ascii: "t"))) { return }
        w.removeLast(suffix.utf8CodeUnitCount)
    }

    private static func step5(_ w: inout [UInt8]) {
        if ends(w, "e") {
            let m = measure(w, w.count - 1)
            if m > 1 || (m == 1 && !endsCVC(w, w.count - 1)) { w.removeLast() }
        }
        if ends(w, "ll") && measure(w, w.count - 1) > 1 { w.removeLast() }
    }
}
