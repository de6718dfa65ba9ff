import type { ChecklistCorrection, ChecklistDetail } from '@jarog/contracts';

/** What the "Correct" dialog holds: its inputs as text ('' is an empty input). */
export interface CorrectionForm {
  selectedDate: string;
  selectedTime: string;
  dzongkhag: string;
  gewog: string;
  village: string;
}

/** Only the fields that differ from the checklist go to the API. */
export function correctionOf(checklist: ChecklistDetail, v: CorrectionForm): ChecklistCorrection {
  const was = checklist._id;
  const out: ChecklistCorrection = {};
  if (v.selectedDate && v.selectedDate !== was.selectedDate) out.selectedDate = v.selectedDate;
  // An emptied time clears it (an older checklist's 00:00 that was never given); '' is no time on the wire.
  if ((v.selectedTime ?? '') !== was.selectedTime.slice(0, 5)) out.selectedTime = v.selectedTime || null;
  if (v.dzongkhag !== (was.dzongkhag ?? '')) out.dzongkhag = v.dzongkhag;
  if (v.gewog !== (was.gewog ?? '') || out.dzongkhag) out.gewog = v.gewog;
  if (v.village.trim() !== (was.village ?? '')) out.village = v.village.trim() || null;
  return out;
}
