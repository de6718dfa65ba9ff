import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { AppError } from './errors';
import { yieldToEventLoop } from './yield';

export type CellText = string | undefined;
/** One row of a sheet: its number (1 = the first) and its cells as text (index 0 = column A). */
export type SheetRow = { row: number; cells: CellText[] };

const YIELD_EVERY_ROWS = 500;
/** Excel's last column (XFD): a cell reference past it is not a spreadsheet's. */
const MAX_COLUMNS = 16_384;

/** The refusal of a file that is not a readable .xlsx (also sent from the reading thread, xlsx-thread.ts). */
export const unreadable = () =>
  new AppError('VALIDATION', 'The file could not be read as an .xlsx spreadsheet');

/** An element's name without its namespace prefix ('x:row' is a row too). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/** An attribute by its local name ('r:id' for 'id'). */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const direct = tag.attributes[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(tag.attributes)) if (local(key) === name) return value;
  return undefined;
}

/** The column (1 = A) of a cell reference such as 'AB12'. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + code - 64;
    else if (code >= 97 && code <= 122) col = col * 26 + code - 96;
    else break;
    if (col > MAX_COLUMNS) throw unreadable();
  }
  return col;
}

/** A zip opened from memory: its parts by name, each inflated as a stream when it is read. */
class Parts {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly byName: Map<string, yauzl.Entry>,
    readonly names: string[],
  ) {}

  static async open(bytes: Buffer): Promise<Parts> {
    const zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true, strictFileNames: false });
    const byName = new Map<string, yauzl.Entry>();
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName.replace(/^\/+/, '');
      if (!byName.has(name)) {
        byName.set(name, entry);
        names.push(name);
      }
    }
    return new Parts(zip, byName, names);
  }

  /** Streams a part's XML through a parser; `handlers` see its elements. Resolves once it is read. */
  async *parse(name: string, handlers: (parser: SaxesParser) => void): AsyncGenerator<void> {
    const entry = this.byName.get(name);
    if (!entry) return;
    const stream: Readable = await this.zip.openReadStreamPromise(entry);
    const parser = new SaxesParser();
    let failure: unknown;
    parser.on('error', (err) => {
      failure ??= err;
    });
    handlers(parser);
    const decoder = new TextDecoder('utf-8');
    try {
      for await (const chunk of stream) {
        parser.write(decoder.decode(chunk as Buffer, { stream: true }));
        if (failure) throw failure;
        yield;
      }
      parser.write(decoder.decode());
      parser.close();
      if (failure) throw failure;
    } finally {
      stream.destroy();
    }
  }

  /** Reads a (small) part whole, for its elements only. */
  async read(name: string, handlers: (parser: SaxesParser) => void): Promise<void> {
    for await (const _ of this.parse(name, handlers)) {
      // each chunk has been handled as it came
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** Joins a path relative to a part's folder, as the package relationships spell targets. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

/** The first sheet (as the workbook lists its tabs) and the shared strings part of a workbook. */
async function locate(parts: Parts): Promise<{ sheet?: string; sharedStrings?: string }> {
  let firstSheetId: string | undefined;
  await parts.read('xl/workbook.xml', (p) => {
    p.on('opentag', (tag) => {
      if (firstSheetId === undefined && local(tag.name) === 'sheet')
        firstSheetId = attribute(tag, 'id') ?? '';
    });
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  await parts.read('xl/_rels/workbook.xml.rels', (p) => {
    p.on('opentag', (tag) => {
      if (local(tag.name) !== 'Relationship') return;
      const target = attribute(tag, 'Target');
      if (!target) return;
      const path = resolveTarget('xl', target);
      const id = attribute(tag, 'Id');
      if (id) targets.set(id, path);
      if (/\/sharedStrings$/.test(attribute(tag, 'Type') ?? '')) sharedStrings ??= path;
    });
  });
  const listed = firstSheetId ? targets.get(firstSheetId) : undefined;
  // Without a workbook part or its relationships: the first sheet part in the archive.
  const sheet =
    listed && parts.byName.has(listed)
      ? listed
      : parts.names.find((n) => /^xl\/worksheets\/[^/]+\.xml$/i.test(n));
  if (!sharedStrings && parts.byName.has('xl/sharedStrings.xml')) sharedStrings = 'xl/sharedStrings.xml';
  return { sheet, sharedStrings };
}

/** The shared strings table: each item's text, its rich-text runs joined, phonetic guides left out. */
async function readSharedStrings(parts: Parts, name: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!name) return strings;
  let text = '';
  let inText = false;
  let phonetic = 0;
  await parts.read(name, (p) => {
    p.on('opentag', (tag) => {
      const n = local(tag.name);
      if (n === 't') inText = phonetic === 0;
      else if (n === 'si') text = '';
      else if (n === 'rPh') phonetic++;
    });
    p.on('text', (t) => {
      if (inText) text += t;
    });
    p.on('cdata', (t) => {
      if (inText) text += t;
    });
    p.on('closetag', (tag) => {
      const n = local(tag.name);
      if (n === 't') inText = false;
      else if (n === 'rPh') phonetic--;
      else if (n === 'si') strings.push(text);
    });
  });
  return strings;
}

/** A cell's value as text, as a spreadsheet shows it unformatted; blank, error and uncomputed cells are undefined. */
function cellValue(type: string | undefined, value: string | undefined, inline: string, strings: string[]) {
  switch (type) {
    case 's':
      return value === undefined ? undefined : strings[Number.parseInt(value, 10)];
    case 'inlineStr':
      return inline || value;
    case 'str':
      return value;
    case 'e':
      return undefined;
    case 'b':
      return value === undefined ? undefined : Number.parseInt(value, 10) !== 0 ? 'true' : 'false';
    case 'd':
      return value?.trim();
    default:
      // Numbers, dates included (a date cell is a day count: callers read it), as JavaScript spells them.
      return value === undefined || value.trim() === '' ? undefined : String(Number.parseFloat(value));
  }
}

/**
 * Streams the first worksheet of an .xlsx file: yields the header row, then each data row with its row
 * number, as text cells (index 0 = column A). The sheet is inflated and read as a stream (yauzl, saxes),
 * so memory holds the shared strings and a chunk of rows. The file has passed assertSafeXlsx
 * (xlsx-guard.ts) before it gets here: no part inflates past its caps.
 */
export async function* readSheet(bytes: Buffer): AsyncGenerator<SheetRow> {
  let parts: Parts;
  try {
    parts = await Parts.open(bytes);
  } catch {
    throw unreadable();
  }
  try {
    const ready: SheetRow[] = [];
    let sheetRows: AsyncGenerator<void>;
    let strings: string[];
    try {
      const { sheet, sharedStrings } = await locate(parts);
      if (!sheet) return;
      strings = await readSharedStrings(parts, sharedStrings);
      sheetRows = parts.parse(sheet, (p) => {
        let rowNumber = 0;
        let cells: CellText[] | undefined;
        let column = 0;
        let type: string | undefined;
        let value: string | undefined;
        let inline = '';
        // What the text being read belongs to: a cell's value, an inline string's text, or nothing.
        let into: 'value' | 'inline' | undefined;
        let phonetic = 0;
        let inInline = false;
        const onText = (t: string) => {
          if (into === 'value') value = (value ?? '') + t;
          else if (into === 'inline') inline += t;
        };
        p.on('opentag', (tag) => {
          switch (local(tag.name)) {
            case 'row': {
              const r = tag.attributes.r;
              rowNumber = r ? Number.parseInt(r, 10) : rowNumber + 1;
              if (!Number.isSafeInteger(rowNumber) || rowNumber < 1) throw unreadable();
              cells = [];
              column = 0;
              break;
            }
            case 'c': {
              const r = tag.attributes.r;
              column = r ? columnOf(r) : column + 1;
              if (column < 1 || column > MAX_COLUMNS) throw unreadable();
              type = tag.attributes.t;
              value = undefined;
              inline = '';
              break;
            }
            case 'v':
              into = 'value';
              value = '';
              break;
            case 'is':
              inInline = true;
              break;
            case 'rPh':
              phonetic++;
              break;
            case 't':
              if (inInline && phonetic === 0) into = 'inline';
              break;
          }
        });
        p.on('text', onText);
        p.on('cdata', onText);
        p.on('closetag', (tag) => {
          switch (local(tag.name)) {
            case 'v':
            case 't':
              into = undefined;
              break;
            case 'is':
              inInline = false;
              break;
            case 'rPh':
              phonetic--;
              break;
            case 'c': {
              const text = cells ? cellValue(type, value, inline, strings) : undefined;
              if (cells && text !== undefined && text !== '') cells[column - 1] = text;
              break;
            }
            case 'row':
              if (cells) ready.push({ row: rowNumber, cells });
              cells = undefined;
              break;
          }
        });
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable();
    }
    let read = 0;
    while (true) {
      let next: IteratorResult<void>;
      try {
        next = await sheetRows.next();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable();
      }
      for (const row of ready) {
        // Reading runs on microtasks only: let other requests in now and then.
        if (++read % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
        yield row;
      }
      ready.length = 0;
      if (next.done) return;
    }
  } finally {
    parts.close();
  }
}

/** Levenshtein distance, for reading small misspellings of fixed values ('Passsage migrant'). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}
