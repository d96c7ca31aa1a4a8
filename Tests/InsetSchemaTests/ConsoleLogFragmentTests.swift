import Testing

@testable import InsetSchema

/// Fragments read alone: comment markers, notes, forms, names, and what is refused where.
@Suite struct ConsoleLogFragmentTests {
    func read(_ text: String) -> (ConsoleLog, [FieldError]) { ConsoleLogReader.read(Array(text.utf8)) }

    /// Markers become spaces and nothing moves: a leading `//` and a block's `/*`, `*/` and leading `*` lose their
    /// marker only; a trailing `//` takes its line's rest with it.
    @Test func commentMarkersBecomeSpaces() {
        let text = "// a = 1;\nb = 2; // note\n/* c\n * d\n */\ne"
        let (bytes, comments) = FragmentText.uncommented(Array(text.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == "   a = 1;\nb = 2;        \n   c\n   d\n   \ne")
        #expect(bytes.count == text.utf8.count)
        #expect(comments == [0..<9, 17..<24, 25..<38])
        #expect(FragmentText.meets(comments, 39..<40) == false)
        #expect(FragmentText.meets(comments, 30..<31))
    }

    /// Lines of either form, notes between them skipped, a repeated key starting the next `userInfo`.
    @Test func linesMakeOneUserInfoUntilAKeyRepeats() {
        let text = """
            UIKeyboardFrameBeginUserInfoKey = "NSRect: {{0, 480}, {320, 216}}";
            a note between them
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}";
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 480}, {320, 216}}";
            """
        let (log, errors) = read(text)
        #expect(errors.isEmpty)
        #expect(log.notifications.map(\.lines) == [1...3, 4...4])
        #expect(log.notifications.map(\.form) == [.objcLines, .objcLines])
        #expect(log.notifications.map(\.nameSource) == [.assumed, .assumed])
        #expect(log.notifications[0].userInfo.members.map(\.key).count == 2)
        #expect(log.skippedLines == 0)
    }

    /// A line naming the notification above the lines names them, as for a `userInfo` printed whole.
    @Test func aNameJustAboveNamesThem() {
        let text = """
            - (void)keyboardWillShow:(NSNotification *)note
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}";
            """
        let (log, _) = read(text)
        #expect(log.notifications.map(\.name) == [.willShow])
        #expect(log.notifications.map(\.nameSource) == [.nearby])
        #expect(log.notifications.map(\.lines) == [1...2])
    }

    /// A key in a sentence is read only when its line names the notification; a line naming one is never read
    /// as printed lines.
    @Test func aSentenceNeedsTheNotificationsName() {
        let named = read(
            #"In keyboardWillShow I get UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}"."#)
        #expect(named.0.notifications.map(\.form) == [.sentence])
        #expect(named.0.notifications.map(\.name) == [.willShow])
        let bare = read("The end frame is UIKeyboardFrameEndUserInfoKey = {{0, 264}, {320, 216}}, in my app.")
        #expect(bare.0.notifications.isEmpty)
        #expect(bare.1.isEmpty)
        let braces = read("keyboardDidHide gives UIKeyboardFrameEndUserInfoKey: {{0, 480}, {320, 216}} here")
        #expect(braces.0.notifications.map(\.name) == [.didHide])
        #expect(
            braces.0.notifications.first?.userInfo["UIKeyboardFrameEndUserInfoKey"] == .string("{{0, 480}, {320, 216}}")
        )
    }

    /// A value the replay reads that breaks off is refused where it breaks; one it ignores makes its line a note;
    /// a key without `=` or `:` is prose.
    @Test func brokenValuesAreRefusedOnlyForKeysTheReplayReads() {
        let used = read(#"UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 409}, {375, 258}}"# + "\n")
        #expect(used.1.map(\.location) == [TextLocation(line: 1, column: 64)])
        let ignored = read(
            "UIKeyboardCenterEndUserInfoKey = NSPoint: {207, 723\nUIKeyboardFrameEndUserInfoKey = 1;\n")
        #expect(ignored.1.isEmpty)
        #expect(ignored.0.notifications.map(\.lines) == [2...2])
        let prose = read("UIKeyboardFrameEndUserInfoKey  258\n")
        #expect(prose.0.notifications.isEmpty)
        #expect(prose.1.isEmpty)
    }

    /// A printed dictionary anywhere wins: fragments are read only when no notification is printed whole.
    @Test func printedNotificationsComeFirst() {
        let text = """
            UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 264}, {320, 216}}";
            { UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 480}, {320, 216}}"; }
            """
        let (log, _) = read(text)
        #expect(log.notifications.map(\.form) == [.objcUserInfo])
        #expect(log.skippedLines == 1)
    }

    /// Keys and values on lines of code that cannot be a print (a subscript) do not stop the lines below them.
    @Test func codeAboveTheLinesIsANote() {
        let text = """
            let duration = info![UIKeyboardAnimationDurationUserInfoKey] as! Double
            //        AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 409}, {375, 258}},
            """
        let (log, errors) = read(text)
        #expect(errors.isEmpty)
        #expect(log.notifications.map(\.form) == [.swiftLines])
        #expect(log.notifications.map(\.uncommented) == [true])
    }
}

extension ConsoleLogWorkTests {
    /// Sentences whose keys' braced values never close, each key another start: the values are bounded and all
    /// reading shares the budget, so the work stays linear.
    @Test func unclosedSentenceValuesCostLinearWork() {
        let line = "keyboardWillShow " + String(repeating: "UIKeyboardAKey = {{ ", count: 3000)
        let bytes = Array(line.utf8)
        let (log, _) = ConsoleLogReader.read(bytes)
        #expect(log.notifications.isEmpty)
        #expect(log.bytesRead <= Self.linearBound(bytes.count), "read \(log.bytesRead) bytes of \(bytes.count)")
    }
}
