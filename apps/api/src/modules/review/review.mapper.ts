import {
  type EntryFlag,
  EntryFlagSchema,
  type RejectionTemplate,
  type ReviewLimit,
  type ReviewSettings,
} from '@jarog/contracts';
import type { RejectionTemplateRow, ReviewLimitRow, ReviewSettingsRow } from '../../db/schema';

/** The stored flags as the wire carries them (anything malformed is left out rather than sent). */
export function toEntryFlags(stored: unknown): EntryFlag[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((f) => {
    const parsed = EntryFlagSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toReviewLimit(row: ReviewLimitRow & { birdName: string }): ReviewLimit {
  return {
    speciesId: row.speciesId,
    birdName: row.birdName,
    dzongkhag: row.dzongkhag,
    month: row.month,
    maxCount: row.maxCount,
    source: row.source,
    basis: row.basis,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRejectionTemplate(row: RejectionTemplateRow): RejectionTemplate {
  return { _id: row.id, text: row.text, position: row.position };
}

export function toReviewSettings(row: ReviewSettingsRow): ReviewSettings {
  return {
    autoApprove: row.autoApprove,
    trustedMinApproved: row.trustedMinApproved,
    updatedAt: row.updatedAt.toISOString(),
  };
}
