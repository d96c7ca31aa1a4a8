/// A target as `Package.swift` declares it.
struct ManifestTarget: Equatable, CustomStringConvertible {
    /// The declaring call: `target`, `testTarget`, `executableTarget`, `systemLibrary`…
    var kind: String
    /// Its `name:`.
    var name: String
    /// The names its `dependencies:` list, in order: a string, or the `name:` of `.target`, `.product` or
    /// `.byName`; empty without the argument.
    var dependencies: [String]

    var description: String { ".\(kind)(\(name) → \(dependencies))" }
}

/// The targets of a package manifest, read from its text: the elements of the `targets:` argument of `Package(…)`.
/// Comments are ignored, and brackets or commas inside string literals split nothing; the `targets:` lists of
/// products are not targets.
enum PackageManifest {
    /// A manifest that cannot be read so.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func targets(in manifest: String) throws -> [ManifestTarget] {
        let text = Text(manifest)
        guard let package = text.structure.firstRange(of: Array("Package(".utf8)) else {
            throw Unreadable(description: "no Package(…)")
        }
        let open = package.upperBound - 1
        guard let targets = text.arguments(openingAt: open).first(where: { $0.label == "targets" }),
            text.structure[targets.value.lowerBound] == UInt8(ascii: "[")
        else { throw Unreadable(description: "no targets: […] in Package(…)") }
        return try text.elements(openingAt: targets.value.lowerBound).map { element in
            guard let call = text.call(element) else {
                throw Unreadable(description: "not a target: \(text.literal(element))")
            }
            let arguments = text.arguments(openingAt: call.open)
            guard let name = arguments.first(where: { $0.label == "name" }).flatMap({ text.string($0.value) }) else {
                throw Unreadable(description: "a .\(call.kind) without a name")
            }
            var dependencies: [String] = []
            if let list = arguments.first(where: { $0.label == "dependencies" }) {
                for dependency in text.elements(openingAt: list.value.lowerBound) {
                    if let string = text.string(dependency) {
                        dependencies.append(string)
                    } else if let nested = text.call(dependency),
                        let named = text.arguments(openingAt: nested.open).first(where: { $0.label == "name" }),
                        let string = text.string(named.value)
                    {
                        dependencies.append(string)
                    } else {
                        throw Unreadable(description: "\(name): a dependency \(text.literal(dependency))")
                    }
                }
            }
            return ManifestTarget(kind: call.kind, name: name, dependencies: dependencies)
        }
    }

    /// The manifest twice over, byte for byte at the same offsets: `structure` without comments or string
    /// literals, where brackets are found, and `literals` without comments only, where strings are read.
    private struct Text {
        let structure: [UInt8]
        let literals: [UInt8]

        init(_ manifest: String) {
            structure = SwiftCode.blanking(manifest, strings: true)
            literals = SwiftCode.blanking(manifest, strings: false)
        }

        /// The offset of the bracket that closes the one at `open`.
        func closing(_ open: Int) -> Int {
            var depth = 0
            for index in open..<structure.count {
                switch structure[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            return structure.count
        }

        /// The comma-separated elements inside the bracket at `open`, trimmed, without an empty last one.
        func elements(openingAt open: Int) -> [Range<Int>] {
            let close = closing(open)
            var elements: [Range<Int>] = []
            var start = open + 1
            var depth = 0
            for index in (open + 1)...close {
                let byte = index < structure.count ? structure[index] : UInt8(ascii: ",")
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
                if (byte == UInt8(ascii: ",") && depth == 0) || index == close {
                    let element = trimmed(start..<index)
                    if !element.isEmpty { elements.append(element) }
                    start = index + 1
                }
            }
            return elements
        }

        /// The arguments of the call whose `(` is at `open`, each with its label when it has one.
        func arguments(openingAt open: Int) -> [(label: String?, value: Range<Int>)] {
            elements(openingAt: open).map { element in
                let code = String(decoding: structure[element], as: UTF8.self)
                guard let match = code.prefixMatch(of: /(\w+)\s*:/) else { return (nil, element) }
                let labelBytes = code.utf8.distance(from: code.startIndex, to: match.range.upperBound)
                return (String(match.output.1), trimmed(element.lowerBound + labelBytes..<element.upperBound))
            }
        }

        /// `.kind(…)` at `range`: the kind and the offset of its `(`.
        func call(_ range: Range<Int>) -> (kind: String, open: Int)? {
            let code = String(decoding: structure[range], as: UTF8.self)
            guard let match = code.prefixMatch(of: /\.(\w+)\s*\(/) else { return nil }
            return (
                String(match.output.1),
                range.lowerBound + code.utf8.distance(from: code.startIndex, to: match.range.upperBound) - 1
            )
        }

        /// The string literal that is the whole of `range`, without its quotes.
        func string(_ range: Range<Int>) -> String? {
            let text = literal(range)
            guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), structure[range].allSatisfy({ $0 == 32 })
            else { return nil }
            return String(text.dropFirst().dropLast())
        }

        func literal(_ range: Range<Int>) -> String { String(decoding: literals[range], as: UTF8.self) }

        private func trimmed(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, isSpace(structure[lower]) && isSpace(literals[lower]) { lower += 1 }
            while upper > lower, isSpace(structure[upper - 1]) && isSpace(literals[upper - 1]) { upper -= 1 }
            return lower..<upper
        }

        private func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 9 || byte == 13 }
    }
}
