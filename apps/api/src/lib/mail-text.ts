/** Longest name a mail repeats back. */
export const MAIL_NAME_MAX = 40;

/**
 * The only caller-supplied text a mail may carry: a short, plain name. Keeps letters, combining
 * marks, spaces, apostrophes and hyphens (so "Karma Dorji", "Dechen Wangmo-Tshering", "Pema Chöden",
 * Dzongkha script); drops every word that holds a digit, dot, slash, colon, @ or angle bracket
 * (links, addresses, domains, markup, phone numbers), then every other character (punctuation,
 * control characters); cuts to 40 characters. Empty after that: "there".
 */
export function plainName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => !/[\d.:/@<>\\]/.test(word))
    .join(' ')
    .replace(/[^\p{L}\p{M}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...cleaned].slice(0, MAIL_NAME_MAX).join('').trim();
  return cut.length > 0 ? cut : 'there';
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
