// A live inset-server for the Node tests: the binary INSET_SERVER_BIN names, on a free loopback port, started by
// the test file that needs it and stopped after it. Every wait is bounded.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const repository = resolve(here, "../..");

/**
 * The client under test: the repository's client.js, or the file INSET_CLIENT_JS names (to run these tests against
 * another copy, say main's). Imported as an ES module, as Node and Deno import it.
 */
export const clientPath = resolve(
  process.env.INSET_CLIENT_JS ?? join(repository, "Sources/InsetPlayground/Resources/client.js"),
);
export const declarationsPath = join(repository, "Sources/InsetPlayground/Resources/client.d.ts");

export function loadClient() {
  return import(pathToFileURL(clientPath).href);
}

/**
 * The longest any of these tests waits for something to happen, in milliseconds: a ceiling that only a promise
 * that never settles reaches, never a measure of this machine's speed (a wait ends as soon as it settles).
 */
export const CEILING_MS = 30_000;

/** Resolves or rejects with `promise`, or rejects after `ms` saying what did not happen. */
export function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts `INSET_SERVER_BIN --host 127.0.0.1 --port 0 --access-log off` (plus `args`) and reads its first line,
 * `listening on http://127.0.0.1:PORT`. Resolves `{ baseURL, stop }`; `stop()` sends SIGTERM and waits (up to
 * CEILING_MS, then SIGKILL) for the exit.
 */
export async function startServer(args = []) {
  const binary = process.env.INSET_SERVER_BIN;
  if (!binary) throw new Error("INSET_SERVER_BIN is not set: an inset-server binary's path (scripts/check-js sets it)");
  if (!existsSync(binary)) throw new Error(`INSET_SERVER_BIN=${binary} does not exist`);
  const child = spawn(binary, ["--host", "127.0.0.1", "--port", "0", "--access-log", "off", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  const exited = new Promise((resolveExit) => child.once("exit", (code, signal) => resolveExit({ code, signal })));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    try {
      await within(CEILING_MS, "inset-server's exit after SIGTERM", exited);
    } catch {
      child.kill("SIGKILL");
      await within(CEILING_MS, "inset-server's exit after SIGKILL", exited);
    }
  };
  const listening = new Promise((resolveLine, reject) => {
    let buffered = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      const newline = buffered.indexOf("\n");
      if (newline >= 0) resolveLine(buffered.slice(0, newline));
    });
    child.once("error", reject);
    exited.then(({ code, signal }) => {
      reject(new Error(`inset-server exited (${code ?? signal}) before listening: ${stderr}`));
    });
  });
  try {
    const line = await within(CEILING_MS, "inset-server's listening line", listening);
    const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line.trim());
    if (!match) throw new Error(`unexpected first line from inset-server: ${JSON.stringify(line)}`);
    child.stdout.resume(); // nothing else is read, but nothing may block on it either
    return { baseURL: match[1], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
