// @ts-check
// What the page tells the user and how its requests go out: the queue every request waits its turn in, the
// status line, a failure said there, and the side panel's log of each request and answer.

import { InsetError } from "../client.js";
import { state } from "./state.js";
import { ui } from "./ui.js";
import { problemText } from "./wording.js";

/**
 * @typedef {import("../client.js").Exchange} Exchange
 * @typedef {import("../client.js").CallOptions} CallOptions
 */

/** The request log keeps this many exchanges, the newest first. */
const LOG_LIMIT = 200;

/**
 * Runs `task` after every task queued before it, so that requests reach the service in the order of their
 * timestamps; a failure is said on the status line and the queue goes on.
 * @param {() => unknown} task
 */
export function enqueue(task) {
  state.queue = state.queue.then(task).catch(report);
  return state.queue;
}

/**
 * Puts `message` on the status line; `kind` is `info` or `error`.
 * @param {string} message
 * @param {string} [kind]
 */
export function say(message, kind = "info") {
  ui.status.textContent = message;
  ui.status.dataset.kind = kind;
}

/**
 * Says what failed: a token the server wants, a problem it answered (each of its errors), or a service out of reach.
 * @param {unknown} error
 */
export function report(error) {
  if (error instanceof InsetError && error.status === 401) {
    say("This server needs an API token: paste it in the Token field.", "error");
  } else if (error instanceof InsetError) {
    say(problemText(error.status, error.problem, error.message), "error");
  } else {
    say(`Could not reach the service: ${error instanceof Error ? error.message : String(error)}`, "error");
  }
  ui.phone.dataset.ready = state.session ? "true" : "error";
}

/**
 * Adds a request and its answer to the top of the side panel's log, open, the older ones closed.
 * @param {Exchange} exchange
 */
export function logExchange(exchange) {
  state.sequence += 1;
  const item = document.createElement("li");
  item.className = "exchange";
  Object.assign(item.dataset, {
    seq: String(state.sequence),
    method: exchange.method,
    path: exchange.path,
    status: String(exchange.status),
    contentType: exchange.contentType ?? "",
  });
  const details = document.createElement("details");
  details.open = true;
  const summary = document.createElement("summary");
  const title = document.createElement("span");
  title.textContent = `${exchange.method} ${exchange.path}`;
  const status = document.createElement("span");
  status.className = exchange.status < 400 ? "code ok" : "code failed";
  status.textContent = `${exchange.status} · ${exchange.milliseconds.toFixed(0)} ms`;
  summary.append(title, status);
  details.append(summary);
  for (const [name, value] of [
    ["request", exchange.request],
    ["response", exchange.response],
  ]) {
    const block = document.createElement("pre");
    // A text body (a pasted console) is shown as it went.
    const text = typeof value === "string";
    block.className = `json ${name}${text ? " text" : ""}`;
    block.textContent = value == null ? "" : text ? value : JSON.stringify(value, null, 2);
    details.append(block);
  }
  item.append(details);
  for (const older of ui.log.querySelectorAll("details[open]")) {
    if (older instanceof HTMLDetailsElement) older.open = false;
  }
  ui.log.prepend(item);
  while (ui.log.children.length > LOG_LIMIT) ui.log.lastElementChild?.remove();
}

/**
 * Options for the requests that are not a session's: the token, and the log panel.
 * @returns {CallOptions}
 */
export function clientOptions() {
  return { token: ui.token.value || undefined, onExchange: logExchange };
}
