import { type DzongkhagName, HASC_TO_DZONGKHAG } from '@jarog/contracts';
import topology from '@jarog/contracts/bhutan-dzongkhags.topo.json';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';

type Shape = Feature<Polygon | MultiPolygon, { name: DzongkhagName; hasc: string }>;

/**
 * The 20 dzongkhags as the console's map draws them: the one TopoJSON in packages/contracts (Natural
 * Earth admin-1; see its SOURCE note), turned into GeoJSON once, when this module loads (under 20 ms, measured cold).
 */
function dzongkhagShapes(): Shape[] {
  type Topo = Parameters<typeof feature>[0];
  type Collection = Parameters<typeof feature>[1] & { type: 'GeometryCollection' };
  const topo = topology as unknown as Topo & { objects: { btn: Collection } };
  return feature(topo, topo.objects.btn).features.flatMap((f) => {
    const hasc = String(f.id);
    const name = HASC_TO_DZONGKHAG[hasc];
    const geometry = f.geometry;
    if (!name || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return [];
    return [{ type: 'Feature', geometry, properties: { name, hasc } }];
  });
}

const DZONGKHAG_SHAPES = dzongkhagShapes();
const byName = new Map<string, Shape>(DZONGKHAG_SHAPES.map((f) => [f.properties.name, f]));

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
