import { AppError } from './errors';

/** Spreadsheet imports (species, checklists, analysis) that may run at once in this process. */
export const MAX_CONCURRENT_IMPORTS = 2;
/** What a refused import is told to wait, in seconds. */
export const IMPORT_RETRY_AFTER_SECONDS = 10;

let running = 0;

/**
 * Runs an import while holding one of the process's two import slots; when both are taken the
 * caller gets 503 IMPORT_BUSY with Retry-After at once (the body is not read), so a burst of uploads
 * cannot hold many files and parses in memory together.
 */
export async function withImportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMPORTS) {
    throw new AppError(
      'IMPORT_BUSY',
      `${MAX_CONCURRENT_IMPORTS} imports are already running. Please try again in a few seconds.`,
      undefined,
      { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS) },
    );
  }
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
  }
}
