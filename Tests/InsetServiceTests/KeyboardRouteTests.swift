import Foundation
import InsetCore
import InsetService
import InsetServiceTestSupport
import Testing

@Suite("POST /keyboard/show and /keyboard/hide without a session")
struct KeyboardRouteTests {
    @Test func statelessShowOnAnIPhoneCountsTheSafeAreaOnce() {
        let answer = makeApp().call("POST", "/keyboard/show", json: Phone.showBody)
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "application/json")
        let json = answer.json
        // overlap 336, minus the 34-pt home-indicator area UIKit already adds = 302.
        #expect(json.object("contentInset").number("bottom") == 302)
        #expect(json.object("scrollIndicatorInsets").number("bottom") == 302)
        #expect(json.object("adjustedContentInset").number("bottom") == 336)
        #expect(json.object("adjustedContentInset").number("top") == 47)
        #expect(json.number("keyboardOverlap") == 336)
        #expect(json["keyboardDocked"] as? Bool == true)
        // Field bottom 744 + 10 distance must sit at 844 - 336: offset 246.
        #expect(json.object("contentOffset").number("y") == 246)
        #expect(json["session"] == nil)
    }

    @Test func theAnimationDescriptorIsWhatUIKitAndCSSNeed() {
        let animation = makeApp().call("POST", "/keyboard/show", json: Phone.showBody).json.object("animation")
        #expect(animation.number("duration") == 0.25)
        #expect(animation.number("delay") == 0)
        #expect(animation.number("curve") == 7)
        #expect(animation.string("curveName") == "keyboard")
        #expect(animation.number("options") == Double(7 << 16 | 4))
        #expect(animation["beginFromCurrentState"] as? Bool == true)
        #expect(animation.string("timingFunction") == "cubic-bezier(0.38, 0.7, 0.125, 1)")
        #expect(animation.number("cssDuration") == 500)
        #expect(animation.string("linearEasing")?.hasPrefix("linear(0, ") == true)
        #expect(animation.string("linearEasing")?.hasSuffix(", 1)") == true)
        #expect(animation.at("from", "contentInset").number("bottom") == 0)
        #expect(animation.at("to", "contentInset").number("bottom") == 302)
        #expect(animation.at("to", "contentOffset").number("y") == 246)
        #expect(animation["startTime"] == nil)
    }

    @Test(arguments: [
        (0, "easeInOut", "cubic-bezier(0.42, 0, 0.58, 1)", 300.0),
        (1, "easeIn", "cubic-bezier(0.42, 0, 1, 1)", 300),
        (2, "easeOut", "cubic-bezier(0, 0, 0.58, 1)", 300),
        (3, "linear", "linear", 300),
        (7, "keyboard", "cubic-bezier(0.38, 0.7, 0.125, 1)", 500),
        (5, "keyboard", "cubic-bezier(0.38, 0.7, 0.125, 1)", 500),
    ])
    func eachCurveMapsToItsNameAndCSS(curve: Int, name: String, timing: String, cssDuration: Double) {
        let body = """
            {"scrollView":{"frame":{"x":0,"y":0,"width":375,"height":667}},\
            "keyboard":{"frameEnd":{"x":0,"y":451,"width":375,"height":216},"animationDuration":0.3,"animationCurve":\(curve)}}
            """
        let animation = makeApp().call("POST", "/keyboard/show", json: body).json.object("animation")
        #expect(animation.string("curveName") == name)
        #expect(animation.string("timingFunction") == timing)
        #expect(animation.number("cssDuration") == cssDuration)
        #expect(animation.number("options") == Double(curve << 16 | 4))
    }

    @Test func statelessHideReturnsTheBaseInsetsAndStartsFromFrameBegin() {
        let body = """
            {"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844},\
            "contentInset":{"top":0,"left":0,"bottom":20,"right":0},\
            "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},\
            "contentSize":{"width":390,"height":2000},"contentOffset":{"x":0,"y":1700}},\
            "screen":{"width":390,"height":844},\
            "keyboard":{"frameBegin":{"x":0,"y":508,"width":390,"height":336},\
            "frameEnd":{"x":0,"y":844,"width":390,"height":336}}}
            """
        let json = makeApp().call("POST", "/keyboard/hide", json: body).json
        #expect(json.object("contentInset").number("bottom") == 20)
        #expect(json.number("keyboardOverlap") == 0)
        // Base range: 2000 + 20 + 34 - 844 = 1210, so the offset 1700 comes back to it.
        #expect(json.object("contentOffset").number("y") == 1210)
        let from = json.at("animation", "from")
        #expect(from.object("contentInset").number("bottom") == 322)
        #expect(from.object("contentOffset").number("y") == 1700)
    }

    @Test func aHideThatReportsANonZeroFrameStillRestoresTheBase() {
        // iOS 26 keeps the accessory bar's height in a hide's frameEnd.
        let body = """
            {"scrollView":\(Phone.scrollView),"screen":\(Phone.screen),\
            "keyboard":{"frameEnd":{"x":0,"y":799,"width":390,"height":45}}}
            """
        let json = makeApp().call("POST", "/keyboard/hide", json: body).json
        #expect(json.object("contentInset").number("bottom") == 0)
        #expect(json.number("keyboardOverlap") == 0)
    }

    @Test func anUndockedIPadKeyboardLeavesTheInsetsAlone() {
        let body = """
            {"scrollView":{"frame":{"x":0,"y":0,"width":1024,"height":1366}},"screen":{"width":1024,"height":1366},\
            "keyboard":{"frameEnd":{"x":312,"y":700,"width":400,"height":300}}}
            """
        let json = makeApp().call("POST", "/keyboard/show", json: body).json
        #expect(json.object("contentInset").number("bottom") == 0)
        #expect(json["keyboardDocked"] as? Bool == false)
    }
}
