import { z } from 'zod';

/** The automatic review flags (issue 14); docs/decisions.md explains each rule's thresholds. */
export const FLAG_CODES = [
  'FIRST_IN_PLACE',
  'OUT_OF_SEASON',
  'HIGH_COUNT',
  'DUPLICATE',
  'OUTSIDE_DZONGKHAG',
  'UNKNOWN_SPECIES',
  'BAD_DATE',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** One flag on an entry: its code, and the reason in plain words with the numbers behind it. */
export const EntryFlagSchema = z.object({ code: z.enum(FLAG_CODES), reason: z.string() });
export type EntryFlag = z.infer<typeof EntryFlagSchema>;

/** Short labels for the console's tags. */
export const FLAG_LABELS: Readonly<Record<FlagCode, string>> = {
  FIRST_IN_PLACE: 'First in place',
  OUT_OF_SEASON: 'Out of season',
  HIGH_COUNT: 'High count',
  DUPLICATE: 'Duplicate',
  OUTSIDE_DZONGKHAG: 'Outside dzongkhag',
  UNKNOWN_SPECIES: 'Unknown species',
  BAD_DATE: 'Bad date',
};
