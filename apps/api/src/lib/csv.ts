import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { roomOrGone } from './backpressure';

/** Neutralises cells a spreadsheet would run as a formula (CSV injection): = + - @ tab CR. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Status and headers of a CSV download. */
export function sendCsvHeaders(res: Response, filename: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
}

/**
 * Streams rows to the response as a CSV download, batch by batch, with backpressure.
 * `rows` yields batches of already-ordered rows.
 */
export async function streamCsv(
  res: Response,
  filename: string,
  header: string[],
  batches: AsyncIterable<unknown[][]>,
): Promise<void> {
  sendCsvHeaders(res, filename);
  // A lone CR is quoted as well, as PostgreSQL's COPY … CSV does (records.copy.ts writes the same bytes).
  const csv = stringify({ bom: true, quoted_match: /\r/ });
  csv.pipe(res);
  const write = async (row: unknown[]) => {
    if (!csv.write(row.map(safeCell))) await roomOrGone(csv, res);
  };
  await write(header);
  // A client that goes away ends the download: the batches are closed (the for-await's return) and nothing waits.
  for await (const batch of batches) {
    for (const row of batch) {
      await write(row);
      if (res.destroyed) return;
    }
  }
  await new Promise<void>((resolve) => {
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
    csv.end();
  });
}
