// Element-like objects for replaying answers under Node: they record what client.js does to them (inline styles,
// custom properties, scrollTop, Web Animations calls). Shared by animation.test.mjs and android.test.mjs.
import assert from "node:assert/strict";

/** An `Animation` as client.js uses it: `finished`, `cancel()`, `startTime`, `effect.getComputedTiming()`. */
export class RecordedAnimation {
  constructor(element, keyframes, timing) {
    Object.assign(this, { element, keyframes, timing, startTime: null, playState: "running", progress: 0 });
    this.finished = new Promise((resolve, reject) => {
      this.resolveFinished = resolve;
      this.rejectFinished = reject;
    });
    this.finished.catch(() => {}); // a cancelled one rejects; client.js handles it, the test may not look
    this.effect = {
      getComputedTiming: () => ({
        progress: this.progress,
        localTime: this.progress * timing.duration,
        duration: timing.duration,
      }),
    };
  }

  /** Moves the animation to `progress` (0 to 1) of its duration; at 1 it has finished. */
  seek(progress) {
    this.progress = progress;
    if (progress >= 1 && this.playState === "running") {
      this.playState = "finished";
      this.resolveFinished(this);
    }
  }

  cancel() {
    if (this.playState !== "running") return;
    this.playState = "idle";
    this.rejectFinished(new DOMException("The animation was cancelled", "AbortError"));
  }
}

/** An element: an inline style with custom properties, scrollTop, and `animate()` that records each call. */
export function element(name) {
  const custom = new Map();
  const style = {
    setProperty: (property, value) => custom.set(property, value),
    getPropertyValue: (property) => custom.get(property) ?? "",
  };
  const node = {
    name,
    style,
    custom,
    scrollTop: 0,
    animations: [],
    animate(keyframes, timing) {
      const animation = new RecordedAnimation(node, keyframes, timing);
      node.animations.push(animation);
      return animation;
    },
  };
  return node;
}

/** The length a padding shows: the inline style reads the custom property with var(), which holds the value. */
export function padding(node, side) {
  const property = `--inset-padding-${side}`;
  assert.equal(node.style[`padding${side[0].toUpperCase()}${side.slice(1)}`], `var(${property})`);
  return node.custom.get(property);
}

/**
 * Waits until `condition()` holds (client.js's fallback frame is a 16-ms timer), for at most 30 s: a ceiling
 * that only a condition that never holds reaches, however loaded the machine (server.mjs's CEILING_MS).
 */
export async function eventually(what, condition) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`${what}: not within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
