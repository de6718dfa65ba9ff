/**
 * The .xlsx reader (readSheet) in a thread of its own, started by xlsx-worker.ts for one file. Inflating
 * the sheet and parsing its XML is most of an upload's reading, and here it runs on the other core while
 * the request's thread checks the rows already read (and answers other requests).
 *
 * Rows go out in batches of BATCH_ROWS as one string each (encodeRows): copying one string between threads
 * costs a fraction of copying a hundred thousand arrays. At most IN_FLIGHT batches wait unread: the reader
 * then waits for a 'more' from the request's thread, so rows never pile up ahead of the work on them.
 * Messages out: {batch: string} | {done: true} | {error: {code, message}}; in: 'more'.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { AppError } from './errors';
import { readSheet, type SheetRow, unreadable } from './xlsx';
import { BATCH_ROWS, encodeRows, IN_FLIGHT } from './xlsx-rows';

const port = parentPort;
if (!port) throw new Error('xlsx-thread.ts runs as a worker thread');
const { bytes } = workerData as { bytes: Uint8Array };

let credit = IN_FLIGHT;
let wake: (() => void) | undefined;
port.on('message', (message) => {
  if (message !== 'more') return;
  credit++;
  wake?.();
  wake = undefined;
});

async function send(out: MessagePort, batch: SheetRow[]): Promise<void> {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  out.postMessage({ batch: encodeRows(batch) });
}

/** Reads the file and sends its rows; an error goes out as a message (no top-level await: tsx's require hook runs this as CommonJS). */
async function read(out: MessagePort): Promise<void> {
  try {
    let batch: SheetRow[] = [];
    for await (const row of readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        await send(out, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await send(out, batch);
    out.postMessage({ done: true });
  } catch (err) {
    const known = err instanceof AppError ? err : unreadable();
    out.postMessage({ error: { code: known.code, message: known.message } });
  }
  out.close();
}

void read(port);
