import type { RouteDoc } from '../route-doc';
import { CORE_DOCS } from './core';
import { DOCS_DOCS } from './docs';
import { EXPORTS_DOCS } from './exports';
import { INSIGHT_DOCS } from './insight';
import { LOCATIONS_DOCS } from './locations';
import { MOBILE_DOCS } from './mobile';
import { RECORDS_DOCS } from './records';
import { RECORDS_INGEST_DOCS } from './records-ingest';
import { REVIEW_DOCS } from './review';
import { SPECIES_DOCS } from './species';

/**
 * Every route's description, keyed "METHOD /path" as the route table declares it (path parameter
 * names do not matter). A route added to the app must be described in one of these files; the docs
 * test names any that is not.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...CORE_DOCS,
  ...SPECIES_DOCS,
  ...LOCATIONS_DOCS,
  ...RECORDS_DOCS,
  ...RECORDS_INGEST_DOCS,
  ...INSIGHT_DOCS,
  ...MOBILE_DOCS,
  ...REVIEW_DOCS,
  ...DOCS_DOCS,
  ...EXPORTS_DOCS,
};
