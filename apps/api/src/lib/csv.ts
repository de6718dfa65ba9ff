import { stringify } from 'csv-stringify';
import type { Response } from 'express';

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
  const write = (row: unknown[]) =>
    csv.write(row.map(safeCell)) ? Promise.resolve() : new Promise<void>((r) => csv.once('drain', () => r()));
  await write(header);
  for await (const batch of batches) {
    for (const row of batch) await write(row);
  }
  await new Promise<void>((resolve) => {
    res.once('finish', () => resolve());
    csv.end();
  });
}
