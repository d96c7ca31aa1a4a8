// @ts-check
// The timeline under the phones: the session's plot (`GET /sessions/{id}/timeline.svg`), the Android session's when
// that phone is alone, a replayed log's, and the panels emptied for a new session.

import { android, state } from "./state.js";
import { TIMELINE_CAPTION, ui } from "./ui.js";

/** The timeline and the log panel's results, emptied for a new session. */
export function clearPanels() {
  ui.plot.replaceChildren();
  ui.timelineCaption.innerHTML = TIMELINE_CAPTION;
  ui.timeline.dataset.ready = "false";
  ui.replayResults.replaceChildren();
  ui.replayErrors.replaceChildren();
  ui.replaySummary.textContent = "";
  ui.notifications.dataset.ready = "false";
}

/** Redraws the timeline plot from the service, without logging the fetch. */
export async function drawTimeline() {
  if (!state.session) return;
  const current = state.session;
  try {
    const svg = await current.timelineSVG({}, { onExchange: undefined });
    if (state.session !== current) return;
    ui.plot.innerHTML = svg;
    ui.timelineCaption.innerHTML = TIMELINE_CAPTION;
    ui.timeline.dataset.source = "session";
    ui.timeline.dataset.ready = "true";
    ui.timeline.dataset.events = String(ui.plot.querySelectorAll("line.event").length);
  } catch (error) {
    ui.timeline.dataset.ready = "error";
  }
}

/** With the Android phone alone, the timeline under it is its session's (`GET /sessions/{id}/timeline.svg`). */
export async function drawAndroidTimeline() {
  if (ui.platform.value !== "android" || !android.session) return;
  const current = android.session;
  try {
    const svg = await current.timelineSVG({}, { onExchange: undefined });
    if (android.session !== current || ui.platform.value !== "android") return;
    ui.plot.innerHTML = svg;
    ui.timeline.dataset.source = "android";
    ui.timeline.dataset.ready = "true";
  } catch (error) {
    ui.timeline.dataset.ready = "error";
  }
}

/**
 * Shows a replayed log's plot (`svg`, from its answer) in the timeline's place, until the next event redraws the
 * session's.
 * @param {string | undefined} svg
 * @param {unknown[]} results the log's notifications
 */
export function showPlot(svg, results) {
  if (!svg) return;
  ui.plot.innerHTML = svg;
  ui.timeline.dataset.source = "notifications";
  ui.timeline.dataset.ready = "true";
  ui.timeline.dataset.events = String(ui.plot.querySelectorAll("line.event").length);
  ui.timelineCaption.textContent =
    `The replayed log (${results.length} notifications), as POST /sessions/{id}/notifications?plot=svg drew ` +
    "it; the next event redraws the session's timeline.";
}
