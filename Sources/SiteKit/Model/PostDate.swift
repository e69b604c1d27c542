import Foundation
import Support

/// A front matter date as the author wrote it: a calendar day, optionally with a
/// time and a UTC offset (`2017-04-21`, `2017-04-21T09:30:00+02:00`).
/// A date without time or offset is midnight UTC, so builds do not depend on the machine's time zone.
public struct PostDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Minutes east of UTC; nil when the author gave no offset (read as UTC).
    public var utcOffsetMinutes: Int?
    public var hasTime: Bool

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                utcOffsetMinutes: Int? = nil, hasTime: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetMinutes = utcOffsetMinutes
        self.hasTime = hasTime
    }

    /// Parses the forms YAML timestamps, Jekyll and Hugo accept: `YYYY-M-D` (one or two
    /// digits for month and day), then optionally `T` or spaces, `H:MM[:SS[.fraction]]`, and
    /// `Z` or `±H[H][[:]MM]`, with or without a space before it. Rejects days that do not exist.
    public init?(parsing text: String) {
        let scalars = Array(text.trimmedOfSpaces.utf8)
        var index = 0
        /// `width` digits, or between `width` and `upTo` of them.
        func number(_ width: Int, upTo maximum: Int? = nil) -> Int? {
            var value = 0
            var count = 0
            while count < (maximum ?? width), index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 {
                value = value * 10 + Int(scalars[index] - 48)
                index += 1
                count += 1
            }
            return count >= width ? value : nil
        }
        func expect(_ c: Character) -> Bool {
            guard index < scalars.count, scalars[index] == c.asciiValue! else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(1, upTo: 2), expect("-"), let day = number(1, upTo: 2) else { return nil }
        self.init(year: year, month: month, day: day)
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        if index == scalars.count { return }
        guard expect("T") || expect("t") || expect(" ") else { return nil }
        while expect(" ") {}
        guard let hour = number(1, upTo: 2), expect(":"), let minute = number(2) else { return nil }
        var second = 0
        if expect(":") {
            guard let s = number(2) else { return nil }
            second = s
            if expect(".") {
                let start = index
                while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
                guard index > start else { return nil }
            }
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.hasTime = true
        _ = expect(" ")
        if index == scalars.count { return }
        if expect("Z") || expect("z") {
            utcOffsetMinutes = 0
        } else if index < scalars.count, scalars[index] == UInt8(ascii: "+") || scalars[index] == UInt8(ascii: "-") {
            let sign = scalars[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let h = number(1, upTo: 2), h < 24 else { return nil }
            // Minutes are optional (`+02`), written `+02:00` or `+0200`; a colon needs them.
            var m = 0
            let hasColon = expect(":")
            if hasColon || index < scalars.count {
                guard let mm = number(2), mm < 60 else { return nil }
                m = mm
            }
            utcOffsetMinutes = sign * (h * 60 + m)
        }
        guard index == scalars.count else { return nil }
    }

    /// The UTC time of a Unix timestamp (a file's modification time), to the second.
    package init(secondsSince1970 seconds: Int) {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        // civil-from-days (Howard Hinnant's algorithm), the inverse of ``daysSince1970``.
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day,
                  hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60, utcOffsetMinutes: 0, hasTime: true)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970 in UTC, by the proleptic Gregorian calendar (days-from-civil).
    var secondsSince1970: Int {
        daysSince1970 * 86400 + hour * 3600 + minute * 60 + second - (utcOffsetMinutes ?? 0) * 60
    }

    /// Days from 1970-01-01 to the written calendar day (not shifted by the UTC offset).
    package var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    public static func < (lhs: PostDate, rhs: PostDate) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `2017-04-21`, for `<time datetime>` and lists.
    public var isoDay: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    /// RFC 3339 (`2017-04-21T00:00:00Z`), what Atom, JSON Feed and sitemaps want.
    public var rfc3339: String {
        var text = "\(isoDay)T\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))"
        let offset = utcOffsetMinutes ?? 0
        if offset == 0 {
            text += "Z"
        } else {
            text += (offset < 0 ? "-" : "+") + Self.pad(abs(offset) / 60, 2) + ":" + Self.pad(abs(offset) % 60, 2)
        }
        return text
    }

    /// RFC 822 as RSS 2.0 wants it, with a four-digit year: `Fri, 21 Apr 2017 00:00:00 +0000`.
    var rfc822: String {
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[((daysSince1970 % 7) + 7) % 7]
        let offset = utcOffsetMinutes ?? 0
        let zone = (offset < 0 ? "-" : "+") + Self.pad(abs(offset) / 60, 2) + Self.pad(abs(offset) % 60, 2)
        return "\(weekday), \(Self.pad(day, 2)) \(Self.monthNames[month - 1].prefix(3)) \(Self.pad(year, 4)) "
            + "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2)) \(zone)"
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// `21 April 2017`: unambiguous for readers anywhere.
    var readable: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

    public var description: String { hasTime ? rfc3339 : isoDay }
}
