import HTTPServer
import InsetSchema

/// Query arguments the handlers read.
enum Query {
    /// A query argument in milliseconds on the session's clock, written as a JSON number; nil when absent.
    static func milliseconds(_ request: HTTPRequest, _ name: String) throws(Problem) -> Double? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = NumberText.value(text), Limits.timestamp.contains(value) else {
            throw .invalidQuery(name, "must be a number of milliseconds between 0 and 1e15")
        }
        return value
    }

    /// `plot=svg` asks for the drawn timeline as well.
    static func plot(_ request: HTTPRequest) throws(Problem) -> Bool {
        guard let value = request.queryValue("plot") else { return false }
        guard value == "svg" else { throw .invalidQuery("plot", "must be 'svg'") }
        return true
    }
}
