import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  type RestartEvent,
  type Supervisor,
  supervise,
} from '../../../scripts/supervise.mjs';

/** A stand-in for the API: a Node process that serves until killed and says its pid when up. */
function server(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = check();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

describe('the npm start supervisor (scripts/supervise.mjs)', () => {
  let sup: Supervisor | undefined;
  afterEach(() => {
    sup?.stop();
    if (sup && alive(sup.child)) sup.child.kill('SIGKILL');
  });

  it('backs off 0.5 s, 1 s, 2 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n))).toEqual([500, 1000, 2000, 4000, 30_000]);
    expect(DEFAULT_BACKOFF.healthyAfterMs).toBe(60_000);
  });

  it('starts the process again after it is killed, with growing delays', async () => {
    const events: RestartEvent[] = [];
    const s = supervise({
      start: server,
      onRestart: (e) => events.push(e),
      backoff: { initialMs: 10, factor: 2, maxMs: 1000, healthyAfterMs: 60_000 },
    });
    sup = s;
    const pids: number[] = [];
    for (let round = 0; round < 3; round++) {
      const child = await until('a running child', () =>
        alive(s.child) && s.child.pid !== undefined && !pids.includes(s.child.pid) ? s.child : undefined,
      );
      pids.push(child.pid ?? 0);
      child.kill('SIGKILL');
    }
    await until('the third restart', () => (events.length >= 3 && alive(s.child) ? true : undefined));
    expect(events.map((e) => [e.signal, e.delayMs])).toEqual([
      ['SIGKILL', 10],
      ['SIGKILL', 20],
      ['SIGKILL', 40],
    ]);
    expect(new Set(pids).size).toBe(3);
    expect(s.restarts).toBe(3);
  });

  it('does not restart once stopped', async () => {
    const events: RestartEvent[] = [];
    const s = supervise({ start: server, onRestart: (e) => events.push(e), backoff: { initialMs: 10 } });
    sup = s;
    const child = s.child;
    s.stop();
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
    expect(events).toEqual([]);
    expect(s.child).toBe(child);
  });
});
