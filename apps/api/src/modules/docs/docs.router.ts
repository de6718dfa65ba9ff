import type { RegisterRoutes } from '../../routes';
import { PAGE_CSP, renderDocsPage } from './docs.page';
import { buildOpenApi, type OpenApiDocument } from './openapi';

/** The OpenAPI 3.1 document and its readable page. */
export const registerDocsRoutes: RegisterRoutes = (t, ctx) => {
  // Built on first request, when every feature has added its routes to the table.
  let built: { doc: OpenApiDocument; html: string } | undefined;
  const docs = () => {
    if (!built) {
      const doc = buildOpenApi(t.routes, ctx.env.publicApiUrl);
      built = { doc, html: renderDocsPage(doc) };
    }
    return built;
  };

  t.add('get', '/api/docs/openapi.json', 'public', (_req, res) => {
    res.json(docs().doc);
  });

  t.add('get', '/api/docs', 'public', (_req, res) => {
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.type('html').send(docs().html);
  });
};
