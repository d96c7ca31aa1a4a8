import Testing

@testable import InsetCore

@Suite("Keyboard avoidance geometry")
struct KeyboardAvoidanceTests {
    @Test("Keyboard shown on an iPhone", arguments: iPhoneShowCases)
    func iPhoneShown(_ testCase: GeometryCase) throws {
        let keyboard = try #require(testCase.keyboard)
        let result = KeyboardAvoidance.shown(
            scrollView: testCase.scrollView, space: testCase.space, keyboardFrameEnd: keyboard,
            focusedRect: testCase.focusedRect, options: testCase.options)
        check(result, against: testCase.expected)
    }

    @Test("Keyboard shown on an iPad", arguments: iPadShowCases)
    func iPadShown(_ testCase: GeometryCase) throws {
        let keyboard = try #require(testCase.keyboard)
        let result = KeyboardAvoidance.shown(
            scrollView: testCase.scrollView, space: testCase.space, keyboardFrameEnd: keyboard,
            focusedRect: testCase.focusedRect, options: testCase.options)
        check(result, against: testCase.expected)
    }

    @Test("Keyboard hidden", arguments: hideCases)
    func hidden(_ testCase: GeometryCase) {
        let result = KeyboardAvoidance.hidden(
            scrollView: testCase.scrollView, space: testCase.space, keyboardFrameEnd: testCase.keyboard)
        check(result, against: testCase.expected)
    }

    @Test("Enough hand-worked geometry cases")
    func caseCount() {
        #expect(iPhoneShowCases.count + iPadShowCases.count + hideCases.count >= 40)
    }

    @Test("Case names are unique, so a failure names one case")
    func uniqueNames() {
        let names = (iPhoneShowCases + iPadShowCases + hideCases).map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A hide carries the end frame it likes; a show to a frame below the screen must land on the same state.
    @Test(
        "Show to an off-screen frame equals a hide", arguments: [IPhone15.longList(), IPhone15.longList(offsetY: 1492)])
    func offScreenShowIsHide(_ scrollView: ScrollViewGeometry) {
        let offScreen = Rect(x: 0, y: 844, width: 390, height: 336)
        let shown = KeyboardAvoidance.shown(scrollView: scrollView, space: IPhone15.space, keyboardFrameEnd: offScreen)
        let hidden = KeyboardAvoidance.hidden(
            scrollView: scrollView, space: IPhone15.space, keyboardFrameEnd: offScreen)
        #expect(shown == hidden)
    }

    @Test("Vertical range is [-adjusted.top, content + adjusted.bottom - height], never inverted")
    func verticalRange() {
        let long = IPhone15.longList()
        #expect(
            KeyboardAvoidance.verticalRange(scrollView: long, adjusted: insets(top: 47, bottom: 336)) == -47...1492)
        let short = ScrollViewGeometry(frame: IPhone15.frame, contentSize: Size(width: 390, height: 100))
        #expect(
            KeyboardAvoidance.verticalRange(scrollView: short, adjusted: insets(top: 47, bottom: 34)) == -47...(-47))
    }
}
