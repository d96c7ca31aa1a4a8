// @ts-check
// The playground: a phone mock whose table makes room for a mock keyboard exactly as the service says UIKit
// would, and beside it (or alone) an Android phone whose window does what the service says Android's would. Every
// number comes from the service through client.js; the page only measures and replays. docs/playground.md
// describes the page and the module each part lives in.
//
// This module is the only one that does anything when it loads: it builds the phones' content, wires the page's
// events to the modules that answer them, and starts the first session. The others only declare.

import { frameTime } from "../client.js";
import { buildAndroid } from "./android-layout.js";
import { enqueueAndroid, listenForAndroid, mirrorHide, mirrorShow, resetAndroid } from "./android-phone.js";
import { listenForDrags } from "./chat.js";
import { syncOffers } from "./containers.js";
import { listenForForm } from "./form.js";
import { buildKeys, buildMessages, buildTable } from "./ios-layout.js";
import { keyboardWillHide, keyboardWillShow, syncScroll } from "./ios-phone.js";
import { containerToggled, keyboardToggled, resetSession, rotate, start } from "./lifecycle.js";
import { putSample, replayNotifications } from "./notification-panel.js";
import { showSheetNote } from "./sheets.js";
import { fit } from "./stage.js";
import { state } from "./state.js";
import { enqueue } from "./status.js";
import { ui } from "./ui.js";
import { listenForWeb, platformChanged } from "./web.js";

/** The iPhone's table and chat fields, the toolbar's controls, the side panel's, and the window's size. */
function listen() {
  for (const field of [ui.field, ui.chatField]) {
    field.addEventListener("focus", () => {
      const time = frameTime();
      enqueue(() => keyboardWillShow(time));
      mirrorShow(time, field === ui.chatField ? "chat" : "field");
    });
    field.addEventListener("blur", () => {
      if (state.resetting) return;
      const time = frameTime();
      enqueue(() => keyboardWillHide(time));
      mirrorHide(time);
    });
  }
  listenForForm();
  listenForDrags();
  // Tapping the keyboard or a toggle must not take the focus from the field.
  for (const keep of [ui.keyboard, ...document.querySelectorAll(".toggle")]) {
    keep.addEventListener("mousedown", (event) => event.preventDefault());
  }
  ui.quicktype.addEventListener("change", keyboardToggled);
  ui.hardware.addEventListener("change", () => {
    if (ui.hardware.checked) ui.floating.checked = false;
    keyboardToggled();
  });
  ui.floating.addEventListener("change", () => {
    if (ui.floating.checked) ui.hardware.checked = false;
    keyboardToggled();
  });
  ui.landscape.addEventListener("change", () => enqueue(rotate));
  ui.device.addEventListener("change", () => enqueue(start));
  ui.interruption.addEventListener("change", () => enqueue(resetSession));
  for (const control of [ui.screenKind, ui.lift, ui.bottomSafeArea, ui.inputAccessory]) {
    control.addEventListener("change", () => enqueue(resetSession));
  }
  for (const toggle of [ui.navigationBarStandard, ui.tabBarHidden]) {
    toggle.addEventListener("change", () => enqueue(containerToggled));
  }
  // The Sheet's controls: a PATCH of the container, which a refusal turns into a new session that says why.
  for (const control of [ui.sheetStyle, ui.sheetDetents, ui.sheetNavigationBar, ...Object.values(ui.sheetFrame)]) {
    control.addEventListener("change", () => {
      showSheetNote();
      enqueue(containerToggled);
    });
  }
  ui.screenKind.addEventListener("change", () => {
    syncOffers();
    enqueueAndroid(resetAndroid);
  });
  ui.token.addEventListener("change", () => enqueue(start));
  ui.tokenForm.addEventListener("submit", (event) => event.preventDefault());
  ui.table.addEventListener("scroll", () => {
    if (state.playback) return;
    clearTimeout(state.scrollTimer);
    state.scrollTimer = setTimeout(() => {
      const time = frameTime();
      enqueue(() => syncScroll(time));
    }, 150);
  });
  ui.clearLog.addEventListener("click", () => ui.log.replaceChildren());
  ui.replayLog.addEventListener("click", () => enqueue(replayNotifications));
  ui.sampleLog.addEventListener("click", putSample);
  addEventListener("resize", fit);
}

/** The platform picker: the phones shown, each with a new session, refitted to the stage. */
function listenForPlatform() {
  ui.platform.addEventListener("change", () => {
    document.body.dataset.platform = ui.platform.value;
    syncOffers();
    enqueue(resetSession);
    enqueueAndroid(resetAndroid);
    enqueue(async () => fit());
    platformChanged();
  });
}

buildTable();
buildMessages();
buildKeys();
buildAndroid();
listen();
listenForAndroid();
listenForPlatform();
listenForWeb();
syncOffers();
document.body.dataset.platform = ui.platform.value;
enqueue(start);
platformChanged();
