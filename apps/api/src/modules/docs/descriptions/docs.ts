import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const DocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.record(z.string(), z.unknown()),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

/** This document and its page. */
export const DOCS_DOCS: Record<string, RouteDoc> = {
  'GET /api/docs': {
    tag: 'Documentation',
    summary: 'This documentation as a readable page',
    produces: { type: 'text/html', description: 'The page, grouped by tag' },
  },
  'GET /api/docs/openapi.json': {
    tag: 'Documentation',
    summary: 'This documentation as an OpenAPI 3.1 document',
    response: DocumentSchema,
  },
};
