import SiteKit

/// A front matter date in the forms Jekyll (Ruby's `Time.parse`) and Hugo read: ISO-like
/// dates with `/` or `-`, one-digit months and days, a time, a fraction, an offset written
/// `Z`, `+01`, `+0100`, `+01:00`, `UTC`, `GMT` or a US zone (`PST` = -08:00, as Ruby reads it),
/// and month names (`Feb 29, 2016`, `29 February 2016 08:00`, `Mon, 29 Feb 2016 08:00:00 +0000`).
struct LenientDate: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int?
    var minute = 0
    var second = 0
    /// Digits after the seconds' point, as written.
    var fraction = ""
    /// Minutes east of UTC, when the date says.
    var offsetMinutes: Int?

    /// `2016-02-29`, or `2016-02-29T08:00:00-08:00`: the form every YAML timestamp reader and sitegen take.
    var iso: String {
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        guard let hour else { return text }
        text += "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + (fraction.isEmpty ? "" : "." + fraction)
        if let offset = offsetMinutes {
            text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + pad(abs(offset) / 60, 2) + ":" + pad(abs(offset) % 60, 2)
        }
        return text
    }

    /// Seconds since 1970 (a date without an offset read as UTC).
    var secondsSince1970: Int {
        (CivilDays.from(year: year, month: month, day: day) * 86400 + ((hour ?? 0) * 60 + minute - (offsetMinutes ?? 0)) * 60 + second)
    }

    /// The calendar day at `offsetMinutes` east of UTC (the date's own day when it has no offset).
    func day(atOffset target: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard let offset = offsetMinutes, offset != target else { return (year, month, day, hour ?? 0, minute, second) }
        var minutes = (hour ?? 0) * 60 + minute - offset + target
        var days = CivilDays.from(year: year, month: month, day: day)
        while minutes < 0 { minutes += 1440; days -= 1 }
        while minutes >= 1440 { minutes -= 1440; days += 1 }
        let civil = CivilDays.civil(days)
        return (civil.year, civil.month, civil.day, minutes / 60, minutes % 60, second)
    }

    static let zones: [String: Int] = ["UTC": 0, "GMT": 0, "Z": 0, "UT": 0, "EST": -300, "EDT": -240, "CST": -360, "CDT": -300,
                                       "MST": -420, "MDT": -360, "PST": -480, "PDT": -420]
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init?(_ text: String) {
        var words = LenientDate.words(text)
        if let first = words.first, first.count >= 3, first.allSatisfy(\.isLetter), LenientDate.monthNumber(first) == nil {
            words.removeFirst()  // a weekday
        }
        guard !words.isEmpty else { return nil }
        var index = 0
        if let numeric = LenientDate.numericDate(words[0]) {
            (year, month, day) = numeric
            index = 1
        } else if words.count >= 3, let month = LenientDate.monthNumber(words[0]), let day = Int(words[1]), let year = Int(words[2]) {
            (self.year, self.month, self.day) = (year, month, day)
            index = 3
        } else if words.count >= 3, let day = Int(words[0]), let month = LenientDate.monthNumber(words[1]), let year = Int(words[2]) {
            (self.year, self.month, self.day) = (year, month, day)
            index = 3
        } else {
            return nil
        }
        guard (1...12).contains(month), (1...CivilDays.daysIn(month: month, year: year)).contains(day), year >= 1000 else { return nil }
        if index < words.count, let time = LenientDate.time(words[index]) {
            (hour, minute, second, fraction) = (time.hour, time.minute, time.second, time.fraction)
            if let offset = time.offset { offsetMinutes = offset }
            index += 1
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if let zone = LenientDate.zones[word.uppercased()] {
                if offsetMinutes == nil { offsetMinutes = zone }
            } else if let offset = LenientDate.offset(word[...]), offsetMinutes == nil, hour != nil {
                offsetMinutes = offset
            } else {
                return nil
            }
        }
    }

    /// Split at blanks and commas; a `T` between date and time splits too.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) {
            if let t = part.firstIndex(where: { $0 == "T" || $0 == "t" }), part[..<t].contains("-") || part[..<t].contains("/"),
               part[part.index(after: t)...].first?.isNumber == true {
                words += [String(part[..<t]), String(part[part.index(after: t)...])]
            } else {
                words.append(String(part))
            }
        }
        return words
    }

    private static func numericDate(_ word: String) -> (Int, Int, Int)? {
        let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return (year, month, day)
    }

    private static func monthNumber(_ word: String) -> Int? {
        let lower = word.lowercased().trimming(".")
        if let index = months.firstIndex(of: lower) { return index + 1 }
        if lower.count == 3, let index = months.firstIndex(where: { $0.hasPrefix(lower) }) { return index + 1 }
        return lower == "sept" ? 9 : nil
    }

    private static func time(_ word: String) -> (hour: Int, minute: Int, second: Int, fraction: String, offset: Int?)? {
        var text = Substring(word)
        var offset: Int?
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            offset = 0
            text = text.dropLast()
        } else if let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let parsed = Self.offset(text[sign...]) else { return nil }
            offset = parsed
            text = text[..<sign]
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = Int(parts[0]), parts[0].count <= 2, parts[1].count == 2,
              let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        var second = 0
        var fraction = ""
        if parts.count == 3 {
            let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
            guard secondParts[0].count == 2, let value = Int(secondParts[0]), value < 60, secondParts.count <= 2 else { return nil }
            second = value
            if secondParts.count == 2 {
                guard !secondParts[1].isEmpty, secondParts[1].allSatisfy(\.isNumber) else { return nil }
                fraction = String(secondParts[1])
            }
        }
        return (hour, minute, second, fraction, offset)
    }

    /// `+01`, `-5`, `+0100`, `+01:00` → minutes east of UTC.
    private static func offset(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().replacingColon()
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), digits.count <= 4 else { return nil }
        let hours = digits.count <= 2 ? Int(digits) : Int(digits.prefix(digits.count - 2))
        let minutes = digits.count <= 2 ? 0 : Int(digits.suffix(2))
        guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Substring {
    fileprivate func replacingColon() -> String {
        filter { $0 != ":" }
    }
}

/// Days since 1970-01-01 and back, for moving a date across midnight without a calendar:
/// the arithmetic the build's own dates use (``PostDate``: Howard Hinnant's days-from-civil
/// and its inverse), so an imported date lands on the day the build will read.
enum CivilDays {
    static func from(year: Int, month: Int, day: Int) -> Int {
        PostDate(year: year, month: month, day: day).daysSince1970
    }

    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let date = PostDate(secondsSince1970: days * 86400)
        return (date.year, date.month, date.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        PostDate.daysIn(month: month, year: year)
    }

    /// 1 for January 1st.
    static func dayOfYear(year: Int, month: Int, day: Int) -> Int {
        from(year: year, month: month, day: day) - from(year: year, month: 1, day: 1) + 1
    }
}
