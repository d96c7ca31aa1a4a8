import HTTPServer
import InsetCore
import InsetDevices
import InsetSchema
import InsetSession

/// Keyboard shows and hides on a web page (`platform: "web"`, docs/web.md), stateless: the page as the body
/// describes it before the keyboard, answered with what the browser does once it has settled.
enum WebEvents {
    /// A show, or a hide of the keyboard a show of the same body brought up.
    static func stateless(
        _ kind: KeyboardEvent.Kind, _ event: borrowing KeyboardEvent, devices: DeviceCatalogue
    ) throws(Problem) -> HTTPResponse {
        var scene = event.scene
        let keyboard: WebDeviceKeyboard.Taken?
        let page: WebPage
        let rule: WebRule
        do throws(SessionError) {
            keyboard = try WebDeviceKeyboard.resolve(&scene, over: nil, in: devices).taken
            (page, rule) = try self.page(scene.values)
        } catch {
            throw Problem(error)
        }
        let outcome =
            kind == .show
            ? WebKeyboard.show(page, behaviour: rule.behaviour) : WebKeyboard.hide(page, behaviour: rule.behaviour)
        return WebAnswer.response(outcome, page: page, rule: rule, keyboard: keyboard)
    }

    /// The page `scene` describes and the rule of its browser, or every problem with it, by pointer. A session's
    /// page may come without its keyboard (`keyboard: false`), which a show then brings; its height is then 0.
    static func page(_ scene: Scene, keyboard: Bool = true) throws(SessionError) -> (WebPage, WebRule) {
        let web = scene.web
        var problems: [MemberProblem] = []
        func missing(_ pointer: String, _ what: String) {
            problems.append(MemberProblem(pointer: pointer, message: "is required on the web: \(what)"))
        }
        if web.engine == nil { missing("/browser/engine", "webkit, blink or gecko") }
        if web.os == nil { missing("/browser/os", "ios or android") }
        let version = web.version.flatMap(WebVersion.init)
        if web.version == nil {
            missing("/browser/version", "the browser's version, as \"18.4\" or \"131\"")
        } else if version == nil {
            problems.append(
                MemberProblem(pointer: "/browser/version", message: "must be a version such as \"18.4\" or \"131\""))
        }
        if web.viewport == nil { missing("/viewport", "innerWidth and innerHeight before the keyboard, CSS px") }
        if keyboard, web.keyboardHeight == nil {
            missing("/keyboard/height", "the height the keyboard covers, CSS px")
        }
        if web.documentHeight == nil { missing("/documentHeight", "the document's scrollHeight, CSS px") }
        if let viewport = web.viewport, let keyboard = web.keyboardHeight, keyboard > viewport.height {
            problems.append(
                MemberProblem(
                    pointer: "/keyboard/height",
                    message:
                        "must be at most /viewport/height (\(formatted(viewport.height))): the keyboard covers the viewport's bottom"
                ))
        }
        if let scroll = web.scroll, scroll.x < 0 || scroll.y < 0 {
            problems.append(
                MemberProblem(pointer: "/scroll", message: "must not be negative: scrollX and scrollY start at 0"))
        }
        if let id = web.focusedIn {
            if scene.focusedRect == nil {
                problems.append(MemberProblem(pointer: "/focusedRect", message: "is required with /focusedIn"))
            }
            if !(web.fixedElements ?? []).contains(where: { $0.id == id }) {
                problems.append(MemberProblem(pointer: "/focusedIn", message: "must name one of /fixedElements"))
            }
        }
        guard problems.isEmpty, let engine = web.engine, let os = web.os, let version, let viewport = web.viewport,
            let documentHeight = web.documentHeight
        else { throw .invalidMembers(problems) }
        let browser = WebBrowser(engine: engine, os: os, version: version)
        guard let rule = WebRules.rule(for: browser) else {
            throw .invalidMembers([MemberProblem(pointer: "/browser", message: refusal(browser))])
        }
        let page = WebPage(
            browser: browser, viewport: viewport, toolbarHeight: web.toolbarHeight,
            interactiveWidget: web.interactiveWidget, overlaysContent: web.overlaysContent ?? false,
            keyboardHeight: web.keyboardHeight ?? 0, documentHeight: documentHeight,
            scroll: web.scroll ?? Point(x: 0, y: 0), focusedRect: scene.focusedRect, caretRect: scene.android.caretRect,
            focusedIn: web.focusedIn,
            fixedElements: web.fixedElements ?? [])
        return (page, rule)
    }

    /// Why the service has no rule for `browser`, with the versions it knows.
    static func refusal(_ browser: WebBrowser) -> String {
        let name = "\(browser.engine.rawValue) on \(browser.os.rawValue)"
        guard let known = WebRules.known(browser.engine, on: browser.os) else {
            let engines = WebEngine.allCases.filter { WebRules.known($0, on: browser.os) != nil }.map(\.rawValue)
            let hint =
                browser.os == .ios
                ? " (every browser on iOS runs WebKit)" : " (Chrome and its kin are blink, Firefox gecko)"
            return "has no rules for \(name): the service knows \(engines.joined(separator: " and ")) there\(hint)"
        }
        return "has no rules for \(name) \(browser.version): the service knows \(known) (docs/web.md)"
    }
}
