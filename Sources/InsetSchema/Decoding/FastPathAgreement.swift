import InsetJSON

/// The fast decoder's contract, checkable from outside the module: the fuzz target calls this on every body.
package enum FastPathAgreement {
    /// Whether, for every kind of body (show, hide, session, drag, release and focus: `RequestBody.Kind.allCases`),
    /// the fast decoder either declines `body` or decodes it exactly as the general decoder does (compared by
    /// description, so that -0 and 0 differ), and declines or decodes it as it does through its table alone
    /// (`FastDecoder.decodeByTable`, which the usual members' own readers must agree with). The notification
    /// log has one decoder only, so nothing to agree on.
    package static func holds(for body: UnsafeBufferPointer<UInt8>) -> Bool {
        for kind in RequestBody.Kind.allCases {
            var fast = RequestBody()
            var table = RequestBody()
            let accepted = FastDecoder.decode(body, kind: kind, into: &fast)
            let tableAccepted = FastDecoder.decodeByTable(body, kind: kind, into: &table)
            guard accepted == tableAccepted else { return false }
            guard accepted else { continue }
            guard String(describing: fast) == String(describing: table) else { return false }
            let general = (try? JSONParser.parse(UnsafeRawBufferPointer(body))).flatMap {
                try? GeneralDecoder.decode($0, kind: kind)
            }
            guard let general, String(describing: general) == String(describing: fast) else { return false }
        }
        return true
    }
}
