import { ErrorResponseSchema, MobileErrorResponseSchema } from '@jarog/contracts';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../middleware/auth';
import type { RouteInfo } from '../../routes';
import { isMobileAccountPath } from '../mobile/mobile.errors';
import { ROUTE_DOCS } from './descriptions';
import { docKey, openApiPath, pathParams, type RouteDoc } from './route-doc';

type Json = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  servers: Json[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json; responses: Json };
}

/** Where a route's description goes; named in the failure of the docs test. */
export const DESCRIPTIONS_DIR = 'apps/api/src/modules/docs/descriptions/';

const split = (key: string): [string, string] => [
  key.slice(0, key.indexOf(' ')),
  key.slice(key.indexOf(' ') + 1),
];
const docsByKey = new Map(Object.entries(ROUTE_DOCS).map(([k, d]) => [docKey(...split(k)), d]));

/** Routes the table serves that have no description yet, as "METHOD /path". */
export function undescribedRoutes(routes: readonly RouteInfo[]): string[] {
  return routes
    .filter((r) => !docsByKey.has(docKey(r.method, r.path)))
    .map((r) => `${r.method.toUpperCase()} ${r.path}`);
}

/** Converts contracts schemas to JSON Schema 2020-12 (what OpenAPI 3.1 uses), hoisting any $defs. */
class SchemaWriter {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
      ...(io === 'input' ? { override: optionalInputs } : {}),
    }) as Json;
    delete json.$schema;
    const defs = json.$defs as Record<string, Json> | undefined;
    delete json.$defs;
    for (const [name, def] of Object.entries(defs ?? {})) this.components[name] = rewriteRefs(def) as Json;
    return rewriteRefs(json) as Json;
  }
}

/**
 * A field a client may leave out is not required, even when a preprocess step (blank → null, a
 * default) makes JSON Schema list it as required: ask zod whether the object accepts it missing.
 */
function optionalInputs(ctx: { zodSchema: z.core.$ZodType; jsonSchema: Json }): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type !== 'object' || !Array.isArray(ctx.jsonSchema.required)) return;
  const shape = (def as z.core.$ZodObjectDef).shape;
  const required = ctx.jsonSchema.required.filter((key: unknown) => {
    const field = shape[String(key)];
    return !field || !z.safeParse(field, undefined).success;
  });
  if (required.length > 0) ctx.jsonSchema.required = required;
  else delete ctx.jsonSchema.required;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewriteRefs(v),
    ]),
  );
}

function operation(route: RouteInfo, template: string, doc: RouteDoc | undefined, w: SchemaWriter): Json {
  const key = `${route.method.toUpperCase()} ${route.path}`;
  const params = pathParams(template).map((name, i) => ({
    name,
    in: 'path',
    required: true,
    description: doc?.params?.[pathParams(route.path)[i] ?? name] ?? doc?.params?.[name] ?? '',
    schema: { type: 'string' },
  }));
  const query = [
    ...(doc?.query ? queryParameters(doc.query, w) : []),
    ...Object.entries(doc?.headers ?? {}).map(([name, description]) => ({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string' },
    })),
  ];
  const op: Json = {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [doc?.tag ?? 'Undescribed'],
    summary: doc?.summary ?? `${key} (not described yet)`,
    ...(doc?.description ? { description: doc.description } : {}),
    'x-access': route.access,
    security:
      route.access === 'public'
        ? []
        : route.sessionCookie
          ? [{ bearer: [] }, { appSession: [] }]
          : [{ bearer: [] }],
    ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
  };
  if (doc?.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: w.convert(doc.body, 'input') } },
    };
  } else if (doc?.upload) {
    const file = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: doc.upload.description,
    };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { [doc.upload.field]: file }, required: [doc.upload.field] },
        },
      },
    };
  }
  op.responses = responses(route, doc, w, params.length + query.length > 0 || !!doc?.body || !!doc?.upload);
  return op;
}

function queryParameters(query: z.ZodObject, w: SchemaWriter): Json[] {
  const json = w.convert(query, 'input');
  const props = (json.properties ?? {}) as Record<string, Json>;
  return Object.entries(props).map(([name, schema]) => {
    // Input JSON Schema of a preprocessed field claims it is required; ask zod whether it is.
    const field = query.shape[name] as z.ZodType | undefined;
    const required = field ? !field.safeParse(undefined).success : false;
    return { name, in: 'query', required, schema };
  });
}

function responses(route: RouteInfo, doc: RouteDoc | undefined, w: SchemaWriter, hasInput: boolean): Json {
  const status = String(doc?.status ?? (doc?.produces?.type === 'redirect' ? 302 : 200));
  const out: Json = {};
  if (doc?.produces && doc.produces.type !== 'redirect') {
    out[status] = {
      description: doc.produces.description,
      content: { [doc.produces.type]: { schema: { type: 'string' } } },
    };
  } else if (doc?.produces) {
    out[status] = { description: doc.produces.description };
  } else {
    out[status] = {
      description: 'Success',
      content: { 'application/json': { schema: doc?.response ? w.convert(doc.response, 'output') : {} } },
    };
  }
  const error = isMobileAccountPath(route.path) ? 'MobileError' : 'Error';
  const errorBody = doc?.errorSchema
    ? w.convert(doc.errorSchema, 'output')
    : { $ref: `#/components/schemas/${error}` };
  const ref = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorBody } },
  });
  if (hasInput)
    out['400'] = ref('The input is not valid: `message` says what is wrong, `details` lists every problem');
  if (route.access !== 'public') {
    out['401'] = ref('No token, or an invalid, expired or revoked one');
    out['403'] = ref(
      route.access === 'signed-in'
        ? 'The account is deactivated'
        : route.access === 'admin'
          ? 'The account is deactivated or not an admin'
          : 'The account is deactivated or not a root-user',
    );
  }
  for (const [code, description] of Object.entries(doc?.errors ?? {})) out[code] = ref(description);
  return out;
}

/** The OpenAPI 3.1 document of every route in the table, from the contracts and the descriptions. */
export function buildOpenApi(routes: readonly RouteInfo[], serverUrl: string): OpenApiDocument {
  const w = new SchemaWriter();
  const paths: OpenApiDocument['paths'] = {};
  // Templates that differ only in parameter names are one OpenAPI path: the first declared name wins.
  const templates = new Map<string, string>();
  for (const route of routes) {
    const shape = docKey('', route.path);
    const template = templates.get(shape) ?? route.path;
    templates.set(shape, template);
    const doc = docsByKey.get(docKey(route.method, route.path));
    const item = paths[openApiPath(template)] ?? {};
    item[route.method] = operation(route, template, doc, w);
    paths[openApiPath(template)] = item;
  }
  const tags = [
    ...new Set(
      Object.values(paths).flatMap((p) => Object.values(p).map((o) => (o.tags as string[])[0] ?? '')),
    ),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Jarog API',
      version: '1',
      description:
        "The API of Bhutan's national bird-recording platform: the administration console and the birders' mobile app. Send `Authorization: Bearer <token>` on every route that is not public. Errors are `{message, code, details?}` (on the mobile account routes also `status: 'fail'`).",
    },
    servers: [{ url: serverUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...w.components,
        Error: w.convert(ErrorResponseSchema, 'output'),
        MobileError: w.convert(MobileErrorResponseSchema, 'output'),
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        appSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The birders’ app: the httpOnly cookie set by users/Login and users/signup, used only when no Authorization header is sent; writes with a body must be JSON.',
        },
      },
      responses: {},
    },
  };
}
