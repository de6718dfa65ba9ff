import { type ChecklistFormInput, ChecklistFormSchema } from '@jarog/contracts';

/** One bird as the form holds it; the photo is the picked file (sent as a data URL). */
export interface BirdFormValues {
  birdName?: string;
  adult?: number | null;
  juvenile?: number | null;
  total?: number | null;
  remarks?: string;
  photo?: { originFileObj?: File }[];
}

/**
 * What the Add Checklist form holds. The names follow the API's body (ChecklistFormSchema), so a problem
 * the schema finds lands on the field of the same name.
 */
export interface ChecklistFormValues {
  checklistName?: string;
  birder?: string;
  selectedDate?: string;
  selectedTime?: string;
  currentLocation?: { latitude?: number | null; longitude?: number | null };
  dzongkhag?: string;
  gewog?: string;
  village?: string;
  birds?: BirdFormValues[];
}

/** A new form: the date is today, and one empty bird row. */
export function initialChecklistValues(today: string): ChecklistFormValues {
  return { selectedDate: today, birds: [{}] };
}

const text = (s: string | undefined): string | undefined => {
  const t = s?.trim().replace(/\s+/g, ' ');
  return t ? t : undefined;
};
const count = (n: number | null | undefined): number | undefined =>
  typeof n === 'number' && Number.isFinite(n) ? n : undefined;

/**
 * POST /api/v1/checklists body from the form: blanks left out, a missing total left to the API
 * (adults + juveniles), coordinates sent only when given, each bird's photo as a data URL.
 */
export function checklistBody(
  values: ChecklistFormValues,
  photos: (string | null)[] = [],
): ChecklistFormInput {
  const latitude = count(values.currentLocation?.latitude);
  const longitude = count(values.currentLocation?.longitude);
  const place = (key: 'dzongkhag' | 'gewog' | 'village') => text(values[key]);
  // Every key of the API's body is named; the blank ones stay undefined and are not sent.
  return {
    checklistName: text(values.checklistName) ?? '',
    selectedDate: values.selectedDate ?? '',
    selectedTime: text(values.selectedTime),
    birder: text(values.birder),
    currentLocation:
      latitude !== undefined || longitude !== undefined
        ? { latitude: latitude ?? null, longitude: longitude ?? null }
        : undefined,
    dzongkhag: place('dzongkhag'),
    gewog: place('gewog'),
    village: place('village'),
    endpointLocation: undefined,
    birds: (values.birds ?? []).map((b, i) => ({
      birdName: text(b.birdName) ?? '',
      adult: count(b.adult),
      juvenile: count(b.juvenile),
      total: count(b.total),
      remarks: b.remarks?.trim() || null,
      photo: photos[i] ?? null,
    })),
  };
}

export interface FieldProblem {
  name: (string | number)[];
  errors: string[];
}

/**
 * The API's own check of the whole body, as form field errors (the per-field rules cannot see rules that
 * join fields: total against adults + juveniles, latitude with longitude, at least one bird).
 */
export function checklistProblems(body: ChecklistFormInput): FieldProblem[] {
  const result = ChecklistFormSchema.safeParse(body);
  if (result.success) return [];
  const byField = new Map<string, FieldProblem>();
  for (const issue of result.error.issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    // A problem with the coordinates as a pair shows on the latitude box.
    const field = name.length === 1 && name[0] === 'currentLocation' ? ['currentLocation', 'latitude'] : name;
    const key = JSON.stringify(field);
    const found = byField.get(key);
    if (found) found.errors.push(issue.message);
    else byField.set(key, { name: field, errors: [issue.message] });
  }
  return [...byField.values()];
}
