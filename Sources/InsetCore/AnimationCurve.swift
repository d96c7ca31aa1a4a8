/// A UIKit animation curve (`UIView.AnimationCurve` raw value), with its exact progress function.
public enum AnimationCurve: Equatable, Hashable, Sendable {
    /// Raw value 0.
    case easeInOut
    /// Raw value 1.
    case easeIn
    /// Raw value 2.
    case easeOut
    /// Raw value 3.
    case linear
    /// Raw value 7 (and any other value): the keyboard's own critically damped spring.
    case keyboard(rawValue: Int)
    /// The keyboard's spring started moving: `initialVelocity` is UIKit's `initialSpringVelocity`, the
    /// velocity at the start divided by the distance to travel (1/s; 0 is the plain keyboard spring). What a
    /// released interactive dismissal animates with. Raw value 7, as the keyboard's.
    case spring(initialVelocity: Double)

    /// The curve for a UIKit raw value.
    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .easeInOut
        case 1: self = .easeIn
        case 2: self = .easeOut
        case 3: self = .linear
        default: self = .keyboard(rawValue: rawValue)
        }
    }

    /// The UIKit raw value.
    public var rawValue: Int {
        switch self {
        case .easeInOut: return 0
        case .easeIn: return 1
        case .easeOut: return 2
        case .linear: return 3
        case .keyboard(let raw): return raw
        case .spring: return 7
        }
    }
}
