import { createHash } from 'node:crypto';
import type { OpenApiDocument } from './openapi';

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
header,main{max-width:1100px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #d0d7de}
h1{margin:8px 0}h2{margin:32px 0 8px;border-bottom:2px solid #d0d7de;padding-bottom:4px}
nav ul{display:flex;flex-wrap:wrap;gap:8px 16px;padding:0;list-style:none}
.op{background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:12px 0;padding:4px 16px 12px}
.op h3{font-size:15px;margin:10px 0 4px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.m{font:600 12px ui-monospace,monospace;color:#fff;border-radius:4px;padding:2px 8px;min-width:52px;text-align:center}
.get{background:#1f6feb}.post{background:#1a7f37}.patch{background:#9a6700}.put{background:#8250df}.delete{background:#cf222e}
.a{font-size:12px;border:1px solid #d0d7de;border-radius:10px;padding:0 8px;color:#57606a}
.a.public{border-color:#1a7f37;color:#1a7f37}.a.admin,.a.root{border-color:#cf222e;color:#cf222e}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
table{border-collapse:collapse;width:100%;margin:4px 0 8px;font-size:13px}
th,td{border-top:1px solid #eaeef2;padding:4px 8px;text-align:left;vertical-align:top}
th{color:#57606a;font-weight:600}
h4{margin:10px 0 2px;font-size:13px;color:#57606a;text-transform:uppercase;letter-spacing:.04em}
.muted{color:#57606a}
`;

/** A strict policy for the page: no scripts at all, and only its own inline style (by hash). */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const asJson = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(asJson) : []);

/** A JSON Schema type as a person reads it: `string | null`, `Entry[]`, `'draft' | 'submitted'`. */
function typeName(s: Json): string {
  if (typeof s.$ref === 'string') return s.$ref.split('/').at(-1) ?? 'object';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((e) => JSON.stringify(e)).join(' | ');
  const union = list(s.anyOf ?? s.oneOf);
  if (union.length > 0) return [...new Set(union.map(typeName))].join(' | ');
  if (s.type === 'array') return `${typeName(asJson(s.items))}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (typeof s.type === 'string') return s.format ? `${s.type} (${s.format})` : s.type;
  return 'any';
}

const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
/** Whether a schema holds a list (possibly nullable). */
const isList = (s: Json): boolean => s.type === 'array' || list(s.anyOf).some(isList);

function rules(s: Json): string {
  const parts: string[] = [];
  const variants = [s, ...list(s.anyOf)];
  for (const v of variants) {
    if (typeof v.minLength === 'number' && v.minLength > 0) parts.push(`at least ${chars(v.minLength)}`);
    if (typeof v.maxLength === 'number') parts.push(`at most ${chars(v.maxLength)}`);
    if (typeof v.minimum === 'number') parts.push(`≥ ${v.minimum}`);
    if (typeof v.maximum === 'number' && v.maximum < Number.MAX_SAFE_INTEGER) parts.push(`≤ ${v.maximum}`);
    if (typeof v.pattern === 'string' && !v.format) parts.push(`pattern ${v.pattern}`);
  }
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  if (typeof s.description === 'string') parts.push(s.description);
  return [...new Set(parts)].join('; ');
}

/** The object a schema describes, looking through nullable unions and arrays. */
function objectOf(s: Json): Json | undefined {
  if (s.type === 'object' && s.properties) return s;
  if (s.type === 'array') return objectOf(asJson(s.items));
  for (const v of list(s.anyOf)) {
    const o = objectOf(v);
    if (o) return o;
  }
  return undefined;
}

function fieldRows(s: Json, prefix = '', depth = 0): string {
  const obj = objectOf(s);
  if (!obj || depth > 4) return '';
  const required = new Set(Array.isArray(obj.required) ? obj.required.map(String) : []);
  return Object.entries(asJson(obj.properties))
    .map(([name, raw]) => {
      const p = asJson(raw);
      const row = `<tr><td><code>${esc(prefix + name)}</code></td><td><code>${esc(typeName(p))}</code></td><td>${required.has(name) ? 'yes' : ''}</td><td>${esc(rules(p))}</td></tr>`;
      return row + fieldRows(p, `${prefix}${name}${isList(p) ? '[]' : ''}.`, depth + 1);
    })
    .join('');
}

function fields(title: string, s: Json): string {
  // A body that takes several shapes (a form, one document or a list of them) lists each.
  const shapes = list(s.anyOf).filter((v) => objectOf(v));
  if (shapes.length > 1) {
    return shapes
      .map((v, i) =>
        fields(`${title}, shape ${i + 1} of ${shapes.length}${isList(v) ? ' (a list of)' : ''}`, v),
      )
      .join('');
  }
  const rows = fieldRows(s);
  if (!rows) return `<h4>${esc(title)}</h4><p><code>${esc(typeName(s))}</code></p>`;
  return `<h4>${esc(title)}</h4><table><tr><th>field</th><th>type</th><th>required</th><th>rules</th></tr>${rows}</table>`;
}

function renderOperation(method: string, path: string, op: Json): string {
  const access = String(op['x-access'] ?? 'public');
  const params = list(op.parameters);
  let html = `<article class="op" id="${esc(op.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span><code>${esc(path)}</code><span class="a ${esc(access)}">${esc(access)}</span></h3>`;
  html += `<p>${esc(op.summary)}</p>`;
  if (op.description) html += `<p class="muted">${esc(op.description)}</p>`;
  if (params.length > 0) {
    const rows = params
      .map((p) => {
        const s = asJson(p.schema);
        return `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td><code>${esc(typeName(s))}</code></td><td>${p.required ? 'yes' : ''}</td><td>${esc([p.description, rules(s)].filter(Boolean).join('; '))}</td></tr>`;
      })
      .join('');
    html += `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>about</th></tr>${rows}</table>`;
  }
  const content = asJson(asJson(op.requestBody).content);
  for (const [type, media] of Object.entries(content))
    html += fields(`Body (${type})`, asJson(asJson(media).schema));
  for (const [status, raw] of Object.entries(asJson(op.responses))) {
    const r = asJson(raw);
    const body = Object.entries(asJson(r.content))[0];
    if (status.startsWith('2') && body)
      html += fields(`Response ${status} (${body[0]})`, asJson(asJson(body[1]).schema));
    else if (status.startsWith('2') || status.startsWith('3'))
      html += `<h4>Response ${esc(status)}</h4><p>${esc(r.description)}</p>`;
  }
  const errors = Object.entries(asJson(op.responses)).filter(([s]) => !/^[23]/.test(s));
  if (errors.length > 0) {
    html += `<h4>Errors</h4><table>${errors.map(([s, r]) => `<tr><td>${esc(s)}</td><td>${esc(asJson(r).description)}</td></tr>`).join('')}</table>`;
  }
  return `${html}</article>`;
}

/** The document as one self-contained page, grouped by tag: no scripts, no outside resources. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const nav = [...byTag].map(
    ([tag, ops]) =>
      `<li><a href="#${slug(tag)}">${esc(tag)}</a> <span class="muted">(${ops.length})</span></li>`,
  );
  const sections = [...byTag].map(
    ([tag, ops]) => `<section id="${slug(tag)}"><h2>${esc(tag)}</h2>${ops.join('')}</section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title><style>${CSS}</style></head><body><header><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p><p>Base address: <code>${esc(doc.servers[0]?.url ?? '')}</code> · <a href="/api/docs/openapi.json">OpenAPI 3.1 document (JSON)</a></p><nav><ul>${nav.join('')}</ul></nav></header><main>${sections.join('')}</main></body></html>`;
}
