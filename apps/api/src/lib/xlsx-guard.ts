import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from './errors';

/**
 * Caps on what an uploaded .xlsx may inflate to, checked before any spreadsheet parser sees it.
 * A real 20,000-row checklist upload inflates to ~15 MB (sheet ~12 MB, shared strings ~2 MB) at a
 * ratio near 10; the caps leave room for ten times that and refuse zip bombs. See docs/decisions.md.
 */
export const XLSX_CAPS = {
  /** Parts (files) in the archive: a workbook has a dozen; 500 leaves room for many sheets. */
  maxEntries: 500,
  /** All parts inflated together. */
  maxTotalBytes: 200 * 1024 * 1024,
  /** The shared strings part, which the sheet reader (lib/xlsx.ts) keeps in memory whole. */
  maxSharedStringsBytes: 50 * 1024 * 1024,
  /** Inflated ÷ compressed size of one part, once it inflates to more than 1 MB. */
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** Longest gap between one part's data and the next part's header: a zip64 data descriptor. */
const MAX_DESCRIPTOR_BYTES = 24;

const refuse = (message: string) => new AppError('UNSAFE_SPREADSHEET', message);
const unreadable = (message = 'The file could not be read as an .xlsx spreadsheet') =>
  new AppError('BAD_SPREADSHEET', message);

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Inflates a part, counting its bytes and stopping as soon as the count passes `cap`. */
async function inflatedSize(stream: Readable, cap: number): Promise<number> {
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > cap) {
      stream.destroy();
      throw refuse(`The spreadsheet inflates to more than ${mb(cap)}; it is refused as unsafe.`);
    }
  }
  return total;
}

/**
 * Refuses an upload that is empty, truncated, not a zip, or a zip bomb, before it is parsed:
 * 1. reads the central directory (yauzl does not inflate anything for that) and checks the number of
 *    parts, each part's declared size and ratio and the total against XLSX_CAPS;
 * 2. checks that the parts lie back to back up to the central directory, so a streaming reader that
 *    walks the local headers sees exactly the parts checked here and nothing hidden (lib/xlsx.ts reads by
 *    the central directory, as checked here);
 * 3. inflates every part once, counting bytes, because headers can lie: a part that inflates to more
 *    than it declared is refused by yauzl, and the running total is held to the cap.
 * Memory stays at one inflate window; time is bounded by the 200 MB total.
 */
export async function assertSafeXlsx(bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw unreadable('The file is empty. Please choose an .xlsx spreadsheet.');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw unreadable();
  }
  try {
    if (zip.entryCount > XLSX_CAPS.maxEntries) {
      throw refuse(
        `The spreadsheet holds ${zip.entryCount} parts; at most ${XLSX_CAPS.maxEntries} are accepted.`,
      );
    }
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        entries.push(entry);
        declared += entry.uncompressedSize;
        checkDeclared(entry, declared);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable();
    }
    await checkContiguous(zip, entries);
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw unreadable();
      }
      try {
        inflated += await inflatedSize(stream, XLSX_CAPS.maxTotalBytes - inflated);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable();
      }
    }
  } finally {
    zip.close();
  }
}

function checkDeclared(entry: yauzl.Entry, declaredTotal: number): void {
  const size = entry.uncompressedSize;
  if (declaredTotal > XLSX_CAPS.maxTotalBytes) {
    throw refuse(
      `The spreadsheet inflates to more than ${mb(XLSX_CAPS.maxTotalBytes)}; it is refused as unsafe. Split it into smaller files.`,
    );
  }
  if (/sharedStrings\.xml$/i.test(entry.fileName) && size > XLSX_CAPS.maxSharedStringsBytes) {
    throw refuse(
      `The spreadsheet's text table inflates to ${mb(size)}; at most ${mb(XLSX_CAPS.maxSharedStringsBytes)} is accepted.`,
    );
  }
  if (size > XLSX_CAPS.ratioFloorBytes && size > XLSX_CAPS.maxRatio * Math.max(1, entry.compressedSize)) {
    throw refuse(
      `A part of the spreadsheet (${entry.fileName.slice(0, 60)}) is compressed ${Math.round(size / Math.max(1, entry.compressedSize))} times; at most ${XLSX_CAPS.maxRatio} is accepted.`,
    );
  }
}

async function checkContiguous(zip: yauzl.ZipFile, entries: yauzl.Entry[]): Promise<void> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const entry of entries) {
    let header: { fileDataStart: number };
    try {
      header = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
    } catch {
      throw unreadable();
    }
    spans.push({
      start: entry.relativeOffsetOfLocalHeader,
      end: header.fileDataStart + entry.compressedSize,
    });
  }
  spans.sort((a, b) => a.start - b.start);
  const directory = (zip as unknown as { centralDirectoryOffset: number }).centralDirectoryOffset;
  let cursor = 0;
  for (const span of spans) {
    const gap = span.start - cursor;
    if (gap < 0 || gap > MAX_DESCRIPTOR_BYTES)
      throw unreadable('The .xlsx file is malformed (its parts overlap or hide data).');
    cursor = span.end;
  }
  const tail = directory - cursor;
  if (tail < 0 || tail > MAX_DESCRIPTOR_BYTES)
    throw unreadable('The .xlsx file is malformed (its parts overlap or hide data).');
}
