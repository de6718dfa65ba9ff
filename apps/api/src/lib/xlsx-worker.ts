import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from './errors';
import { type SheetRow, unreadable } from './xlsx';
import { decodeRows } from './xlsx-rows';
import { pacer } from './yield';

/**
 * The reading thread's heap: a file that passed the guard's caps (xlsx-guard.ts: 50 MB of shared strings)
 * reads in far less; past it the thread stops and the file is refused, the API's own memory untouched.
 */
const THREAD_HEAP_MB = 512;

/**
 * How the thread starts: from the built entry beside the bundle (dist/xlsx-thread.js), else from the source
 * through tsx's require hook (tests, `tsx` scripts), which works in any thread.
 */
function threadStart(): { entry: string; eval: boolean } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'xlsx-thread.js');
  if (existsSync(built)) return { entry: built, eval: false };
  const hook = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = path.join(here, 'xlsx-thread.ts');
  return {
    entry: `require(${JSON.stringify(hook)}).register(); require(${JSON.stringify(source)});`,
    eval: true,
  };
}

type Message = { batch: string } | { done: true } | { error: { code: ErrorCode; message: string } };

/**
 * readSheet (xlsx.ts) run in a thread of its own (xlsx-thread.ts): the same rows, in order, while this
 * thread stays free for the work on them and for other requests. Stopping early (a consumer that throws or
 * breaks) ends the thread. `heapMb`: the thread's heap ceiling (tests lower it).
 */
export async function* readSheetInThread(bytes: Buffer, heapMb = THREAD_HEAP_MB): AsyncGenerator<SheetRow> {
  const start = threadStart();
  const worker = new Worker(start.entry, {
    eval: start.eval,
    workerData: { bytes },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  const queue: Message[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: Message) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', () => {
    failure ??= new Error('The spreadsheet reader stopped before the end of the file');
    notify();
  });
  // The rows are handed over in turns of the event loop (pacer), as readSheet does.
  const pace = pacer();
  try {
    while (true) {
      const message = queue.shift();
      if (!message) {
        if (failure) {
          // A file that ran the reader out of memory is refused like any other that cannot be read.
          if ((failure as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw unreadable();
          throw failure;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if ('error' in message) throw new AppError(message.error.code, message.error.message);
      if ('done' in message) return;
      worker.postMessage('more');
      for (const row of decodeRows(message.batch)) {
        yield row;
        await pace();
      }
    }
  } finally {
    await worker.terminate();
  }
}
