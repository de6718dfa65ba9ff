/** Shades from light to dark green; dzongkhags with nothing recorded are grey. */
export const SHADES = ['#d8eee3', '#a7d8be', '#6cbd95', '#2f8f66', '#145c40'] as const;
export const NO_RECORDS_SHADE = '#eceeed';

export interface LegendClass {
  /** Inclusive range of counts this shade stands for. */
  from: number;
  to: number;
  color: string;
}

/** Letters only, lower case: 'Wangdue Phodrang' and 'wangduephodrang' are one place. */
export const placeKey = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');

/**
 * Up to 5 equal-width classes from 1 to the largest count (fewer when the largest is under 5, so every class
 * holds at least one whole number). Nothing recorded anywhere gives no classes.
 */
export function legendClasses(max: number): LegendClass[] {
  const top = Math.max(0, Math.floor(max));
  const n = Math.min(SHADES.length, top);
  const shades = SHADES.slice(SHADES.length - n);
  const classes: LegendClass[] = [];
  let from = 1;
  for (let k = 1; k <= n; k += 1) {
    const to = Math.round((top * k) / n);
    classes.push({ from, to, color: shades[k - 1] ?? SHADES[4] });
    from = to + 1;
  }
  return classes;
}

/** The shade of a count in these classes (grey for 0). */
export function shadeOf(value: number, classes: readonly LegendClass[]): string {
  if (value <= 0) return NO_RECORDS_SHADE;
  const hit = classes.find((c) => value <= c.to);
  return hit?.color ?? classes.at(-1)?.color ?? NO_RECORDS_SHADE;
}

/** Whether text on this shade should be light (the two darkest shades). */
export function isDarkShade(color: string): boolean {
  return color === SHADES[3] || color === SHADES[4];
}

/** A chart's labels and numbers as counts per place, keyed by `placeKey` (case and spacing do not matter). */
export function valuesByPlace(labels: readonly string[], data: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  labels.forEach((label, i) => {
    const key = placeKey(label);
    out.set(key, (out.get(key) ?? 0) + (data[i] ?? 0));
  });
  return out;
}
