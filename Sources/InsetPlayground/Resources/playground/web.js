// @ts-check
// The Web platform: a page in a phone's browser (Safari on iOS, Chrome or Firefox on Android) whose keyboard the
// service describes (`platform: "web"`, stateless). Tapping the page's input sends a show, Hide keyboard a hide;
// each answer is drawn on the phone (the layout and visual viewports, the keyboard, the fixed header and bottom bar
// at the answer's positions, with its lift when asked), its events listed, its `ignored` said, the browser's scroll
// replayed on the answer's duration and curve, and beside it the smallest code that keeps the bottom bar in sight.

import { hide, InsetError, show, webLifts } from "../client.js";
import { web } from "./state.js";
import { clientOptions } from "./status.js";
import { element } from "./ui.js";
import {
  KEYBOARD_HEIGHT,
  WEB_BROWSERS,
  WEB_PAGES,
  WEB_VIEWPORT,
  keepVisibleCode,
  scrollMotion,
  webBody,
  webLayout,
} from "./web-scene.js";
import { explainWeb, problemText, SAFARI_KEYBOARD_NOTE } from "./wording.js";

/**
 * @typedef {import("../client.js").WebKeyboardEventAnswer} WebKeyboardEventAnswer
 * @typedef {import("./web-scene.js").WebSettings} WebSettings
 */

/** @param {string} id */
const div = (id) => element(id, HTMLElement);
/** @param {string} id */
const input = (id) => element(id, HTMLInputElement);
/** @param {string} id */
const select = (id) => element(id, HTMLSelectElement);

const parts = {
  platform: select("platform"),
  browser: select("web-browser"),
  page: select("web-page"),
  widget: select("web-widget"),
  overlays: input("web-overlays"),
  keyboardHeight: input("web-keyboard-height"),
  lift: input("web-lift"),
  stage: div("stage"),
  box: div("web-box"),
  phone: div("web-phone"),
  screen: div("web-screen"),
  browserName: div("web-browser-name"),
  document: div("web-document"),
  messages: div("web-messages"),
  form: div("web-form"),
  formInput: input("web-form-input"),
  layout: div("web-layout"),
  header: div("web-header"),
  bottomBar: div("web-bottom-bar"),
  composerInput: input("web-composer-input"),
  visual: div("web-visual"),
  keyboard: div("web-keyboard"),
  hide: element("web-hide", HTMLButtonElement),
  status: div("web-status"),
  barName: div("web-bar-name"),
  code: div("web-code"),
  keyboardNote: div("web-keyboard-note"),
  ignored: div("web-ignored"),
  events: div("web-events"),
  summary: div("web-summary"),
};

/** Whether the Web platform is on the stage. */
export const showsWeb = () => parts.platform.value === "web";

/**
 * The settings the controls say now.
 * @returns {WebSettings}
 */
function settings() {
  const browser = WEB_BROWSERS.find(({ id }) => id === parts.browser.value) ?? WEB_BROWSERS[0];
  const page = WEB_PAGES.find(({ id }) => id === parts.page.value) ?? WEB_PAGES[0];
  const typed = Number(parts.keyboardHeight.value);
  const keyboardHeight = Number.isFinite(typed) && parts.keyboardHeight.value !== "" ? typed : KEYBOARD_HEIGHT;
  const overlaysContent = parts.overlays.checked;
  return { browser, page, keyboardHeight, interactiveWidget: parts.widget.value, overlaysContent };
}

/** The options' lists (from web-scene.js, the one place they are written) and the controls' events. */
export function listenForWeb() {
  for (const { id, label } of WEB_BROWSERS) parts.browser.add(new Option(label, id));
  for (const { id, label } of WEB_PAGES) parts.page.add(new Option(label, id));
  buildMessages();
  for (const control of [parts.browser, parts.page, parts.widget, parts.overlays, parts.keyboardHeight]) {
    control.addEventListener("change", () => {
      drawPage();
      enqueueWeb(() => send(web.shown));
    });
  }
  parts.lift.addEventListener("change", () => web.answer && draw(web.answer, web.shown, false));
  for (const field of [parts.composerInput, parts.formInput]) {
    field.addEventListener("focus", () => {
      if (!web.shown) enqueueWeb(() => send(true));
    });
  }
  parts.hide.addEventListener("click", () => {
    for (const field of [parts.composerInput, parts.formInput]) field.blur();
    enqueueWeb(() => send(false));
  });
  addEventListener("resize", fitWeb);
}

/** Called when the platform changes: the page at rest, asked of the service (a hide of it), when Web is shown. */
export function platformChanged() {
  if (!showsWeb()) return;
  drawPage();
  fitWeb();
  enqueueWeb(() => send(false));
}

/**
 * Runs `task` after the Web requests before it; a failure is said on the Web status line.
 * @param {() => Promise<void>} task
 */
function enqueueWeb(task) {
  web.queue = web.queue.then(task).catch((error) => {
    const text =
      error instanceof InsetError
        ? problemText(error.status, error.problem, error.message)
        : `Could not reach the service: ${error instanceof Error ? error.message : String(error)}`;
    parts.status.textContent = text;
    parts.status.dataset.kind = "error";
    parts.phone.dataset.ready = "error";
  });
}

/**
 * A stateless show (`shown`) or hide of the page as the controls have it, drawn once answered.
 * @param {boolean} shown
 */
async function send(shown) {
  const body = webBody(settings());
  const answer = await (shown ? show(null, body, clientOptions()) : hide(null, body, clientOptions()));
  const before = web.answer ? drawnState() : restState();
  web.answer = answer;
  web.shown = shown;
  web.answers += 1;
  parts.phone.dataset.answers = String(web.answers);
  draw(answer, shown, true, before);
}

/** The page at rest, before any answer: the layout viewport at the screen's top, the document at its scroll. */
function restState() {
  return { layoutTop: 0, documentTop: -settings().page.scroll };
}

/** Where the layout viewport and the document are drawn now (their inline tops). */
function drawnState() {
  const top = (/** @type {HTMLElement} */ drawn) => parseFloat(drawn.style.top) || 0;
  return { layoutTop: top(parts.layout), documentTop: top(parts.document) };
}

/**
 * Draws `answer`: the viewports and the keyboard in one step (`animation.viewports`), the bars at their answered
 * tops (plus their lifts with Apply the lift), and, when `animate`, the browser's scroll from `before` on the
 * answer's duration and curve (a jump when `animation.scroll` is null).
 * @param {WebKeyboardEventAnswer} answer
 * @param {boolean} shown
 * @param {boolean} animate
 * @param {{ layoutTop: number, documentTop: number }} [before]
 */
function draw(answer, shown, animate, before) {
  const current = settings();
  const layout = webLayout(answer, { keyboardHeight: current.keyboardHeight, shown, lifted: parts.lift.checked });
  const offsetTop = answer.visualViewport.offsetTop;
  Object.assign(parts.layout.style, { top: `${layout.layout.top}px`, height: `${layout.layout.height}px` });
  parts.visual.style.height = `${layout.visual.height}px`;
  parts.document.style.top = `${layout.documentTop}px`;
  parts.keyboard.hidden = !layout.keyboard;
  if (layout.keyboard) {
    Object.assign(parts.keyboard.style, { top: `${layout.keyboard.top}px`, height: `${layout.keyboard.height}px` });
  }
  const lifts = webLifts(answer);
  for (const bar of layout.bars) {
    const drawn = bar.id === "header" ? parts.header : parts.bottomBar;
    // The bars are in the layout viewport: their top there is their top in the visual viewport plus offsetTop.
    drawn.style.top = `${bar.top + offsetTop}px`;
    Object.assign(drawn.dataset, {
      covered: String(bar.covered),
      top: String(bar.top),
      lift: String(lifts[bar.id]),
      lifted: String(parts.lift.checked),
    });
  }
  Object.assign(parts.phone.dataset, { keyboard: shown ? "shown" : "hidden", mode: answer.mode, ready: "true" });
  parts.hide.disabled = !shown;
  if (animate && before) animateScroll(answer, before, layout);
  describe(answer, shown, current);
}

/**
 * The browser's scroll to the input, replayed: the document and the layout viewport move from where they were drawn
 * to where the answer puts them, on its duration and curve; nothing runs when it jumps.
 * @param {WebKeyboardEventAnswer} answer
 * @param {{ layoutTop: number, documentTop: number }} before
 * @param {ReturnType<typeof webLayout>} after
 */
function animateScroll(answer, before, after) {
  for (const moved of [parts.document, parts.layout]) for (const running of moved.getAnimations()) running.cancel();
  const motion = scrollMotion(answer);
  parts.phone.dataset.scroll = motion ? "animated" : "jump";
  if (!motion) return;
  const timing = { duration: motion.duration, easing: motion.easing };
  parts.document.animate([{ top: `${before.documentTop}px` }, { top: `${after.documentTop}px` }], timing);
  parts.layout.animate([{ top: `${before.layoutTop}px` }, { top: `${after.layout.top}px` }], timing);
}

/**
 * The side: the status line, the code that keeps the bottom bar in sight, the keyboard's note, `ignored`, the
 * events in order and the answer's numbers.
 * @param {WebKeyboardEventAnswer} answer
 * @param {boolean} shown
 * @param {WebSettings} current
 */
function describe(answer, shown, current) {
  parts.status.textContent = explainWeb(answer, shown);
  parts.status.dataset.kind = "info";
  const { kind, code } = keepVisibleCode(answer, current);
  parts.code.textContent = code;
  parts.code.dataset.kind = kind;
  const ignored = answer.ignored.length ? answer.ignored : [{ member: "nothing", why: "every member sent was read" }];
  parts.ignored.replaceChildren(...ignored.map(({ member, why }) => listItem(`${member}: ${why}`, { member })));
  parts.events.replaceChildren(
    ...answer.events.map(({ target, type, repeats }) =>
      listItem(`${target} ${type}${repeats ? " · every frame while the scroll runs" : ""}`, { target, type }),
    ),
  );
  const motion = scrollMotion(answer);
  const curve = motion?.curveKnown === false ? " (the curve is unknown: drawn ease)" : "";
  const insets = answer.keyboardInsets;
  const units = answer.viewportUnits;
  /** @type {[string, string][]} */
  const rows = [
    ["mode", answer.mode],
    ["innerHeight", String(answer.layoutViewport.height)],
    ["visualViewport.height", String(answer.visualViewport.height)],
    ["offsetTop", String(answer.visualViewport.offsetTop)],
    ["pageTop", String(answer.visualViewport.pageTop)],
    ["scrollY", String(answer.scroll.y)],
    ["keyboard-inset-height", String(insets.height)],
    ["keyboard-inset-top", String(insets.top)],
    ["svh / lvh / dvh", `${units.svh} / ${units.lvh} / ${units.dvh}`],
    ...answer.fixedElements.map(({ id, top, hidden, lift }) => /** @type {[string, string]} */ ([
      id,
      `top ${top}, hidden ${hidden}, lift ${lift}`,
    ])),
    ["scroll animation", motion ? `${motion.duration} ms ${motion.easing}${curve}` : "none: it jumps"],
  ];
  parts.summary.replaceChildren(
    ...rows.flatMap(([key, value]) => {
      const term = document.createElement("dt");
      term.textContent = key;
      const detail = document.createElement("dd");
      detail.textContent = value;
      detail.dataset.key = key;
      return [term, detail];
    }),
  );
}

/**
 * A list item holding `text`, with `data` as its dataset.
 * @param {string} text
 * @param {Record<string, string>} data
 */
function listItem(text, data) {
  const item = document.createElement("li");
  item.textContent = text;
  Object.assign(item.dataset, data);
  return item;
}

/** The page's parts for the settings, before any answer: which page, the bottom bar's name, the browser's chrome. */
function drawPage() {
  const current = settings();
  const chat = current.page.id === "chat";
  parts.messages.hidden = !chat;
  parts.form.hidden = chat;
  parts.composerInput.hidden = !chat;
  parts.bottomBar.dataset.bar = current.page.bottomBar;
  parts.bottomBar.dataset.page = current.page.id;
  parts.header.textContent = chat ? "Chat · 3 people" : "Checkout";
  parts.barName.textContent = chat ? "composer" : "Save bar";
  parts.document.style.height = `${current.page.documentHeight}px`;
  parts.phone.dataset.engine = current.browser.engine;
  parts.browserName.textContent = current.browser.label;
  parts.keyboardNote.textContent =
    current.browser.engine === "webkit"
      ? `Keyboard ${current.keyboardHeight} px. ${SAFARI_KEYBOARD_NOTE}`
      : `Keyboard ${current.keyboardHeight} px: what the keyboard covers of the viewport.`;
  parts.screen.style.setProperty("--viewport-width", `${WEB_VIEWPORT.width}px`);
  parts.screen.style.setProperty("--viewport-height", `${WEB_VIEWPORT.height}px`);
  if (!web.answer) {
    const rest = restState();
    parts.document.style.top = `${rest.documentTop}px`;
  }
}

/** The chat's messages, at the document's end, above the composer. */
function buildMessages() {
  const lines = [
    ...["Who's coming on Friday?", "Me!", "Count me in.", "Where do we meet?", "The usual place, 7pm."],
    ...["Perfect.", "Does anyone have the map?", "I think Sam does.", "Are we still on for Friday?"],
    ...["Yes! 7pm at the usual place.", "Can you bring the map?", "Sure."],
  ];
  const chat = WEB_PAGES[0];
  lines.forEach((text, index) => {
    const bubble = document.createElement("p");
    bubble.className = index % 2 ? "web-bubble mine" : "web-bubble";
    bubble.textContent = text;
    bubble.style.top = `${chat.documentHeight - 76 - (lines.length - index) * 52}px`;
    parts.messages.append(bubble);
  });
}

/** Scales the phone to the stage's height (its numbers stay CSS px: the scale is a transform). */
export function fitWeb() {
  if (!showsWeb()) return;
  const room = parts.stage.getBoundingClientRect().height - 24;
  const { offsetWidth: width, offsetHeight: height } = parts.phone;
  const fit = Math.min(1, Math.max(0.3, room / height));
  parts.phone.style.setProperty("--web-fit", String(fit));
  Object.assign(parts.box.style, { width: `${width * fit}px`, height: `${height * fit}px` });
}
