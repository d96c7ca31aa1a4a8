/// What a text request body must be.
enum TextBody {
    /// `text/plain`, with or without parameters (`; charset=utf-8`), in any case.
    static func isPlainText(_ contentType: String) -> Bool {
        var utf8 = contentType.utf8[...]
        if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
        utf8 = utf8.trimmingBlanks()
        let type = "text/plain".utf8
        return utf8.count == type.count
            && zip(utf8, type).allSatisfy { $0 == $1 || ($0 >= 0x41 && $0 <= 0x5A && $0 + 0x20 == $1) }
    }
}
