/**
 * The charts' engine (@antv/g) draws from a requestAnimationFrame loop that never stops: each chart asked for a
 * frame 60 times a second for as long as its page was open, whether anything had changed or not. On the dashboard
 * that was ~120 callbacks a second (~31 ms of script a second) and a frame each time: once the page had loaded, its
 * main thread stayed busy ~66 ms a second (a Lighthouse trace), and a phone's battery with it.
 *
 * A gate stands in for the engine's requestAnimationFrame: while the chart is awake (for WAKE_MS after anything that
 * may change the drawing: the chart drawn, the pointer or keyboard on it, the window resized), frames pass at the
 * display's rate; otherwise each request waits IDLE_FRAME_MS for its frame. So a tooltip or highlight follows the
 * pointer at full rate, and an idle chart costs a frame a second. Nothing is lost while it waits: the request is
 * answered, later.
 */

/** How long frames pass at the display's rate after something that may change the drawing. */
export const WAKE_MS = 1000;
/** How long a frame request waits while the chart is idle. */
export const IDLE_FRAME_MS = 1000;

/** What the gate needs of the browser (the window's own by default; a test passes its own). */
export interface FrameHost {
  requestAnimationFrame(cb: FrameRequestCallback): number;
  cancelAnimationFrame(id: number): void;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const browserHost = (): FrameHost => ({
  requestAnimationFrame: (cb) => window.requestAnimationFrame(cb),
  cancelAnimationFrame: (id) => window.cancelAnimationFrame(id),
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
});

/** A request made while idle: its timer until it is sent on, then the frame it was given. */
interface Held {
  cb: FrameRequestCallback;
  timer?: unknown;
  frame?: number;
}

export interface FrameGate {
  requestAnimationFrame(cb: FrameRequestCallback): number;
  cancelAnimationFrame(id: number): void;
  /** Frames pass at the display's rate for the next `ms`; requests waiting are sent on at once. */
  wake(ms?: number): void;
  /** Requests still waiting (for tests). */
  readonly waiting: number;
}

export function frameGate(host: FrameHost = browserHost()): FrameGate {
  let awakeUntil = Number.NEGATIVE_INFINITY;
  // Requests held while idle get ids of their own below zero; the browser's are positive.
  let nextHeld = -1;
  const held = new Map<number, Held>();

  const sendOn = (id: number, h: Held) => {
    if (h.timer !== undefined) host.clearTimeout(h.timer);
    h.timer = undefined;
    h.frame = host.requestAnimationFrame((time) => {
      held.delete(id);
      h.cb(time);
    });
  };

  return {
    requestAnimationFrame(cb) {
      if (host.now() < awakeUntil) return host.requestAnimationFrame(cb);
      const id = nextHeld;
      nextHeld -= 1;
      const h: Held = { cb };
      held.set(id, h);
      h.timer = host.setTimeout(() => sendOn(id, h), IDLE_FRAME_MS);
      return id;
    },
    cancelAnimationFrame(id) {
      if (id >= 0) {
        host.cancelAnimationFrame(id);
        return;
      }
      const h = held.get(id);
      if (!h) return;
      held.delete(id);
      if (h.timer !== undefined) host.clearTimeout(h.timer);
      if (h.frame !== undefined) host.cancelAnimationFrame(h.frame);
    },
    wake(ms = WAKE_MS) {
      awakeUntil = Math.max(awakeUntil, host.now() + ms);
      for (const [id, h] of held) if (h.timer !== undefined) sendOn(id, h);
    },
    get waiting() {
      return [...held.values()].filter((h) => h.timer !== undefined).length;
    },
  };
}

/** What may change a chart's drawing from outside it: the pointer, the keyboard and the window's size. */
const WAKING_EVENTS = [
  'pointerover',
  'pointermove',
  'pointerdown',
  'pointerup',
  'pointerleave',
  'wheel',
  'focusin',
  'keydown',
];

/**
 * Wakes the gate on anything done to `container` and on the window's resizing; returns what removes the listeners.
 */
export function wakeOnUse(gate: FrameGate, container: HTMLElement): () => void {
  const wake = () => gate.wake();
  for (const type of WAKING_EVENTS) container.addEventListener(type, wake, { passive: true });
  window.addEventListener('resize', wake, { passive: true });
  return () => {
    for (const type of WAKING_EVENTS) container.removeEventListener(type, wake);
    window.removeEventListener('resize', wake);
  };
}
