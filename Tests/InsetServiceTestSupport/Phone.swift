/// Geometry of an iPhone 14 in portrait: 390x844, safe area 47 top and 34 bottom, a 336-pt keyboard.
package enum Phone {
    /// A scroll view filling the screen, its content 2000 pt tall.
    package static let scrollView = """
        {"frame":{"x":0,"y":0,"width":390,"height":844},\
        "safeAreaInsets":{"top":47,"left":0,"bottom":34,"right":0},\
        "contentSize":{"width":390,"height":2000}}
        """
    /// The screen.
    package static let screen = #"{"width":390,"height":844}"#
    /// The keyboard shown, docked at the bottom.
    package static let keyboard = #"{"frameEnd":{"x":0,"y":508,"width":390,"height":336}}"#
    /// A stateless show with a text field near the bottom of the content.
    package static let showBody = """
        {"scrollView":\(scrollView),"screen":\(screen),"keyboard":\(keyboard),\
        "focusedRect":{"x":16,"y":700,"width":358,"height":44}}
        """
    /// A `POST /sessions` body.
    package static let sessionBody = #"{"scrollView":\#(scrollView),"screen":\#(screen)}"#
}
