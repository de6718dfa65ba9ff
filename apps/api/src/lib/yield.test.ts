import { describe, expect, it } from 'vitest';
import { paced, pacer } from './yield';

/** Keeps the thread busy for `ms` (work, not a sleep: nothing else can run meanwhile). */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** A timer set now; `fired()` tells whether the event loop has had a turn to run it. */
function timerSetNow() {
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
  }, 0);
  return {
    fired: () => fired,
    clear: () => clearTimeout(timer),
  };
}

describe('pacer', () => {
  it('gives the event loop a turn once the budget of work has passed, so a timer runs inside a long loop', async () => {
    const timer = timerSetNow();
    const pace = pacer(5);
    let firedAtRound: number | undefined;
    for (let round = 0; round < 40; round++) {
      work(1);
      await pace();
      if (timer.fired() && firedAtRound === undefined) firedAtRound = round;
    }
    timer.clear();
    // 40 rounds of 1 ms: the timer ran long before the loop's end (a loop awaiting only resolved promises
    // would run it after the last round).
    expect(firedAtRound).toBeDefined();
    expect(firedAtRound).toBeLessThan(39);
  });

  it('awaits nothing while the budget lasts', () => {
    const pace = pacer(60_000);
    expect(pace()).toBeUndefined();
    expect(pace()).toBeUndefined();
  });

  it('counts loops that follow one another in one turn together, so a timer runs before the second ends', async () => {
    const timer = timerSetNow();
    let firedInSecond: number | undefined;
    // Two loops of 8 rounds of 1 ms, each under the 10 ms budget on its own: 16 ms without a turn, were each
    // loop to count from its own start.
    for (const loop of [1, 2]) {
      const pace = pacer(10);
      for (let round = 0; round < 8; round++) {
        work(1);
        await pace();
        if (loop === 2 && timer.fired() && firedInSecond === undefined) firedInSecond = round;
      }
    }
    timer.clear();
    expect(firedInSecond).toBeDefined();
    expect(firedInSecond).toBeLessThan(7);
  });

  it('without it, the same loop keeps the timer waiting to the end (the case it is for)', async () => {
    const timer = timerSetNow();
    for (let round = 0; round < 20; round++) {
      work(1);
      await Promise.resolve();
    }
    const firedBeforeEnd = timer.fired();
    timer.clear();
    expect(firedBeforeEnd).toBe(false);
  });
});

describe('paced', () => {
  it('yields every item, in order, and lets a timer run between them', async () => {
    const timer = timerSetNow();
    const seen: number[] = [];
    let firedAt: number | undefined;
    for await (const n of paced([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)) {
      work(1);
      seen.push(n);
      if (timer.fired() && firedAt === undefined) firedAt = n;
    }
    timer.clear();
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(firedAt).toBeDefined();
    expect(firedAt).toBeLessThan(9);
  });
});
