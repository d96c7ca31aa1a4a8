// client.d.ts in use: type-checked by scripts/check-js with `tsc --strict --noEmit` (TypeScript 4.8 and later),
// never run. It calls every function and class client.js exports with correctly typed arguments and reads the
// answers' typed members; each `@ts-expect-error` line is wrong usage the declarations must reject (tsc fails
// when such a line compiles cleanly).
import {
  applyAndroidAnimation,
  applyAndroidState,
  applyAnimation,
  applyState,
  createSession,
  followsVirtualKeyboard,
  followVisualViewport,
  frameTime,
  getDevice,
  hide,
  insetAdjustment,
  InsetError,
  listDevices,
  patch,
  Playback,
  Session,
  show,
  webLifts,
} from "../../Sources/InsetPlayground/Resources/client.js";
import type {
  AndroidDeviceEntry,
  AndroidKeyboardEventAnswer,
  AndroidKeyboardEventBody,
  AndroidSession,
  AndroidSessionState,
  AndroidState,
  AndroidTimeline,
  AnimationDescriptor,
  CallOptions,
  DeviceEntry,
  DeviceList,
  Exchange,
  KeyboardEventAnswer,
  KeyboardGestureAnswer,
  LoggedNotification,
  NotificationLogAnswer,
  SessionState,
  Timeline,
  WebKeyboardEventAnswer,
  WebKeyboardEventBody,
} from "../../Sources/InsetPlayground/Resources/client.js";

declare const table: HTMLElement;
declare const content: HTMLElement;
declare const keyboardView: HTMLElement;
declare const androidList: HTMLElement;
declare const androidWindow: HTMLElement;
declare const ime: HTMLElement;

const exchanges: Exchange[] = [];
const options: CallOptions = {
  baseURL: "http://127.0.0.1:8080",
  token: "secret",
  onExchange: (exchange) => exchanges.push(exchange),
  signal: new AbortController().signal,
};

export async function usage(): Promise<number> {
  const now: number = frameTime();

  // Stateless: README's first request.
  const answer: KeyboardEventAnswer = await show(
    null,
    {
      scrollView: {
        frame: { x: 0, y: 0, width: 393, height: 852 },
        safeAreaInsets: { top: 59, left: 0, bottom: 34, right: 0 },
        contentSize: { width: 393, height: 2000 },
      },
      screen: { width: 393, height: 852 },
      keyboard: { frameEnd: { x: 0, y: 517, width: 393, height: 335 }, animationDuration: 0.25, animationCurve: 7 },
      focusedRect: { x: 16, y: 700, width: 361, height: 44 },
    },
    options,
  );
  const offsetY: number = answer.contentOffset.y;
  const bottom: number = answer.contentInset.bottom;
  const easing: string = answer.animation.linearEasing;
  const curve: "easeInOut" | "easeIn" | "easeOut" | "linear" | "keyboard" | "spring" = answer.animation.curveName;
  const adjustment: { top: number; bottom: number } = insetAdjustment(answer);
  const hidden = await hide(null, { device: { id: "iphone-15" } }, options);
  const overlap: number = hidden.keyboardOverlap;

  // The catalogue.
  const list: DeviceList = await listDevices(options);
  const first = list.devices[0];
  const family: "iPhone" | "iPad" | "Pixel" | "Galaxy" | "Galaxy Tab" = first.family;
  const entry: DeviceEntry | AndroidDeviceEntry = await getDevice(first.id, options);
  // An entry's platform tells its shape: points and scale on iOS, dp and density on Android.
  const scale: number = entry.platform === "ios" ? entry.screen.scale : entry.screen.density;
  const imeHeights: number[] = entry.platform === "android" ? entry.imes.map((ime) => ime.height) : [];
  const byDevice = await show(null, { device: { id: entry.id, orientation: "landscape" } }, options);
  const source: string | undefined = byDevice.catalogue?.values[0].source;

  // Android, stateless: the contract's window at rest, a show and the hide from where it settles.
  const window: AndroidKeyboardEventBody = {
    platform: "android",
    screen: { width: 412, height: 915 },
    systemBars: { top: 24, bottom: 48 },
    navigationMode: "threeButton",
    windowSoftInputMode: "adjustPan",
    edgeToEdge: true,
    imeInsets: "padding",
    insetsAnimationCallback: true,
    scrollView: {
      frame: { x: 0, y: 80, width: 412, height: 787 },
      contentSize: { width: 412, height: 2000 },
      contentOffset: { x: 0, y: 0 },
    },
    focusedRect: { x: 16, y: 700, width: 380, height: 56 },
    caretRect: { x: 40, y: 712, width: 2, height: 32 },
  };
  const imeFrame = { x: 0, y: 515, width: 412, height: 400 };
  const androidShown: AndroidKeyboardEventAnswer = await show(null, { ...window, keyboard: { frameEnd: imeFrame } });
  const imeBottom: number = androidShown.windowInsets.ime.bottom;
  const layoutChange: "resize" | "padding" | "none" = androidShown.layoutChange;
  const pan: number = androidShown.animation.scroller.windowPan.to;
  const follows: "followsIme" | "atOnce" = androidShown.animation.layout;
  const androidHidden = await hide(null, { ...window, keyboard: { frameBegin: imeFrame } }, options);
  const rest: AndroidState = androidHidden.animation.to;
  const byPixel = await show(null, { platform: "android", device: { id: "pixel-9" } }, options);
  const androidPlayback: Playback = applyAndroidAnimation(
    androidShown,
    { scrollView: androidList, window: androidWindow, ime, attached: [keyboardView] },
    { windowHeight: 915, startTime: now },
  );
  const androidAtRest: boolean = await applyAndroidState(rest, { scrollView: androidList, content });
  const androidSession: AndroidSession = await createSession(window, options);
  await androidSession.patch({ scrollView: { contentOffset: { x: 0, y: 120 } } });
  const onSession: AndroidKeyboardEventAnswer = await androidSession.show({ keyboard: { frameEnd: imeFrame } });
  const sessionTime: number | undefined = onSession.session?.time;
  const offSession: AndroidKeyboardEventAnswer = await androidSession.hide();
  const androidState: AndroidSessionState = await androidSession.get(1000);
  const presentedPan: number = androidState.presentation.windowPan.y;
  const androidTimeline: AndroidTimeline = await androidSession.timeline({ step: 16 });
  const imeTo: number = androidTimeline.events[0].ime.to;

  // A session and everything on it.
  const session: Session = await createSession(
    {
      scrollView: { frame: { x: 0, y: 0, width: 390, height: 844 }, keyboardDismissMode: "interactive" },
      screen: { width: 390, height: 844 },
      fields: [{ id: "name", rect: { x: 16, y: 100, width: 358, height: 44 } }],
      interruption: "beginFromCurrentState",
    },
    { ...options, timestamp: 0 },
  );
  const byName: Session = await createSession({ device: { id: "iphone-15" } });
  const id: string = session.id;
  const last: number = session.lastTimestamp;
  const frameEnd = { x: 0, y: 508, width: 390, height: 336 };
  const shown: KeyboardEventAnswer = await session.show({ keyboard: { frameEnd } });
  const startTime: number | undefined = shown.animation.startTime;
  const keyboardState: "hidden" | "showing" | "shown" | "hiding" | undefined = shown.session?.keyboardState;
  const dragged: KeyboardGestureAnswer = await session.drag({ x: 200, y: 644 }, { timestamp: 2000 });
  const keyboardTop: number | undefined = dragged.keyboardFrame?.y;
  const released: KeyboardGestureAnswer = await session.release(800);
  const velocity: number | undefined = released.animation?.spring?.initialVelocity;
  const focused: KeyboardEventAnswer = await session.focus("next");
  const next: string | null | undefined = focused.navigation?.next;
  const log: LoggedNotification[] = [
    { name: "UIKeyboardWillShowNotification", userInfo: { UIKeyboardFrameEndUserInfoKey: "{{0, 508}, {390, 336}}" } },
  ];
  const replayed: NotificationLogAnswer & { format: "json" } = await session.replayNotifications(log, { plot: true });
  const outcome: "applied" | "jumped" | "ignored" = replayed.results[0].outcome;
  const fromText = await session.replayNotifications("keyboardWillShow {...}", { start: 9000, coordinates: "auto" });
  const format: "text" = fromText.format;
  const lines: { first: number; last: number } | null = fromText.results[0].read.lines;
  const patched: SessionState = await session.patch({ scrollView: { contentOffset: { x: 0, y: 100 } } });
  const state: SessionState = await session.get(1100);
  const presented: number = state.presentation.contentOffset.y;
  const timeline: Timeline = await session.timeline({ from: 1000, to: 1300, step: 20 });
  const series: number[] = timeline.values[0].presentation;
  const svg: string = await session.timelineSVG({ from: 1000 });
  await session.delete();
  const viaId: KeyboardEventAnswer = await show(id, { keyboard: { frameEnd } }, options);
  const viaSession = await hide(session);
  const patchedById: SessionState = await patch(id, { device: { orientation: "landscape" } }, options);
  const patchedSession: SessionState = await patch(byName, { keyboardLiftBehavior: "whenAtEnd" });
  const wrapped = new Session(patchedById, options);

  // Replaying in a page.
  const descriptor: AnimationDescriptor = shown.animation;
  const playback: Playback = applyAnimation(
    descriptor,
    {
      scrollView: table,
      content,
      extra: [
        { element: keyboardView, to: { top: "508px" }, delta: { top: descriptor.delta?.keyboardFrame.y ?? 0 } },
        { element: keyboardView, keyframes: [{ opacity: 0 }, { opacity: 1 }] },
      ],
    },
    { adjustment: insetAdjustment(shown), startTime: now, easing: "ease" },
  );
  const completed: boolean = await playback;
  const animations: Animation[] = playback.animations;
  playback.cancel();
  const atOnce: boolean = await applyState(state.presentation, { scrollView: table }, {
    adjustment: insetAdjustment(state.target),
  });
  const madeHere = new Playback([], Promise.resolve(true), () => {});

  try {
    await getDevice("iphone-99", options);
  } catch (error) {
    if (error instanceof InsetError) {
      const status: number = error.status;
      const pointers: string[] = (error.problem?.errors ?? []).map((problem) =>
        "pointer" in problem ? problem.pointer : `${problem.line}:${problem.column}`,
      );
      const name: "InsetError" = error.name;
      void [status, pointers, name];
    }
  }
  const problem = { type: "/problems/not-found", title: "Not found", status: 404, detail: "" };
  const made: InsetError = new InsetError(404, problem);

  // Wrong usage, each rejected.
  // @ts-expect-error: a member no answer has (contentOffset's is `y`)
  answer.contentOffset.top;
  // @ts-expect-error: a misspelled member of an answer
  answer.contentInsets;
  // @ts-expect-error: a string where a number goes (a touch's coordinates)
  await session.drag({ x: "200", y: 644 });
  // @ts-expect-error: a string where a number goes (the release's velocity)
  await session.release("800");
  // @ts-expect-error: a string where a number goes (a rect in a show)
  await show(null, { focusedRect: { x: 16, y: "700", width: 361, height: 44 } }, options);
  // @ts-expect-error: an unknown member of the body (the service would answer 400 too)
  await show(null, { keyboardFrame: { x: 0, y: 508, width: 390, height: 336 } }, options);
  // @ts-expect-error: a session needs a scroll view's frame or a device
  await createSession({ screen: { width: 390, height: 844 } });
  // @ts-expect-error: patch needs a session (a stateless PATCH has no route)
  await patch(null, {});
  // @ts-expect-error: baseURL is a string
  await listDevices({ baseURL: 8080 });
  // @ts-expect-error: timeline's span takes numbers
  await session.timeline({ from: "1000" });
  // @ts-expect-error: getDevice answers one device, not a list
  const wrongList: DeviceList = await getDevice("iphone-15");
  // @ts-expect-error: an unknown notification name
  const wrongLog: LoggedNotification = { name: "UIKeyboardWillAppear", userInfo: {} };
  // @ts-expect-error: applyAnimation needs the scroll view
  applyAnimation(descriptor, { content });
  // @ts-expect-error: InsetError's status is a number
  new InsetError("404", null);
  // @ts-expect-error: an iOS member on an Android body (the service answers 400 naming it)
  await show(null, { platform: "android", scrollView: { safeAreaInsets: { top: 0, left: 0, bottom: 0, right: 0 } } });
  // @ts-expect-error: an unknown soft-input mode
  await show(null, { ...window, windowSoftInputMode: "adjustUnspecified" });
  // @ts-expect-error: an Android answer has no contentInset
  androidShown.contentInset;
  // @ts-expect-error: replaying onto an IME needs the window's height, from which its top is measured
  applyAndroidAnimation(androidShown, { scrollView: androidList, ime });
  // @ts-expect-error: a focus move is iOS's (the service refuses it on an Android session)
  await androidSession.focus("next");
  // @ts-expect-error: frameTime takes nothing and answers a number
  const wrongTime: string = frameTime();

  // The web: a stateless show, its lifts, and a page's bars followed (under the VirtualKeyboard API when it says so).
  const webPage: WebKeyboardEventBody = {
    platform: "web",
    browser: { engine: "blink", os: "android", version: "131" },
    viewport: { width: 390, height: 664 },
    documentHeight: 2400,
    keyboard: { height: 336 },
    interactiveWidget: "resizes-content",
    fixedElements: [{ id: "composer", bottom: 0, height: 56 }],
  };
  const webShown: WebKeyboardEventAnswer = await show(null, webPage, options);
  const webHidden: WebKeyboardEventAnswer = await hide(null, webPage, options);
  const composerLift: number = webLifts(webShown).composer;
  const overlays: boolean = followsVirtualKeyboard(webShown);
  const stopFollowing: () => void = followVisualViewport(
    { composer: { element: content, edge: "bottom" }, header: { element: table, edge: "top" } },
    { answer: webShown, innerHeight: () => 664 },
  );
  stopFollowing();
  followVisualViewport(webPage.fixedElements!.map((bar) => ({ ...bar, element: content })))();
  // @ts-expect-error: a bar is held to the top or the bottom
  followVisualViewport({ composer: { element: content, edge: "left" } });
  // @ts-expect-error: a web answer's scroll animation has no linearEasing
  webShown.animation.scroll?.linearEasing;
  void [webHidden, composerLift, overlays];

  void [offsetY, bottom, easing, curve, adjustment, overlap, family, scale, imeHeights, source, last, startTime, keyboardState];
  void [keyboardTop, velocity, next, outcome, format, lines, patched, presented, series, svg, viaId, viaSession];
  void [patchedSession, wrapped, completed, animations, atOnce, madeHere, made, wrongList, wrongLog, wrongTime];
  void [imeBottom, layoutChange, pan, follows, byPixel, androidPlayback, androidAtRest];
  void [sessionTime, offSession, presentedPan, imeTo];
  return exchanges.length;
}
