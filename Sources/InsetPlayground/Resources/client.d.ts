// client.d.ts: TypeScript declarations for /client.js, the keyboard-inset service's client for browsers, Node 20+
// and Deno (an ES module). Served at /client.d.ts. Times are milliseconds on the document timeline
// (performance.now()); lengths in points. The DOM's types are used (`lib: ["dom"]`): elements, `Animation`, `fetch`.

export interface Point { x: number; y: number }
export interface Size { width: number; height: number }
export interface Rect { x: number; y: number; width: number; height: number }
export interface EdgeInsets { top: number; left: number; bottom: number; right: number }

/** Where a revealed rect lands in the visible area (`UITableView.ScrollPosition`, TPKeyboardAvoiding's `center`). */
export type ScrollPosition = "minimal" | "top" | "middle" | "bottom" | "center";

/** One of a form's fields (a text field, a text view) in the scroll view's content coordinates. */
export interface FormField {
  /** The client's name for it; `focus` and `POST /sessions/{id}/focus` name it. */
  id: string;
  rect: Rect;
  /** Its place in the focus order (IQKeyboardManager's tag); fields without one come after, top to bottom. */
  order?: number;
}

/** What a toolbar's previous and next arrows go to: field ids, null at either end (both null without a focus). */
export interface Navigation { previous: string | null; next: string | null }

/**
 * The form members a show, a hide, `POST /sessions` and `PATCH /sessions/{id}` may carry; a session keeps them.
 * A PATCH sending any of them while the keyboard is shown re-targets the offset at once.
 */
export interface FormMembers {
  /** The form's fields; sent without the focused one, they drop the focus. */
  fields?: FormField[];
  /** The focused field's id, one of `fields`: its rect is revealed unless `focusedRect` is given. */
  focus?: string;
  /** A rect (content coordinates) to reveal instead, e.g. the caret in a text view; kept until another focus. */
  focusedRect?: Rect;
  /** Where the revealed rect lands; default `minimal`. */
  scrollPosition?: ScrollPosition;
}

/** How a device is held. */
export type DeviceOrientation = "portrait" | "landscape";
/** The keys a device's keyboard shows. */
export type KeyboardType = "standard" | "emoji";
/** How a device's keyboard sits: docked (an iPhone's only); on an iPad also floating, split, or its shortcut bar. */
export type KeyboardMode = "docked" | "floating" | "split" | "hardware";

/**
 * A device of the catalogue (`GET /devices`), whose numbers stand in for those a request does not send: the screen,
 * the full-screen scroll view, its safe area and, on a show, the keyboard's end frame. A session keeps it.
 */
export interface DeviceMember {
  /** Required unless the session already has a device. */
  id?: string;
  /** Default `portrait`. */
  orientation?: DeviceOrientation;
  /** One of the device's `systems` (`"26"`); default the newest measurement of each number. */
  system?: string;
}

/**
 * The keyboard's `userInfo` as fields (points, seconds, screen coordinates), and which of the device's keyboards
 * to take (`predictive`, `type`, `mode`: only with a device, the request's or the session's).
 */
export interface KeyboardFields {
  /** Required on a show unless a device gives it. */
  frameEnd?: Rect;
  frameBegin?: Rect;
  animationDuration?: number;
  animationCurve?: number;
  isLocal?: boolean;
  /** With the predictive bar (default true). */
  predictive?: boolean;
  /** Default `standard`. */
  type?: KeyboardType;
  /** Default `docked`. */
  mode?: KeyboardMode;
}

/** The scroll view as UIKit reports it; on a session absent members are unchanged. */
export interface ScrollViewMembers {
  /** In window coordinates. */
  frame?: Rect;
  contentInset?: EdgeInsets;
  scrollIndicatorInsets?: EdgeInsets;
  safeAreaInsets?: EdgeInsets;
  contentInsetAdjustmentBehavior?: "automatic" | "scrollableAxes" | "never" | "always";
  automaticallyAdjustsScrollIndicatorInsets?: boolean;
  contentSize?: Size;
  contentOffset?: Point;
  alwaysBounceVertical?: boolean;
  keyboardDismissMode?: "none" | "onDrag" | "interactive";
  inverted?: boolean;
}

/** The geometry every request body may carry besides its own members. */
export interface GeometryMembers extends FormMembers {
  /** The event's instant (ms); client.js sets it from `CallOptions.timestamp`. */
  timestamp?: number;
  scrollView?: ScrollViewMembers;
  /** The window's frame in screen coordinates. */
  window?: Rect;
  screen?: Size;
  keyboardDistance?: number;
  baseInsetMode?: "additive" | "max";
  followsUndockedKeyboard?: boolean;
  usesBottomSafeArea?: boolean;
  keyboardLiftBehavior?: KeyboardLiftBehavior;
  keyboardDismissPadding?: number;
  pinnedViews?: PinnedView[];
  /** A device by name; its numbers fill in what is not sent. */
  device?: DeviceMember;
}

/** A show's or a hide's body (on a session client.js adds `sessionId` and `timestamp`). */
export interface KeyboardEventBody extends GeometryMembers {
  sessionId?: string;
  /** The notification's `userInfo` as fields, or as the app logged it (`{ userInfo }`), never both. */
  keyboard?: KeyboardFields | { userInfo: KeyboardUserInfo };
}

/** `POST /sessions`: `scrollView.frame` is required, unless `device` names a device. */
export type SessionCreateBody =
  | (SessionCreateMembers & { scrollView: ScrollViewMembers & { frame: Rect } })
  | (SessionCreateMembers & { device: DeviceMember & { id: string } });

/** The members of `POST /sessions`. */
export interface SessionCreateMembers extends GeometryMembers {
  interruption?: Interruption;
}

/** `PATCH /sessions/{id}`: every member optional, absent means unchanged. */
export interface SessionPatchBody extends GeometryMembers {
  interruption?: Interruption;
}

/** The names a keyboard notification has, as `NSNotification.Name` prints them. */
export type KeyboardNotificationName =
  | "UIKeyboardWillShowNotification"
  | "UIKeyboardDidShowNotification"
  | "UIKeyboardWillHideNotification"
  | "UIKeyboardDidHideNotification"
  | "UIKeyboardWillChangeFrameNotification"
  | "UIKeyboardDidChangeFrameNotification";

/** A notification's `userInfo` as an app logs it: frames as `NSStringFromCGRect` strings, `"{{0, 508}, {390, 336}}"`. */
export interface KeyboardUserInfo {
  UIKeyboardFrameEndUserInfoKey: string;
  UIKeyboardFrameBeginUserInfoKey?: string;
  /** Seconds. */
  UIKeyboardAnimationDurationUserInfoKey?: number;
  /** The `UIView.AnimationCurve` raw value; 7 is the keyboard's spring. */
  UIKeyboardAnimationCurveUserInfoKey?: number;
  UIKeyboardIsLocalUserInfoKey?: boolean | 0 | 1;
  /** Deprecated by iOS: validated, then ignored. */
  UIKeyboardCenterBeginUserInfoKey?: string;
  UIKeyboardCenterEndUserInfoKey?: string;
  UIKeyboardBoundsUserInfoKey?: string;
}

/**
 * A logged notification's `userInfo` as `POST /sessions/{id}/notifications` takes it, tolerant as real logs need:
 * any other key is allowed (ignored, and listed in the answer's `read.ignoredKeys`), numbers and flags may be
 * printed in quotes (`"0.25"`, as `NSLog` prints them), rects may carry `NSLog`'s `"NSRect: "` prefix, and a
 * notification without an end frame is ignored (`no-end-frame`) rather than refused.
 */
export interface LoggedUserInfo {
  /** `"{{0, 508}, {390, 336}}"` or `"NSRect: {{0, 508}, {390, 336}}"`. */
  UIKeyboardFrameEndUserInfoKey?: string;
  UIKeyboardFrameBeginUserInfoKey?: string;
  /** Seconds, bare or in quotes. */
  UIKeyboardAnimationDurationUserInfoKey?: number | string;
  /** The `UIView.AnimationCurve` raw value, bare or in quotes; 7 is the keyboard's spring. */
  UIKeyboardAnimationCurveUserInfoKey?: number | string;
  UIKeyboardIsLocalUserInfoKey?: boolean | 0 | 1 | "0" | "1" | "true" | "false";
  /** Any other key iOS printed (`UIKeyboardCenterEndUserInfoKey`, `UIKeyboardFrameChangedByUserInteraction`). */
  [key: string]: unknown;
}

/**
 * One logged notification. `timestamp` in ms on the session's clock; without one the service times it by its
 * rule (each notification when the animation before it has ended).
 */
export interface LoggedNotification {
  name: KeyboardNotificationName;
  userInfo: LoggedUserInfo;
  timestamp?: number;
}

/** How `POST /sessions/{id}/notifications` reads a log, besides the log itself. */
export interface NotificationReplayOptions {
  /** Apply other apps' keyboards too (`UIKeyboardIsLocalUserInfoKey` false); default false. */
  includeNonLocal?: boolean;
  /**
   * Which coordinates the frames are in: `portrait` for iOS 7 and earlier's portrait-screen frames, `screen` as
   * logged; default `auto` (a frame that only fits the portrait screen's coordinates is converted).
   */
  coordinates?: "auto" | "screen" | "portrait";
  /**
   * Where the log starts on the session's clock (ms) when its first notification has no time on it (a text
   * log's printed times count only by their differences); default the session's present.
   */
  start?: number;
  /** Adds the timeline drawn as SVG (`?plot=svg`). */
  plot?: boolean;
}

/** The `userInfo` values a notification was replayed with, in the screen's coordinates (after any conversion). */
export interface ReplayedUserInfo {
  frameEnd: Rect | null;
  frameBegin: Rect | null;
  /** Seconds. */
  animationDuration: number;
  animationCurve: number;
  /** Null when the log did not say. */
  isLocal: boolean | null;
}

/** How one notification of a log was read. */
export interface NotificationReading {
  /** The printed form it was read from; `json` for a JSON body's. */
  form: "json" | "objc-userinfo" | "objc-notification" | "swift-userinfo" | "swift-notification";
  /** Its first and last line in a text body (from 1); null for JSON. */
  lines: { first: number; last: number } | null;
  /**
   * Where its name came from: printed as the notification's own, mentioned nearby (on its first line or the two
   * before, a handler's name), or assumed (a `userInfo` alone is a will-change-frame).
   */
  name: "logged" | "nearby" | "assumed";
  /** Whether its time was logged (a JSON `timestamp`, an `NSLog` prefix) or placed by the timing rule. */
  timestamp: "logged" | "rule";
  /** `portrait`: its frames were converted from the portrait screen's coordinates (iOS 7 and earlier). */
  coordinates: "screen" | "portrait";
  userInfo: ReplayedUserInfo;
  /** The `userInfo` keys the replay does not use, ignored. */
  ignoredKeys: string[];
}

/** What replaying one notification did; `reason` is null when it was applied. */
export interface NotificationResult {
  index: number;
  name: KeyboardNotificationName;
  /** The instant it was replayed at, on the session's clock (ms). */
  timestamp: number;
  outcome: "applied" | "jumped" | "ignored";
  /** Why it was ignored or jumped (moved everything at once). */
  reason:
    | "did-notification"
    | "no-end-frame"
    | "not-local"
    | "empty-frame"
    | "same-frame"
    | "already-hidden"
    | "zero-duration-hide"
    | "did-without-will"
    | null;
  read: NotificationReading;
}

/** The three properties a keyboard animation changes on a scroll view. */
export interface ScrollState {
  contentInset: EdgeInsets;
  scrollIndicatorInsets: EdgeInsets;
  contentOffset: Point;
}

/** A view pinned to the keyboard layout guide's top (a composer), in window coordinates. */
export interface PinnedView { id: string; frame: Rect }

/** A descriptor's `from` or `to`: the scroll state, the keyboard layout guide and the pinned views on it. */
export interface DescriptorState extends ScrollState {
  keyboardLayoutGuide: Rect;
  pinnedViews: PinnedView[];
}

/**
 * Every value an event animates: the scroll view's three, the keyboard's frame (screen coordinates) and the
 * keyboard layout guide's frame (window coordinates; only its `y` and `height` animate).
 */
export interface AnimatedValues extends ScrollState {
  keyboardFrame: Rect;
  keyboardLayoutGuide: Rect;
}

/** What the scroll view must become for one keyboard event. */
export interface InsetResult {
  contentInset: EdgeInsets;
  scrollIndicatorInsets: EdgeInsets;
  adjustedContentInset: EdgeInsets;
  contentOffset: Point;
  keyboardOverlap: number;
  keyboardDocked: boolean;
  /** UIKit's `keyboardLayoutGuide`, in window coordinates. */
  keyboardLayoutGuide: { frame: Rect };
  /** The pinned views where the guide puts them. */
  pinnedViews: PinnedView[];
}

/** An earlier event's animation still running: it adds `delta × (1 − progress)` to every value. */
export interface InFlightAnimation {
  delta: AnimatedValues;
  curve: number;
  duration: number;
  cssDuration: number;
  startTime: number;
  endTime: number;
  timingFunction?: string;
  linearEasing?: string;
}

/** How to animate from `from` to `to`, in UIKit and on the web. */
export interface AnimationDescriptor {
  duration: number;
  delay: 0;
  curve: number;
  curveName: "easeInOut" | "easeIn" | "easeOut" | "linear" | "keyboard" | "spring";
  options: number;
  beginFromCurrentState: true;
  /** A released interactive dismissal's spring, as `usingSpringWithDamping:initialSpringVelocity:` takes it. */
  spring?: { dampingRatio: 1; initialVelocity: number };
  from: DescriptorState;
  to: DescriptorState;
  timingFunction: string;
  cssDuration: number;
  linearEasing: string;
  /** Session answers only, from here on. */
  startTime?: number;
  endTime?: number;
  /** `additive`: added on top of `inFlight`; `replace`: the running animations were replaced. */
  composition?: "additive" | "replace";
  /** The previous model minus the new one: the animation runs from `to + delta` down to `to`. */
  delta?: AnimatedValues;
  /** How fast each value moves at the event, in points per second. */
  velocity?: AnimatedValues;
  inFlight?: InFlightAnimation[];
}

export type KeyboardState = "hidden" | "showing" | "shown" | "hiding";

/** A device's keyboard, as asked or by iOS's defaults. */
export interface KeyboardSetting { predictive: boolean; type: KeyboardType; mode: KeyboardMode }

/** A session's device, as its requests named it. */
export interface SessionDevice {
  id: string;
  orientation: DeviceOrientation;
  /** The release asked for; null: the newest measurements. */
  system: string | null;
  keyboard: KeyboardSetting;
}

/** One number the catalogue gave in place of one the request did not send. */
export interface CatalogueValue {
  /** The member it stands for. */
  pointer:
    | "/screen"
    | "/scrollView/frame"
    | "/scrollView/safeAreaInsets"
    | "/keyboard/frameEnd"
    | "/keyboard/frameBegin";
  value: Size | EdgeInsets | Rect;
  /** The id of its source, one of `DeviceEntry.sources`. */
  source: string;
  /** The iOS release it was measured on, when the source says. */
  system?: string;
  /** The device it was measured on, when another with the same screen. */
  measuredOn?: string;
}

/**
 * What the catalogue gave a request by device: the device, its setting after the request, and each number taken
 * (the same request with them written out gets the same answer).
 */
export interface CatalogueAnswer {
  /** The device's id. */
  device: string;
  name: string;
  orientation: DeviceOrientation;
  /** The release asked for; null: the newest measurements. */
  system: string | null;
  keyboard: KeyboardSetting;
  values: CatalogueValue[];
}

/** An iOS device as `GET /devices` lists it: one a request can name. */
export interface DeviceSummary {
  id: string;
  /** The name it is sold under. */
  name: string;
  platform: "ios";
  family: "iPhone" | "iPad";
  /** The iOS releases it runs of those the catalogue covers; what `DeviceMember.system` takes. */
  systems: string[];
}

/** An Android device as `GET /devices` lists it: one an Android request (`platform: "android"`) may name. */
export interface AndroidDeviceSummary {
  id: string;
  /** The name it is sold under. */
  name: string;
  platform: "android";
  family: "Pixel" | "Galaxy" | "Galaxy Tab";
}

/** `GET /devices`: the iOS devices, then the Android ones. */
export interface DeviceList { devices: (DeviceSummary | AndroidDeviceSummary)[] }

/** A publication the catalogue's numbers come from. */
export interface CatalogueSource {
  id: string;
  publisher: string;
  title: string;
  kind: "document" | "measurement" | "code";
  year: number | null;
  /** What the catalogue takes from it. */
  covers: string;
}

/** `GET /devices/{id}`: the device's numbers, each with its source. */
export interface DeviceEntry extends DeviceSummary {
  /** Points held in portrait, and pixels per point. */
  screen: { width: number; height: number; scale: number; source: string };
  /** The window's `safeAreaInsets`, by orientation and release (null: the source does not say). */
  safeAreas: {
    orientation: DeviceOrientation;
    system: string | null;
    insets: EdgeInsets;
    source: string;
    measuredOn?: string;
  }[];
  /** Keyboard frames in screen coordinates; `predictive` null where the bar makes no difference. */
  keyboards: {
    orientation: DeviceOrientation;
    type: KeyboardType;
    predictive: boolean | null;
    mode: KeyboardMode;
    system: string | null;
    frame: Rect;
    source: string;
    measuredOn?: string;
  }[];
  /** What the catalogue lacks for it, and why. */
  absent: string[];
  sources: CatalogueSource[];
}

/** A height in dp on an Android device held one way; `system` the Android release (null: the source does not say). */
export interface AndroidHeight {
  orientation: DeviceOrientation;
  height: number;
  system: string | null;
  source: string;
  measuredOn?: string;
}

/** `GET /devices/{id}` of an Android device: its screen, bars and IME in dp, each with its source. */
export interface AndroidDeviceEntry extends AndroidDeviceSummary {
  /** dp held in portrait, and pixels per dp (the dpi over 160). */
  screen: { width: number; height: number; density: number; source: string };
  /** The status bar's height, by orientation. */
  statusBars: AndroidHeight[];
  /** The navigation bar's height, by navigation mode and orientation. */
  navigationBars: (AndroidHeight & { mode: "gesture" | "threeButton" })[];
  /** The IME's height: its bottom inset, the navigation bar's area included. */
  imes: AndroidHeight[];
  /** What the catalogue lacks for it, and why. */
  absent: string[];
  sources: CatalogueSource[];
}
export type Interruption = "additive" | "beginFromCurrentState";
export type KeyboardLiftBehavior = "never" | "always" | "whenAtEnd";

/** A show or hide answer: the result's members, the animation, and the session reference when bound to one. */
export interface KeyboardEventAnswer extends InsetResult {
  animation: AnimationDescriptor;
  /** When the form has fields: what the toolbar's arrows enable. */
  navigation?: Navigation;
  session?: { id: string; keyboardState: KeyboardState; time: number };
  /** When a device was named (by the request or the session). */
  catalogue?: CatalogueAnswer;
}

/** The system navigation an Android device uses: it sets the navigation bar's height. */
export type AndroidNavigationMode = "gesture" | "threeButton";
/** `windowSoftInputMode`'s adjustment: what the framework does to the window when the IME shows. */
export type SoftInputMode = "adjustResize" | "adjustPan" | "adjustNothing";
/** How an edge-to-edge app applies the IME's inset to its list: not at all, as bottom padding, or by resizing it. */
export type ImeInsetsHandling = "none" | "padding" | "resize";

/**
 * A stateless Android show's or hide's body (`platform: "android"`): the window AT REST (the IME hidden), in dp and
 * window coordinates (the window covers the screen). `screen` is required unless `device` names an Android device
 * of the catalogue, whose screen, bars and IME height then fill in what is not sent. iOS members are refused (400).
 */
export interface AndroidKeyboardEventBody {
  platform: "android";
  /** The event's instant (ms). */
  timestamp?: number;
  screen?: Size;
  /** The status bar's height (`top`) and the navigation bar's (`bottom`). */
  systemBars?: { top?: number; bottom?: number };
  /** Default `gesture`. */
  navigationMode?: AndroidNavigationMode;
  /** Default `adjustResize`. */
  windowSoftInputMode?: SoftInputMode;
  /** Whether the window draws under the system bars; default false. */
  edgeToEdge?: boolean;
  /** Edge to edge only; default `none`. */
  imeInsets?: ImeInsetsHandling;
  /** Whether a view has a `WindowInsetsAnimation.Callback` (the synced 285-ms animation); default false. */
  insetsAnimationCallback?: boolean;
  /** The scroll container (a `ScrollView`) at rest: its frame in the window, its content's size, its scroll. */
  scrollView?: { frame?: Rect; contentSize?: Size; contentOffset?: Point };
  /** The focused view, window coordinates, the window not panned. */
  focusedRect?: Rect;
  /** The caret's line in the focused text field, window coordinates: what the pan brings into view. */
  caretRect?: Rect;
  /**
   * The IME's frame in the window, the navigation bar's area it covers included: `frameEnd` on a show (required
   * unless the device gives it), `frameBegin` on a hide (where it leaves from; without it nothing moves).
   */
  keyboard?: { frameEnd?: Rect; frameBegin?: Rect };
  /** An Android device of the catalogue by id. */
  device?: { id?: string; orientation?: DeviceOrientation };
}

/** The insets an Android window reports (`WindowInsets`), each from the window's edges, dp. */
export interface AndroidWindowInsets {
  /** `ime()`: the IME's overlap with the window, from its bottom, the navigation bar's area under it included. */
  ime: EdgeInsets;
  navigationBars: EdgeInsets;
  statusBars: EdgeInsets;
  systemBars: EdgeInsets;
}

/** What moves on an Android window: an answer's `animation.from` and `.to`. */
export interface AndroidState {
  ime: EdgeInsets;
  /** The list's frame in the window; after a resize, shorter. */
  scrollView: { frame: Rect };
  contentPadding: { bottom: number };
  /** How far the whole window moved up (`adjustPan`; negative: down). */
  windowPan: { y: number };
  contentOffset: Point;
}

/** One value `android.widget.Scroller` moves: its ends, and its start in seconds from the answer's instant. */
export interface ScrollerMotion { from: number; to: number; delay: number }

/** The IME's animation of an Android answer, and the `Scroller` that moves the window's pan and the list's scroll. */
export interface AndroidAnimationDescriptor {
  /** Seconds; 0 when the inset changes at once. */
  duration: number;
  /** Seconds from the answer's instant to the IME animation's start. */
  delay: number;
  /** Whether a `WindowInsetsAnimation.Callback` syncs it (285 ms on `PathInterpolator(0.2, 0, 0, 1)`). */
  synced: boolean;
  /** `PathInterpolator(…)`; null without an animation. */
  interpolator: string | null;
  timingFunction: string;
  cssDuration: number;
  linearEasing: string;
  /**
   * `followsIme`: the list's resize or padding moves with the IME's inset each frame (`max(0, ime - kept)`
   * applied to the rest layout, `kept` the part of the navigation bar the list's frame leaves clear); `atOnce`:
   * they take `to`'s values at the start.
   */
  layout: "followsIme" | "atOnce";
  from: AndroidState;
  to: AndroidState;
  scroller: {
    /** 0.25 s. */
    duration: number;
    cssDuration: number;
    interpolator: string;
    linearEasing: string;
    windowPan: ScrollerMotion;
    contentOffset: ScrollerMotion;
  };
  /** Session answers, when they come: the start on the session's clock (ms). */
  startTime?: number;
}

/** An Android show's or hide's answer. */
export interface AndroidKeyboardEventAnswer {
  platform: "android";
  windowInsets: AndroidWindowInsets;
  /** What the list did: resized, padded, or nothing (the pan is `windowPan`). */
  layoutChange: "resize" | "padding" | "none";
  scrollView: { frame: Rect };
  contentPadding: { bottom: number };
  windowPan: { y: number };
  contentOffset: Point;
  animation: AndroidAnimationDescriptor;
  /** On a session. */
  session?: { id: string; keyboardState: KeyboardState; time: number };
}

/** Where an Android IME event settles: an answer's settled members. */
export type AndroidInsetResult = Omit<AndroidKeyboardEventAnswer, "platform" | "animation" | "session">;

/**
 * An event's or a PATCH's body on an Android session: the window's members (unchanged when absent), the IME's frame
 * on a show, the focused view; `platform` may be left out (the session's).
 */
export type AndroidSessionBody = Omit<AndroidKeyboardEventBody, "platform"> & { platform?: "android" };

/** An Android session as `GET /sessions/{id}` answers it: its window at rest as sent, the IME, what moves. */
export interface AndroidSessionState {
  id: string;
  platform: "android";
  keyboardState: KeyboardState;
  time: number;
  lastEventTime: number;
  /** The list at rest (the IME hidden). */
  scrollView: { frame: Rect; contentSize: Size; contentOffset: Point };
  screen: Size | null;
  focusedRect: Rect | null;
  device: unknown;
  systemBars: { top: number; bottom: number };
  navigationMode: AndroidNavigationMode;
  windowSoftInputMode: SoftInputMode;
  edgeToEdge: boolean;
  imeInsets: ImeInsetsHandling;
  insetsAnimationCallback: boolean;
  caretRect: Rect | null;
  /** The IME's frame while shown. */
  keyboard: { frameEnd: Rect } | null;
  /** Where the last IME event settles. */
  target: AndroidInsetResult;
  /** While anything the last IME event set moving still moves. */
  animation: AndroidAnimationDescriptor | null;
  /** What is on screen at `time`. */
  presentation: AndroidState;
}

/** `GET /sessions/{id}/timeline` of an Android session. */
export interface AndroidTimeline {
  id: string;
  platform: "android";
  from: number;
  to: number;
  step: number;
  times: number[];
  values: {
    name: "ime.bottom" | "scrollView.frame.height" | "contentPadding.bottom" | "windowPan.y" | "contentOffset.y";
    presentation: number[];
    velocity: number[];
  }[];
  events: {
    time: number;
    endTime: number;
    interpolator: string | null;
    duration: number;
    ime: { from: number; to: number };
  }[];
}

/**
 * A `Session` created with `platform: "android"`, typed for its answers. Focus moves, drags, releases and
 * notification logs are iOS's: the service refuses them on Android.
 */
export interface AndroidSession {
  readonly id: string;
  state: AndroidSessionState;
  options: CallOptions;
  lastTimestamp: number;
  show(body: AndroidSessionBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
  hide(body?: AndroidSessionBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
  patch(body: AndroidSessionBody, options?: CallOptions): Promise<AndroidSessionState>;
  get(at?: number, options?: CallOptions): Promise<AndroidSessionState>;
  timeline(span?: Span, options?: CallOptions): Promise<AndroidTimeline>;
  timelineSVG(span?: Span, options?: CallOptions): Promise<string>;
  delete(options?: CallOptions): Promise<void>;
}

/** A `POST /keyboard/drag` or `/keyboard/release` answer. */
export interface KeyboardGestureAnswer extends InsetResult {
  /** The keyboard's frame now, in screen coordinates. */
  keyboardFrame: Rect | null;
  /** Null when everything moved at once (an interactive drag) or nothing moved. */
  animation: AnimationDescriptor | null;
  /** When the form has fields. */
  navigation?: Navigation;
  session: { id: string; keyboardState: KeyboardState; time: number };
}

/** A session as `GET /sessions/{id}` answers it. */
export interface SessionState {
  id: string;
  keyboardState: KeyboardState;
  time: number;
  lastEventTime: number;
  scrollView: Record<string, unknown>;
  window: Rect;
  screen: Size | null;
  keyboardDistance: number;
  baseInsetMode: "additive" | "max";
  followsUndockedKeyboard: boolean;
  usesBottomSafeArea: boolean;
  keyboardLiftBehavior: KeyboardLiftBehavior;
  keyboardDismissPadding: number;
  /** As last sent; `target.pinnedViews` has them where the guide puts them. */
  pinnedViews: PinnedView[];
  interruption: Interruption;
  /** The device the session is on; null when none was named. */
  device: SessionDevice | null;
  /** The rect kept visible besides the focused field (a caret); null when none. */
  focusedRect: Rect | null;
  fields: FormField[];
  /** The focused field's id; null when none. */
  focus: string | null;
  scrollPosition: ScrollPosition;
  /** When the form has fields. */
  navigation?: Navigation;
  keyboard: Record<string, unknown> | null;
  target: InsetResult;
  animation: AnimationDescriptor | null;
  animations: InFlightAnimation[];
  presentation: ScrollState & { keyboardFrame: Rect | null; keyboardLayoutGuide: Rect };
  velocity: AnimatedValues;
  /** In the answers of `POST /sessions` and `PATCH /sessions/{id}`, when the session is on a device. */
  catalogue?: CatalogueAnswer;
}

/** `GET /sessions/{id}/timeline`. */
export interface Timeline {
  id: string;
  interruption: Interruption;
  from: number;
  to: number;
  step: number;
  times: number[];
  /** The sixteen animated values by name, then one `pinnedViews.<id>.y` series per pinned view. */
  values: { name: string; presentation: number[]; velocity: number[] }[];
  keyboardPlaced: boolean;
  events: {
    time: number;
    endTime: number;
    replacedAt: number | null;
    curve: number;
    curveName: string;
    duration: number;
    delta: AnimatedValues;
  }[];
}

/**
 * `POST /sessions/{id}/notifications`: each notification's outcome and reading, the session after the log, its
 * timeline.
 */
export interface NotificationLogAnswer {
  /** The body's format: a JSON log, or a console's text. */
  format: "json" | "text";
  /** The text's non-blank lines that belong to no notification; 0 for JSON. */
  skippedLines: number;
  results: NotificationResult[];
  /** The session after the log, at its last event. */
  session: SessionState;
  /** The whole log sampled, from the first notification to the end of the last animation. */
  timeline: Timeline;
  /** With `plot: true`: the timeline drawn, as SVG text. */
  plot?: string;
}

/** One request and its answer, as `onExchange` sees it. */
export interface Exchange {
  method: string;
  path: string;
  /** The body sent: a JSON value, or a text body's string; null without one. */
  request: unknown;
  /** The body's Content-Type (`application/json`, `text/plain; charset=utf-8`); null without one. */
  contentType: string | null;
  status: number;
  response: unknown;
  milliseconds: number;
}

/** Options every call takes. */
export interface CallOptions {
  /**
   * The service's origin. Default: the page's own; where there is no page (Node, Deno without `--location`) a call
   * without it rejects with a TypeError and sends nothing.
   */
  baseURL?: string;
  /** Sent as `Authorization: Bearer`. */
  token?: string;
  onExchange?: (exchange: Exchange) => void;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** An event's timestamp (ms); default the frame time; `false` leaves it to the server. */
  timestamp?: number | false;
}

/**
 * One problem with a request body: where it is (the JSON pointer of a JSON body's value; the line and column of
 * a text body's, both from 1) and what is wrong.
 */
export type ProblemError =
  | { pointer: string; message: string }
  | { line: number; column: number; message: string };

/** An RFC 9457 problem (`application/problem+json`); `errors` with `validation-failed`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ProblemError[];
}

/** An answer outside 2xx, with the RFC 9457 problem the service sent. */
export class InsetError extends Error {
  constructor(status: number, problem: Problem | null);
  name: "InsetError";
  status: number;
  problem: Problem | null;
}

/** The timeline span: each in ms, each optional. */
export interface Span { from?: number; to?: number; step?: number }

/** A session for one scroll view; `state` is the last representation fetched. */
export class Session {
  /** Wraps a session's representation (`GET /sessions/{id}`, or `POST /sessions`'s answer) with the options. */
  constructor(state: SessionState, options?: CallOptions);
  readonly id: string;
  state: SessionState;
  options: CallOptions;
  /** The last event's timestamp sent (or the log's last notification): the next is never stamped earlier. */
  lastTimestamp: number;
  show(body: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
  hide(body?: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
  /** `POST /keyboard/drag`: the touch in window coordinates. */
  drag(touch: Point, options?: CallOptions): Promise<KeyboardGestureAnswer>;
  /** `POST /keyboard/release`: the vertical velocity in pt/s, downward positive. */
  release(velocityY: number, options?: CallOptions): Promise<KeyboardGestureAnswer>;
  /**
   * `POST /sessions/{id}/focus`, stamped like the events: a field's id, or `"next"` / `"previous"`. 409
   * `keyboard-not-shown` while hidden; 400 (pointer `/field`) for an unknown id or a move past either end.
   */
  focus(field: string, options?: CallOptions): Promise<KeyboardEventAnswer>;
  /**
   * `POST /sessions/{id}/notifications` with a JSON log (`?plot=svg` with `plot: true`); timestamps on the
   * session's clock, the options in the body. Sets `state` to the answer's session; later events are stamped no
   * earlier than the log's last notification (the answer's last `results[].timestamp`).
   */
  replayNotifications(
    notifications: LoggedNotification[],
    replay?: NotificationReplayOptions,
    options?: CallOptions,
  ): Promise<NotificationLogAnswer & { format: "json" }>;
  /**
   * The same with the console's text as pasted, sent as `text/plain; charset=utf-8`, the options in the query.
   * 400 `no-notification` when it holds none; a value that cannot be read is a 400 whose errors have `line` and
   * `column`.
   */
  replayNotifications(
    consoleText: string,
    replay?: NotificationReplayOptions,
    options?: CallOptions,
  ): Promise<NotificationLogAnswer & { format: "text" }>;
  patch(body: SessionPatchBody, options?: CallOptions): Promise<SessionState>;
  get(at?: number, options?: CallOptions): Promise<SessionState>;
  timeline(span?: Span, options?: CallOptions): Promise<Timeline>;
  timelineSVG(span?: Span, options?: CallOptions): Promise<string>;
  delete(options?: CallOptions): Promise<void>;
}

/** The current frame's time on the document timeline; without a document, `performance.now()` (the same clock). */
export function frameTime(): number;
/** `POST /sessions` for an Android window at rest: a session typed for Android's answers. */
export function createSession(
  geometry: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidSession>;
/** `POST /sessions` with the geometry (and `interruption`, when given). */
export function createSession(geometry: SessionCreateBody, options?: CallOptions): Promise<Session>;
/** `POST /keyboard/show` for an Android window, stateless. */
export function show(
  session: null, body: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
/** `POST /keyboard/show`: on a Session, a session id, or null for a stateless call. */
export function show(
  session: Session | string | null, body: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
/** `POST /keyboard/hide` for an Android window, stateless (`keyboard.frameBegin`: where the IME leaves from). */
export function hide(
  session: null, body: AndroidKeyboardEventBody, options?: CallOptions): Promise<AndroidKeyboardEventAnswer>;
/** `POST /keyboard/hide`. */
export function hide(
  session: Session | string | null, body?: KeyboardEventBody, options?: CallOptions): Promise<KeyboardEventAnswer>;
/** `PATCH /sessions/{id}`. */
export function patch(
  session: Session | string, body: SessionPatchBody, options?: CallOptions): Promise<SessionState>;
/** `GET /devices`: the devices a request may name. */
export function listDevices(options?: CallOptions): Promise<DeviceList>;
/** `GET /devices/{id}`; an unknown id rejects with an `InsetError` (404 `device-not-found`). */
export function getDevice(id: string, options?: CallOptions): Promise<DeviceEntry | AndroidDeviceEntry>;
/** What the safe area adds on top of `contentInset`. */
export function insetAdjustment(result: InsetResult): { top: number; bottom: number };

/** A running replay: resolves `true` when it completes, `false` when something cancelled it. */
export class Playback implements PromiseLike<boolean> {
  constructor(animations: Animation[], finished: Promise<boolean>, cancel: () => void);
  animations: Animation[];
  finished: Promise<boolean>;
  cancel(): void;
  then<A = boolean, B = never>(
    onFulfilled?: ((value: boolean) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B>;
}

export interface AnimatedElements {
  /** The scroll container: its `scrollTop` follows `contentOffset.y` plus the top inset. */
  scrollView: HTMLElement;
  /** The element whose padding carries the insets (default `scrollView`). */
  content?: HTMLElement;
  /** Anything else that moves with the keyboard: keyframes, or a model `to` with an additive `delta` (px). */
  extra?: (
    | { element: HTMLElement; keyframes: Keyframe[] }
    | { element: HTMLElement; to: Record<string, string>; delta?: Record<string, number> }
  )[];
}

export interface ApplyOptions {
  adjustment?: { top?: number; bottom?: number };
  startTime?: number;
  easing?: string;
}

/**
 * Replays a descriptor with the Web Animations API: an additive one on top of the playbacks still running
 * (`composite: "add"`, from `delta` to zero), any other cancelling them and starting from `from`.
 */
export function applyAnimation(
  descriptor: AnimationDescriptor, elements: AnimatedElements, options?: ApplyOptions): Playback;
/** Sets a state at once, cancelling any playback. */
export function applyState(state: ScrollState, elements: AnimatedElements, options?: ApplyOptions): Playback;

/** The Android phone's parts an answer moves (window coordinates in CSS px, one per dp). */
export interface AndroidElements {
  /** The scroll container: its `height` is the list's, its `scrollTop` the offset. */
  scrollView: HTMLElement;
  /** The element whose `padding-bottom` is `contentPadding.bottom` (default `scrollView`). */
  content?: HTMLElement;
  /** Everything in the window but its bars: its `top` is `-windowPan.y`. */
  window?: HTMLElement;
  /** The IME panel: its `top` is the window's height less the IME's inset (give `windowHeight`). */
  ime?: HTMLElement;
  /** Elements whose `top` stays on the list's bottom edge (a composer under it). */
  attached?: HTMLElement[];
}

export interface AndroidApplyOptions {
  /** The window's height, from which the IME's top is measured; required with `elements.ime`. */
  windowHeight?: number;
  /** Document-timeline ms the animations start at; default the descriptor's `startTime` on this clock, else now. */
  startTime?: number;
  /** Replaces both easings. */
  easing?: string;
}

/** What `applyAndroidAnimation` reads of an answer. */
export type AndroidReplayable = Pick<AndroidKeyboardEventAnswer, "windowInsets" | "animation">;

/**
 * Replays an Android answer with the Web Animations API: the IME on `animation`'s easing, the list's resize or
 * padding with it (`followsIme`) or at once (`atOnce`), the window's pan and the list's scroll on the scroller's.
 * Cancels the playbacks running on the same elements.
 */
export function applyAndroidAnimation(
  answer: AndroidReplayable,
  elements: AndroidElements & { ime: HTMLElement },
  options: AndroidApplyOptions & { windowHeight: number },
): Playback;
export function applyAndroidAnimation(
  answer: AndroidReplayable, elements: AndroidElements & { ime?: undefined }, options?: AndroidApplyOptions): Playback;
/** Sets an Android state (an answer's `animation.from` or `.to`) at once, cancelling any playback. */
export function applyAndroidState(
  state: AndroidState,
  elements: AndroidElements & { ime: HTMLElement },
  options: AndroidApplyOptions & { windowHeight: number },
): Playback;
export function applyAndroidState(
  state: AndroidState, elements: AndroidElements & { ime?: undefined }, options?: AndroidApplyOptions): Playback;
