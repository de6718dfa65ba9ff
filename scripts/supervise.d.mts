import type { ChildProcess } from 'node:child_process';

export interface Backoff {
  initialMs: number;
  factor: number;
  maxMs: number;
  healthyAfterMs: number;
}
export const DEFAULT_BACKOFF: Backoff;
export function backoffDelay(attempt: number, backoff?: Backoff): number;
export interface RestartEvent {
  code: number | null;
  signal: string | null;
  delayMs: number;
  restarts: number;
}
export interface Supervisor {
  readonly child: ChildProcess;
  readonly restarts: number;
  stop(): void;
}
export function supervise(opts: {
  start: () => ChildProcess;
  onRestart?: (event: RestartEvent) => void;
  backoff?: Partial<Backoff>;
}): Supervisor;
