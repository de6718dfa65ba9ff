import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTIONS_DIR, undescribedRoutes } from '../src/modules/docs/openapi';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** Path templates that differ only in parameter names are one OpenAPI path. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, '{}');

describe('GET /api/docs/openapi.json', () => {
  it('describes every route of the route table', () => {
    const missing = undescribedRoutes(t.routes);
    expect(
      missing,
      `Describe ${missing.join(', ')} in ${DESCRIPTIONS_DIR}<feature>.ts (a RouteDoc keyed "METHOD /path": summary, tag, query/body/response schemas from @jarog/contracts)`,
    ).toEqual([]);
  });

  it('is an OpenAPI 3.1 document with one operation per route, its access and security', async () => {
    const res = await t.http().get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body as {
      openapi: string;
      info: Json;
      servers: { url: string }[];
      paths: Record<string, Record<string, Json>>;
      components: { schemas: Json; securitySchemes: Json };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Jarog API');
    expect(doc.servers[0]?.url).toBe('http://api.test');
    expect(doc.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      appSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'jarog_session' }),
    });
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Error', 'MobileError']));

    const byShape = new Map(Object.keys(doc.paths).map((p) => [shape(p), p]));
    let operations = 0;
    for (const route of t.routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const path = byShape.get(shape(openApiPath(route.path)));
      expect(path, `${key} is missing from the document`).toBeDefined();
      const op = doc.paths[path ?? '']?.[route.method];
      expect(op, `${key} is missing from the document`).toBeDefined();
      expect(op?.['x-access'], key).toBe(route.access);
      expect(op?.security, key).toEqual(
        route.access === 'public'
          ? []
          : route.sessionCookie
            ? [{ bearer: [] }, { appSession: [] }]
            : [{ bearer: [] }],
      );
      expect(typeof op?.summary, key).toBe('string');
      // Every path parameter of the template is declared.
      for (const name of [...(path ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
        const declared = (op?.parameters as Json[] | undefined)?.some(
          (p) => p.in === 'path' && p.name === name,
        );
        expect(declared, `${key}: path parameter ${name}`).toBe(true);
      }
      if (route.access !== 'public') expect(Object.keys(op?.responses as Json), key).toContain('401');
      operations++;
    }
    const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(documented).toBe(operations);
    // Operation ids are unique.
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('generates request and response schemas from the contracts', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json')).body;
    const signup = doc.paths['/api/v1/users/signup'].post;
    const body = signup.requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['country', 'password', 'passwordConfirm']));
    expect(body.properties.password).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    const created = signup.responses['201'].content['application/json'].schema;
    expect(created.properties.status).toEqual({ type: 'string', const: 'success' });
    expect(Object.keys(created.properties.data.properties.user.properties)).toEqual(
      expect.arrayContaining(['_id', 'name', 'email', 'photo', 'dob', 'country', 'profession']),
    );
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    expect(signup.responses['409'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/MobileError',
    });

    // Query parameters come from the contracts' query schemas, none required by accident.
    const species = doc.paths['/api/v1/species'].get;
    const page = species.parameters.find((p: Json) => p.name === 'page');
    expect(page).toMatchObject({ in: 'query', required: false });
    expect(species.security).toEqual([]);
    const upload = doc.paths['/api/v1/species/fileupload'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload['x-access']).toBe('admin');
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '413']),
    );
    // Every $ref points at a component that exists.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    for (const ref of refs) expect(doc.components.schemas, `$ref ${ref}`).toHaveProperty(ref ?? '');
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained page listing every route, under a strict policy with no scripts', async () => {
    const res = await t.http().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/unsafe-inline|script-src/);
    const html = res.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!api\.test)[a-z]/i);
    for (const route of t.routes) {
      const path = openApiPath(route.path).replace(/&/g, '&amp;');
      expect(html, `${route.method} ${route.path}`).toContain(
        `<span class="m ${route.method}">${route.method.toUpperCase()}</span>`,
      );
      expect(html.includes(`<code>${path}</code>`) || route.path.includes(':'), route.path).toBe(true);
    }
    expect(html).toContain('<h2>Mobile: account</h2>');
    expect(html).toContain('<code>passwordConfirm</code>');
    // The inline style's hash is the one the policy allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });
});
