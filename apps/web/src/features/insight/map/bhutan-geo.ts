// Bhutan's 20 dzongkhags as SVG paths, from Natural Earth's admin-1 boundaries (public domain): the shapes are
// the TopoJSON kept once in packages/contracts (data/bhutan-dzongkhags.SOURCE.md). Drawn at build time
// (vite.bhutan-map-plugin.ts), so this file imports nothing of the app's: the build's config runs it in Node.

import { feature } from 'topojson-client';

/** The drawing's width in SVG units; the height follows Bhutan's shape. */
export const MAP_WIDTH = 1000;
const PAD = 8;

type Ring = [number, number][];
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export interface DzongkhagShape {
  /** Official name, as the records and the checklists filter spell it. */
  name: string;
  /** SVG path in map units. */
  path: string;
  /** Where its label goes: the centre of its largest part. */
  labelAt: [number, number];
}

export interface BhutanMap {
  width: number;
  height: number;
  shapes: DzongkhagShape[];
}

function polygons(g: Geometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

/** Shoelace area (signed) and centroid of one ring. */
function ringCentroid(ring: Ring): { area: number; x: number; y: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[(i + 1) % ring.length] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  if (area === 0) return { area: 0, x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0 };
  return { area, x: cx / (6 * area), y: cy / (6 * area) };
}

/**
 * Projects the boundaries (equirectangular, longitudes shrunk by the cosine of Bhutan's middle latitude,
 * which is exact enough for a country 150 km tall) into a MAP_WIDTH-wide drawing. `topology` is
 * bhutan-dzongkhags.topo.json; `nameOfHasc` names each boundary's HASC code (HASC_TO_DZONGKHAG).
 */
export function buildBhutanMap(topology: unknown, nameOfHasc: Readonly<Record<string, string>>): BhutanMap {
  const collection = feature(
    topology as unknown as Parameters<typeof feature>[0],
    (topology as unknown as { objects: Record<string, Parameters<typeof feature>[1]> }).objects
      .btn as Parameters<typeof feature>[1],
  ) as unknown as { features: { id?: string | number; geometry: Geometry }[] };

  let minLon = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const f of collection.features) {
    for (const poly of polygons(f.geometry)) {
      for (const [lon, lat] of poly.flat()) {
        minLon = Math.min(minLon, lon);
        maxLon = Math.max(maxLon, lon);
        minLat = Math.min(minLat, lat);
        maxLat = Math.max(maxLat, lat);
      }
    }
  }
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (MAP_WIDTH - 2 * PAD) / ((maxLon - minLon) * kx);
  const height = Math.round((maxLat - minLat) * scale + 2 * PAD);
  const project = ([lon, lat]: [number, number]): [number, number] => [
    PAD + (lon - minLon) * kx * scale,
    PAD + (maxLat - lat) * scale,
  ];

  const shapes: DzongkhagShape[] = [];
  for (const f of collection.features) {
    const name = nameOfHasc[String(f.id)];
    if (!name) continue;
    let path = '';
    let best = { area: 0, x: 0, y: 0 };
    for (const poly of polygons(f.geometry)) {
      poly.forEach((ring, i) => {
        const pts = ring.map(project);
        path += `M${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;
        if (i === 0) {
          const c = ringCentroid(pts);
          if (Math.abs(c.area) > Math.abs(best.area)) best = c;
        }
      });
    }
    shapes.push({ name, path, labelAt: [best.x, best.y] });
  }
  shapes.sort((a, b) => a.name.localeCompare(b.name));
  return { width: MAP_WIDTH, height, shapes };
}
