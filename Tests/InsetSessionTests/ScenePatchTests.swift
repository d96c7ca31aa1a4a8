import InsetCore
import InsetSession
import Testing

/// How a patch merges into a scene: only what it sets, in `SceneValue`'s order, with UIKit's couplings.
@Suite struct ScenePatchTests {
    @Test func aContentSizeNeverSetFollowsTheFrame() {
        var scene = Scene()
        var patch = ScenePatch()
        patch.values.setFrame(Rect(x: 0, y: 0, width: 844, height: 390))
        patch.given = SceneValues(.frame)
        scene.apply(patch)
        #expect(scene.scrollView.contentSize == Size(width: 844, height: 390))
        #expect(scene.contentSizeFollowsFrame)
    }

    @Test func aContentSizeSetStaysThroughALaterFrame() {
        var scene = Phone.scene
        var rotate = ScenePatch()
        rotate.values.setFrame(Rect(x: 0, y: 0, width: 844, height: 390))
        rotate.given = SceneValues(.frame)
        scene.apply(rotate)
        #expect(scene.scrollView.frame.size == Size(width: 844, height: 390))
        #expect(scene.scrollView.contentSize == Size(width: 390, height: 2000))
    }

    @Test func onlyTheValuesSetAreCopied() {
        var scene = Phone.scene
        var patch = ScenePatch()
        patch.values.options.keyboardDistance = 24
        patch.values.scrollView.inverted = true
        patch.given = SceneValues(.keyboardDistance)
        scene.apply(patch)
        #expect(scene.options.keyboardDistance == 24)
        #expect(!scene.scrollView.inverted)
        #expect(scene.scrollView.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    }

    @Test func aFocusSetWithoutACaretDropsTheOldCaret() {
        var scene = Phone.scene
        scene.fields = Phone.fields
        scene.focus = "name"
        scene.focusedRect = Rect(x: 20, y: 610, width: 2, height: 20)
        var patch = ScenePatch()
        patch.values.focus = "email"
        patch.given = .focus
        scene.apply(patch)
        #expect(scene.focus == "email")
        #expect(scene.focusedRect == nil)
        #expect(scene.revealRect == Phone.fields[1].rect)
    }

    @Test func fieldsWithoutTheFocusedOneDropTheFocus() {
        var scene = Phone.scene
        scene.fields = Phone.fields
        scene.focus = "notes"
        var patch = ScenePatch()
        patch.values.fields = Array(Phone.fields.prefix(2))
        patch.given = .fields
        scene.apply(patch)
        #expect(scene.focus == nil)
        // Nothing focused: the toolbar's arrows have nowhere to go.
        #expect(scene.navigation == FocusNeighbours(previous: nil, next: nil))
    }

    @Test func aStrayFocusIsNamed() {
        var patch = ScenePatch()
        patch.values.focus = "phone"
        patch.given = .focus
        var base = Phone.scene
        #expect(patch.strayFocus(over: base) == "phone")
        base.fields = Phone.fields
        patch.values.focus = "email"
        #expect(patch.strayFocus(over: base) == nil)
        // Fields the patch sets replace the base's.
        patch.values.fields = [Phone.fields[0]]
        patch.given.insert(.fields)
        #expect(patch.strayFocus(over: base) == "email")
    }

    @Test func aWindowNeverSetIsTheScreen() {
        #expect(Phone.scene.space.window == Rect(x: 0, y: 0, width: 390, height: 844))
        var scene = Phone.scene
        var patch = ScenePatch()
        patch.values.setWindow(Rect(x: 0, y: 20, width: 390, height: 824))
        patch.given = SceneValues(.window)
        scene.apply(patch)
        #expect(scene.space.window == Rect(x: 0, y: 20, width: 390, height: 824))
        #expect(scene.windowGiven)
    }

    @Test func eachValueHasItsOwnBit() {
        let all = SceneValue.allCases.reduce(SceneValues()) { $0.union(SceneValues($1)) }
        #expect(all.rawValue == (1 << UInt32(SceneValue.allCases.count)) - 1)
    }
}
