import Foundation

extension [String: Any] {
    /// The member `key` as an object, or empty.
    package func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    /// The member `key` as a number.
    package func number(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    /// The member `key` as a string.
    package func string(_ key: String) -> String? { self[key] as? String }
    /// Follows a path of keys: `json.at("animation", "from", "contentInset").number("bottom")`.
    package func at(_ keys: String...) -> [String: Any] { keys.reduce(self) { $0.object($1) } }
}
