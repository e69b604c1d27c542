import Support
import YAML

/// TOML's bare values: booleans, integers (decimal, hex, octal, binary, with `_`), floats
/// (with `inf` and `nan`), and dates and times. Each becomes the YAML scalar that reads the
/// same: integers in decimal, `.inf` and `.nan`, dates as written, a local time as text.
enum TOMLScalars {
    /// The scalar at the scanner's position.
    static func scalar(_ scanner: inout TOMLScanner) throws(TOMLError) -> (text: String, style: YAMLNode.ScalarStyle) {
        let start = scanner.index
        let startLocation = scanner.location
        while let byte = scanner.current, isValueByte(byte) { scanner.advance() }
        // `1979-05-27 07:32:00`: a date, one space, a time.
        if scanner.current == 0x20, isDate(Array(scanner.bytes[start..<scanner.index])),
           let a = scanner.peek(1), let b = scanner.peek(2), isDigit(a), isDigit(b), scanner.peek(3) == UInt8(ascii: ":") {
            scanner.advance()
            while let byte = scanner.current, isValueByte(byte) { scanner.advance() }
        }
        let token = Array(scanner.bytes[start..<scanner.index])
        let text = String(decoding: token, as: UTF8.self)
        guard !token.isEmpty else { throw scanner.error("a value is missing") }
        switch text {
        case "true", "false": return (text, .plain)
        case "inf", "+inf": return (".inf", .plain)
        case "-inf": return ("-.inf", .plain)
        case "nan", "+nan", "-nan": return (".nan", .plain)
        default: break
        }
        if isDateTime(token) { return (text, .plain) }
        if isLocalTime(token) { return (text, .doubleQuoted) }
        if let integer = integer(token) { return (String(integer), .plain) }
        if isFloat(token) { return (String(text.filter { $0 != "_" }), .plain) }
        throw TOMLError(location: startLocation, message: "TOML: '\(text)' is not a value (a text needs quotes)")
    }

    static func isValueByte(_ byte: UInt8) -> Bool {
        TOMLScanner.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy(isDigit) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self))
    }

    /// `1979-05-27` with a month and day that exist.
    static func isDate(_ token: [UInt8]) -> Bool {
        guard token.count == 10, token[4] == UInt8(ascii: "-"), token[7] == UInt8(ascii: "-"),
              let year = number(token[0..<4]), let month = number(token[5..<7]), let day = number(token[8..<10]) else { return false }
        return (1...12).contains(month) && (1...CivilDays.daysIn(month: month, year: year)).contains(day)
    }

    /// `07:32:00` or `07:32:00.999`.
    static func isLocalTime(_ token: [UInt8]) -> Bool {
        guard token.count >= 8, token[2] == UInt8(ascii: ":"), token[5] == UInt8(ascii: ":"),
              let hour = number(token[0..<2]), let minute = number(token[3..<5]), let second = number(token[6..<8]),
              hour < 24, minute < 60, second <= 60 else { return false }
        if token.count == 8 { return true }
        return token[8] == UInt8(ascii: ".") && token.count > 9 && token[9...].allSatisfy(isDigit)
    }

    /// A date, or a date, `T`/`t`/space and a time, with `Z` or `±HH:MM` or nothing after it.
    static func isDateTime(_ token: [UInt8]) -> Bool {
        guard token.count >= 10, isDate(Array(token[0..<10])) else { return false }
        if token.count == 10 { return true }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(token[10]) else { return false }
        var time = Array(token[11...])
        if let last = time.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
            time.removeLast()
        } else if time.count > 6, let sign = time.dropLast(5).last, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let offset = time.suffix(5)
            guard offset[offset.startIndex + 2] == UInt8(ascii: ":"), let hours = number(offset.prefix(2)), let minutes = number(offset.suffix(2)),
                  hours < 24, minutes < 60 else { return false }
            time.removeLast(6)
        }
        return isLocalTime(time)
    }

    /// Decimal with `_` between digits and no leading zero, or `0x`, `0o`, `0b`.
    static func integer(_ token: [UInt8]) -> Int? {
        var digits = token[...]
        if digits.count > 2, digits.first == UInt8(ascii: "0"),
           let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][digits[digits.startIndex + 1]] {
            digits = digits.dropFirst(2)
            guard underscoresBetweenDigits(digits) else { return nil }
            return Int(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix)
        }
        var sign = ""
        if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? "-" : ""
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }), underscoresBetweenDigits(digits),
              !(digits.first == UInt8(ascii: "0") && digits.count > 1) else { return nil }
        return Int(sign + String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }

    /// A decimal integer part, then a fraction, an exponent, or both.
    static func isFloat(_ token: [UInt8]) -> Bool {
        var rest = token[...]
        if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let integerPart = rest.prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
        guard !integerPart.isEmpty, underscoresBetweenDigits(integerPart), !(integerPart.first == UInt8(ascii: "0") && integerPart.count > 1) else { return false }
        rest = rest.dropFirst(integerPart.count)
        var hasFraction = false
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
            guard !fraction.isEmpty, underscoresBetweenDigits(fraction) else { return false }
            rest = rest.dropFirst(fraction.count)
            hasFraction = true
        }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
            guard !exponent.isEmpty, underscoresBetweenDigits(exponent) else { return false }
            return rest.count == exponent.count
        }
        return hasFraction && rest.isEmpty
    }

    /// Each `_` has a digit on both sides.
    private static func underscoresBetweenDigits(_ digits: ArraySlice<UInt8>) -> Bool {
        guard let first = digits.first, let last = digits.last, first != UInt8(ascii: "_"), last != UInt8(ascii: "_") else { return false }
        return !zip(digits, digits.dropFirst()).contains { $0 == UInt8(ascii: "_") && $1 == UInt8(ascii: "_") }
    }
}
