import InsetJSON

/// The fast path's contract, checkable from outside the module: the fuzz target calls this on every body.
public enum FastPathAgreement {
    /// Whether, for a show and for a hide, the fast path either declines `body` or decodes it exactly as the
    /// general path does (compared by description, so that -0 and 0 differ); and whether body templates agree
    /// with the fast path: one learned from `body` reads it back as the fast path did, and those of the usual
    /// shapes either decline it or read it as the fast path does.
    public static func holds(for body: UnsafeBufferPointer<UInt8>) -> Bool {
        for kind in [KeyboardEventRequest.Kind.show, .hide] {
            let fast = KeyboardEventRequest.decodeFast(body, kind: kind)
            for template in usualTemplates where template.kind == kind {
                var read = KeyboardEventRequest()
                guard template.decode(body, into: &read) else { continue }
                guard let fast, String(describing: read) == String(describing: fast) else { return false }
            }
            guard let fast else { continue }
            let general = (try? JSONParser.parse(UnsafeRawBufferPointer(body))).flatMap {
                try? KeyboardEventRequest.decode($0, kind: kind)
            }
            guard let general, String(describing: general) == String(describing: fast) else { return false }
            if let template = BodyTemplate.learn(body, kind: kind, request: fast) {
                var read = KeyboardEventRequest()
                guard template.decode(body, into: &read), String(describing: read) == String(describing: fast)
                else { return false }
            }
        }
        return true
    }

    /// Templates of the bodies clients usually send: a stateless show, and a session's show and hide.
    static let usualTemplates: [BodyTemplate] = [
        (
            KeyboardEventRequest.Kind.show,
            #"{"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "#
                + #""safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, "#
                + #""contentSize": {"width": 390, "height": 2000}}, "screen": {"width": 390, "height": 844}, "#
                + #""keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, "#
                + #""animationDuration": 0.25, "animationCurve": 7}, "#
                + #""focusedRect": {"x": 16, "y": 700, "width": 358, "height": 44}}"#
        ),
        (
            .show,
            #"{"sessionId": "CbuU4KaY_tIrhsQGEICoPi", "timestamp": 1000, "keyboard": {"frameEnd": "#
                + #"{"x": 0, "y": 508, "width": 390, "height": 336}, "animationDuration": 0.25, "animationCurve": 7}}"#
        ),
        (.hide, #"{"sessionId": "CbuU4KaY_tIrhsQGEICoPi", "timestamp": 1100}"#),
    ].compactMap { kind, text in
        Array(text.utf8).withUnsafeBufferPointer { body in
            KeyboardEventRequest.decodeFast(body, kind: kind).flatMap {
                BodyTemplate.learn(body, kind: kind, request: $0)
            }
        }
    }
}
