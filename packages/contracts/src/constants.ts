/**
 * `@jarog/contracts/constants`: the package's plain lists and labels, in files that import no zod. A page
 * that needs only these (the dashboard: month labels, IUCN labels, dzongkhag names) imports them from
 * here, so its first load does not evaluate every request and response schema of the API. The same
 * values are also exported from `@jarog/contracts`.
 */
export * from './dzongkhags';
export * from './iucn';
export * from './months';
