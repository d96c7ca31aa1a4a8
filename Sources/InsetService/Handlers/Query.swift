import HTTPServer
import InsetJSON

/// Query arguments the handlers read.
enum Query {
    /// Bytes the JSON grammar allows around a value, which a query argument must not carry.
    private static let jsonWhitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    /// A query argument in milliseconds on the session's clock, written as a JSON number; nil when absent.
    static func milliseconds(_ request: HTTPRequest, _ name: String) throws(Problem) -> Double? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = jsonNumber(text), Limits.timestamp.contains(value) else {
            throw .invalidQuery(name, "must be a number of milliseconds between 0 and 1e15")
        }
        return value
    }

    /// A query argument's number, when it is written as the JSON grammar has it: no hex, no "inf", no "nan",
    /// no leading "+" that Double(String) would take, no blanks around it.
    static func jsonNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 32, bytes.allSatisfy({ !jsonWhitespace.contains($0) }),
            case .number(let value)? = try? JSONParser.parse(bytes)
        else { return nil }
        return value
    }

    /// `plot=svg` asks for the drawn timeline as well.
    static func plot(_ request: HTTPRequest) throws(Problem) -> Bool {
        guard let value = request.queryValue("plot") else { return false }
        guard value == "svg" else { throw .invalidQuery("plot", "must be 'svg'") }
        return true
    }
}
