// @ts-check
// The Web platform's scene, without a page (no DOM, no fetch): the browsers offered, the two pages (a chat whose
// fixed composer has the focus, a form with an input low on it, each under a fixed header and over a fixed bottom
// bar), the stateless body a show or a hide of them sends (`platform: "web"`), where the answer puts each part on the
// phone's screen, and the smallest code that keeps the bottom bar in sight for what the answer says the browser did.
// Node's test runner checks them (IntegrationTests/node/playground/web-scene.test.mjs).

/**
 * @typedef {import("../client.js").WebKeyboardEventBody} WebKeyboardEventBody
 * @typedef {import("../client.js").WebKeyboardEventAnswer} WebKeyboardEventAnswer
 * @typedef {import("../client.js").InteractiveWidget} InteractiveWidget
 * @typedef {import("../client.js").Rect} Rect
 * @typedef {{ id: string, label: string, engine: "webkit" | "blink" | "gecko", os: "ios" | "android",
 *   version: string }} WebBrowser
 * @typedef {{ id: "chat" | "form", label: string, documentHeight: number, scroll: number, focused: Rect,
 *   focusedIn?: string, bottomBar: string }} WebPage
 * @typedef {{ browser: WebBrowser, page: WebPage, keyboardHeight: number, interactiveWidget: string,
 *   overlaysContent: boolean }} WebSettings
 */

/** The browsers the picker offers, each a version the service has rules for (docs/web.md, "Versions"). */
export const WEB_BROWSERS = /** @type {WebBrowser[]} */ ([
  { id: "safari-18.4", label: "Safari 18.4 (iOS)", engine: "webkit", os: "ios", version: "18.4" },
  { id: "safari-26", label: "Safari 26 (iOS)", engine: "webkit", os: "ios", version: "26" },
  { id: "chrome-107", label: "Chrome 107 (Android)", engine: "blink", os: "android", version: "107" },
  { id: "chrome-131", label: "Chrome 131 (Android)", engine: "blink", os: "android", version: "131" },
  { id: "firefox-140", label: "Firefox 140 (Android)", engine: "gecko", os: "android", version: "140" },
]);

/**
 * The page's viewport before the keyboard, toolbars shown (`innerWidth`, `innerHeight`), CSS px: docs/examples.md's
 * page, the same in every browser so that only the rules differ.
 */
export const WEB_VIEWPORT = { width: 390, height: 664 };
/** The fixed header's height and the fixed bottom bar's (the composer, the form's Save bar), CSS px. */
export const HEADER_HEIGHT = 44;
export const BAR_HEIGHT = 56;
/**
 * The keyboard's height the field starts with, CSS px: 336 in every browser, as docs/examples.md sends it. On
 * Safari it is the keyboard and the form accessory bar together, as the user enters it (docs/web.md).
 */
export const KEYBOARD_HEIGHT = 336;

/** The two pages: where the focused input is (document coordinates) and what the page is scrolled to. */
export const WEB_PAGES = /** @type {WebPage[]} */ ([
  {
    id: "chat",
    label: "Chat: the composer's input focused",
    documentHeight: 2400,
    scroll: 2400 - WEB_VIEWPORT.height,
    focused: { x: 12, y: 2348, width: 366, height: 40 },
    focusedIn: "composer",
    bottomBar: "composer",
  },
  {
    id: "form",
    label: "Form: an input low on the page",
    documentHeight: 1400,
    scroll: 0,
    focused: { x: 16, y: 540, width: 358, height: 44 },
    bottomBar: "savebar",
  },
]);

/**
 * The stateless body of a show or a hide of the page in `settings`: the viewport, the document, its scroll, the
 * focused input, the header and the bottom bar, the browser, the meta's `interactive-widget` (none: not sent) and
 * `navigator.virtualKeyboard.overlaysContent` (sent only when set).
 * @param {WebSettings} settings
 * @returns {WebKeyboardEventBody}
 */
export function webBody({ browser, page, keyboardHeight, interactiveWidget, overlaysContent }) {
  /** @type {WebKeyboardEventBody} */
  const body = {
    platform: "web",
    browser: { engine: browser.engine, os: browser.os, version: browser.version },
    viewport: { ...WEB_VIEWPORT },
    keyboard: { height: keyboardHeight },
    documentHeight: page.documentHeight,
    scroll: { x: 0, y: page.scroll },
    focusedRect: { ...page.focused },
    fixedElements: [
      { id: "header", top: 0, height: HEADER_HEIGHT },
      { id: page.bottomBar, bottom: 0, height: BAR_HEIGHT },
    ],
  };
  if (page.focusedIn) body.focusedIn = page.focusedIn;
  if (interactiveWidget !== "none") body.interactiveWidget = /** @type {InteractiveWidget} */ (interactiveWidget);
  if (overlaysContent) body.virtualKeyboard = { overlaysContent: true };
  return body;
}

/**
 * Where the answer puts each part on the phone's screen, whose top is the visual viewport's (what the user sees
 * starts there): the layout viewport at `-offsetTop`, the document at `-pageTop`, each fixed bar at its `top` (plus
 * its `lift` when `lifted`), and the keyboard covering the viewport's bottom `keyboardHeight` (none on a hide).
 * @param {WebKeyboardEventAnswer} answer
 * @param {{ keyboardHeight: number, shown: boolean, lifted: boolean }} options
 */
export function webLayout(answer, { keyboardHeight, shown, lifted }) {
  const visual = answer.visualViewport;
  return {
    layout: { top: -visual.offsetTop, height: answer.layoutViewport.height },
    visual: { top: 0, height: visual.height },
    documentTop: -visual.pageTop,
    keyboard: shown ? { top: WEB_VIEWPORT.height - keyboardHeight, height: keyboardHeight } : null,
    bars: answer.fixedElements.map(({ id, top, height, lift, covered }) => ({
      id,
      top: top + (lifted ? lift : 0),
      height,
      covered,
    })),
  };
}

/**
 * The smallest code that keeps the bottom bar in sight for what the answer says the browser did: the meta alone
 * where the layout viewport shrinks (`resizes-content`); under the VirtualKeyboard API `env(keyboard-inset-height)`;
 * otherwise a `visualViewport` listener (client.js's `followVisualViewport` does the same). Firefox's
 * `overlays-content` has no API: the page cannot read the keyboard's height there, which the code says.
 * @param {WebKeyboardEventAnswer} answer
 * @param {WebSettings} settings
 * @returns {{ kind: "meta" | "env" | "listener" | "none", code: string }}
 */
export function keepVisibleCode(answer, { page, interactiveWidget, overlaysContent }) {
  const key = interactiveWidget === "none" ? "" : `, interactive-widget=${interactiveWidget}`;
  const meta = `<meta name="viewport" content="width=device-width${key}">`;
  const bar = `#${page.bottomBar}`;
  if (answer.mode === "resizes-content") {
    return { kind: "meta", code: `${meta}\n<!-- the layout viewport ends at the keyboard's top, ${bar} above it -->` };
  }
  if (answer.mode === "overlays-content" && answer.keyboardInsets.height > 0) {
    const api = overlaysContent ? "<script>navigator.virtualKeyboard.overlaysContent = true;</script>\n" : "";
    return {
      kind: "env",
      code: `${meta}\n${api}<style>\n  ${bar} { bottom: env(keyboard-inset-height, 0px); }\n</style>`,
    };
  }
  if (answer.mode === "overlays-content") {
    return {
      kind: "none",
      code:
        `${meta}\n<!-- overlays-content without the VirtualKeyboard API: nothing tells the page the keyboard's ` +
        `height;\n     drop interactive-widget=overlays-content and follow visualViewport instead -->`,
    };
  }
  return {
    kind: "listener",
    code: [
      meta,
      "<script>",
      `  const bar = document.querySelector("${bar}");`,
      "  const follow = () => {",
      "    const vv = visualViewport;",
      "    bar.style.transform = `translateY(${vv.height + vv.offsetTop - innerHeight}px)`;",
      "  };",
      '  visualViewport.addEventListener("resize", follow);',
      '  visualViewport.addEventListener("scroll", follow);',
      "</script>",
    ].join("\n"),
  };
}

/**
 * How the page animates the browser's scroll to the focused input: the answer's duration and curve, or none (a
 * jump) when `animation.scroll` is null. WebKit's curve is unknown (`timingFunction` null): drawn `ease`, and said.
 * @param {WebKeyboardEventAnswer} answer
 * @returns {{ duration: number, easing: string, curveKnown: boolean } | null}
 */
export function scrollMotion(answer) {
  const scroll = answer.animation.scroll;
  if (!scroll) return null;
  return {
    duration: scroll.duration * 1000,
    easing: scroll.timingFunction ?? "ease",
    curveKnown: scroll.timingFunction !== null,
  };
}
