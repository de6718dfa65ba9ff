import { describe, expect, it } from 'vitest';
import { type FrameHost, frameGate, IDLE_FRAME_MS, WAKE_MS } from './frame-gate';

/** A browser of our own: a clock moved by hand, timers, and frames that come when the test says. */
function fakeHost() {
  let now = 0;
  let nextId = 1;
  const frames = new Map<number, FrameRequestCallback>();
  const timers = new Map<number, { at: number; fn: () => void }>();
  const host: FrameHost = {
    requestAnimationFrame: (cb) => {
      const id = nextId++;
      frames.set(id, cb);
      return id;
    },
    cancelAnimationFrame: (id) => void frames.delete(id),
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    host,
    /** The display's next frame: every callback waiting for one runs. */
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb(now);
      return due.length;
    },
    /** Time passes by `ms`, 16 ms a step, with a frame each step; returns how many callbacks ran. */
    run(ms: number) {
      let ran = 0;
      for (const end = now + ms; now < end; ) {
        now = Math.min(end, now + 16);
        for (const [id, t] of [...timers]) {
          if (t.at <= now) {
            timers.delete(id);
            t.fn();
          }
        }
        ran += this.frame();
      }
      return ran;
    },
    get pendingFrames() {
      return frames.size;
    },
  };
}

/** The engine's drawing loop: each frame draws and asks for the next one. */
function drawingLoop(gate: { requestAnimationFrame(cb: FrameRequestCallback): number }) {
  let draws = 0;
  const tick = () => {
    draws += 1;
    gate.requestAnimationFrame(tick);
  };
  gate.requestAnimationFrame(tick);
  return () => draws;
}

describe('frame gate', () => {
  it('lets an idle drawing loop run once a second instead of at the display rate', () => {
    const b = fakeHost();
    const draws = drawingLoop(frameGate(b.host));
    b.run(10_000);
    // ~62 frames a second at 16 ms: the ungated loop would have drawn ~625 times.
    expect(draws()).toBeGreaterThanOrEqual(9);
    expect(draws()).toBeLessThanOrEqual(11);
  });

  it('runs at the display rate while awake, then falls back to the idle rate', () => {
    const b = fakeHost();
    const gate = frameGate(b.host);
    const draws = drawingLoop(gate);
    gate.wake();
    const awake = draws();
    b.run(WAKE_MS);
    const duringWake = draws() - awake;
    expect(duringWake).toBeGreaterThanOrEqual(60);
    const before = draws();
    b.run(5 * IDLE_FRAME_MS);
    expect(draws() - before).toBeLessThanOrEqual(6);
  });

  it('sends a waiting request on at the next frame when woken (a tooltip does not wait a second)', () => {
    const b = fakeHost();
    const gate = frameGate(b.host);
    let drawn = false;
    gate.requestAnimationFrame(() => {
      drawn = true;
    });
    expect(gate.waiting).toBe(1);
    expect(b.frame()).toBe(0);
    gate.wake();
    expect(gate.waiting).toBe(0);
    expect(b.frame()).toBe(1);
    expect(drawn).toBe(true);
  });

  it('cancels requests, whether waiting, sent on or passed straight through', () => {
    const b = fakeHost();
    const gate = frameGate(b.host);
    const calls: string[] = [];
    const waiting = gate.requestAnimationFrame(() => calls.push('waiting'));
    gate.cancelAnimationFrame(waiting);
    expect(gate.waiting).toBe(0);
    const sentOn = gate.requestAnimationFrame(() => calls.push('sent on'));
    gate.wake();
    gate.cancelAnimationFrame(sentOn);
    const direct = gate.requestAnimationFrame(() => calls.push('direct'));
    expect(direct).toBeGreaterThan(0);
    gate.cancelAnimationFrame(direct);
    gate.requestAnimationFrame(() => calls.push('kept'));
    b.run(3 * IDLE_FRAME_MS);
    expect(calls).toEqual(['kept']);
    expect(b.pendingFrames).toBe(0);
  });

  it('never loses a request: one made while idle is answered within the idle wait', () => {
    const b = fakeHost();
    const gate = frameGate(b.host);
    let answered = 0;
    for (let i = 0; i < 5; i++) gate.requestAnimationFrame(() => (answered += 1));
    b.run(IDLE_FRAME_MS - 20);
    expect(answered).toBe(0);
    b.run(40);
    expect(answered).toBe(5);
  });
});
