// @ts-check
// The page's elements, looked up once by id (index.html has each), each checked to be the kind of element the
// modules use: a page that lacks one fails at load, naming it, instead of at the first event.

/**
 * @typedef {HTMLInputElement | HTMLTextAreaElement} TextControl
 * @typedef {import("../client.js").Rect} Rect
 */

/**
 * The element with `id`, which must be a `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} type
 * @returns {T}
 */
export function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new TypeError(`The page has no ${type.name} #${id}`);
  return found;
}

/** @param {string} id */
const div = (id) => element(id, HTMLElement);
/** @param {string} id */
const input = (id) => element(id, HTMLInputElement);
/** @param {string} id */
const select = (id) => element(id, HTMLSelectElement);
/** @param {string} id */
const button = (id) => element(id, HTMLButtonElement);

export const ui = {
  stage: div("stage"),
  box: div("device-box"),
  phone: div("phone"),
  table: div("table"),
  content: div("table-content"),
  rows: div("table-rows"),
  sections: div("sections"),
  field: input("field"),
  keyboard: div("keyboard"),
  keys: div("kb-keys"),
  summary: div("summary"),
  status: div("status"),
  log: div("log"),
  device: select("device"),
  deviceSources: div("device-sources"),
  deviceAbsent: div("device-absent"),
  deviceInfo: div("device-info"),
  landscape: input("landscape"),
  quicktype: input("quicktype"),
  hardware: input("hardware"),
  floating: input("floating"),
  interrupt: input("interrupt"),
  interruption: select("interruption"),
  screenKind: select("screen-kind"),
  lift: select("lift"),
  bottomSafeArea: input("bottom-safe-area"),
  messages: div("messages"),
  composer: div("composer"),
  chatField: input("chat-field"),
  screen: div("screen"),
  timeline: div("timeline"),
  plot: div("timeline-plot"),
  token: input("token"),
  tokenForm: element("token-form", HTMLFormElement),
  form: div("form"),
  notes: element("form-notes", HTMLTextAreaElement),
  notesMirror: div("notes-mirror"),
  previous: button("kb-previous"),
  next: button("kb-next"),
  done: button("kb-done"),
  scrollPosition: select("scroll-position"),
  screenTabBar: element("screen-tabbar", HTMLOptionElement),
  navigationBarStandard: input("navigation-bar-standard"),
  tabBarHidden: input("tab-bar-hidden"),
  inputAccessory: input("input-accessory"),
  navBar: div("nav-bar"),
  tabBar: div("tab-bar"),
  accessoryView: div("kb-input-accessory"),
  containerSources: div("container-sources"),
  containerNote: div("container-note"),
  screenSheet: element("screen-sheet", HTMLOptionElement),
  sheetDetents: select("sheet-detents"),
  sheetStyle: select("sheet-style"),
  sheetNavigationBar: input("sheet-navigation-bar"),
  sheetFrame: {
    x: input("sheet-frame-x"),
    y: input("sheet-frame-y"),
    width: input("sheet-frame-width"),
    height: input("sheet-frame-height"),
  },
  sheet: div("sheet"),
  sheetNavBar: div("sheet-nav-bar"),
  sheetTag: div("sheet-tag"),
  sheetNote: div("sheet-note"),
  timelineCaption: div("timeline-caption"),
  notifications: div("notifications"),
  notificationLog: element("notification-log", HTMLTextAreaElement),
  replayLog: button("replay-log"),
  sampleLog: button("sample-log"),
  clearLog: button("clear-log"),
  includeNonLocal: input("include-non-local"),
  logCoordinates: select("log-coordinates"),
  replaySummary: div("replay-summary"),
  replayResults: div("replay-results"),
  replayErrors: div("replay-errors"),
  platform: select("platform"),
  phones: div("phones"),
  android: div("android"),
  androidBox: div("android-box"),
  androidScreen: div("android-screen"),
  androidWindow: div("android-window"),
  androidList: div("android-list"),
  androidContent: div("android-content"),
  androidComposer: div("android-composer"),
  appBarTitle: div("app-bar-title"),
  ime: div("ime"),
  androidDevice: select("android-device"),
  androidSources: div("android-sources"),
  androidAbsent: div("android-absent"),
  androidSummary: div("android-summary"),
  androidStatus: div("android-status"),
  softInputMode: select("soft-input-mode"),
  edgeToEdge: input("edge-to-edge"),
  imeInsets: select("ime-insets"),
  insetsCallback: input("insets-callback"),
  navigationMode: select("navigation-mode"),
  screenDialog: element("screen-dialog", HTMLOptionElement),
  dialogHeight: select("dialog-height"),
  dialogSoftInput: select("dialog-soft-input"),
  dialog: div("android-dialog"),
  dialogPane: div("dialog-pane"),
  dialogList: div("dialog-list"),
  dialogContent: div("dialog-content"),
  dialogField: input("dialog-field"),
  dialogTag: div("dialog-tag"),
  screenBottomSheet: element("screen-bottom-sheet", HTMLOptionElement),
  bottomSheetHeight: select("bottom-sheet-height"),
  bottomSheetState: select("bottom-sheet-state"),
  bottomSheetWindow: div("bottom-sheet-window"),
  bottomSheet: div("android-bottom-sheet"),
  bottomSheetContent: div("bottom-sheet-content"),
  bottomSheetList: div("bottom-sheet-list"),
  bottomSheetRows: div("bottom-sheet-rows"),
  bottomSheetField: input("bottom-sheet-field"),
  bottomSheetTag: div("bottom-sheet-tag"),
  bottomSheetMark: div("bottom-sheet-mark"),
  bottomSheetMarkText: div("bottom-sheet-mark-text"),
};

/**
 * Whether `target` is one of the page's text fields.
 * @param {unknown} target
 * @returns {target is TextControl}
 */
export function isTextControl(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/** The form's fields in the page's order, which is the service's too (top to bottom, no `order` sent). */
export const formControls = [...ui.form.querySelectorAll("[data-field]")].filter(isTextControl);

/** The timeline's caption as the page has it, put back when the session's timeline replaces a log's plot. */
export const TIMELINE_CAPTION = ui.timelineCaption.innerHTML;

/**
 * The summary row of `list` (#summary, #android-summary) that shows `key`.
 * @param {HTMLElement} list
 * @param {string} key
 */
export function summaryValue(list, key) {
  const found = list.querySelector(`[data-key="${key}"]`);
  if (!(found instanceof HTMLElement)) throw new TypeError(`#${list.id} has no ${key}`);
  return found;
}

/**
 * A `<span>` of `className` holding `text`, with `title` as its tooltip when given.
 * @param {string} className
 * @param {string} text
 * @param {string} [title]
 */
export function span(className, text, title) {
  const made = document.createElement("span");
  made.className = className;
  made.textContent = text;
  if (title) made.title = title;
  return made;
}

/**
 * Puts `element` at `frame` (window coordinates, the screen's here), or hides it when there is none: the answer's
 * frames for a bar, a sheet, the scroll view in them.
 * @param {HTMLElement} element
 * @param {Rect | null | undefined} frame
 */
export function place(element, frame) {
  element.dataset.frame = frame ? "shown" : "none";
  if (!frame) return;
  Object.assign(element.style, {
    left: `${frame.x}px`,
    top: `${frame.y}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  });
}
