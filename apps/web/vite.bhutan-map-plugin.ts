import type { Plugin } from 'vite';
// By path, not by package name: the build's config is bundled with what it imports by path, and the contracts
// package is TypeScript, which Node cannot import as a package.
import topology from '../../packages/contracts/data/bhutan-dzongkhags.topo.json';
import { HASC_TO_DZONGKHAG } from '../../packages/contracts/src/constants';
import { buildBhutanMap } from './src/features/insight/map/bhutan-geo';

const ID = 'virtual:bhutan-map';

/**
 * The map of Bhutan (features/insight/map/bhutan-geo.ts) drawn at build time: the module `virtual:bhutan-map`
 * exports buildBhutanMap(topology, HASC_TO_DZONGKHAG)'s result as data. Built in the browser, the boundaries'
 * decoding and projection took one task of 14-17 ms of main-thread CPU on the dashboard (60-70 ms on Lighthouse's
 * 4x slower phone); the drawing is the same for everyone and never changes between builds of the same boundaries.
 * It costs ~5 KB more compressed than the boundaries and their decoder did.
 */
export function bhutanMap(): Plugin {
  let source: string | undefined;
  return {
    name: 'jarog-bhutan-map',
    resolveId(id) {
      return id === ID ? `\0${ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      source ??= `export default ${JSON.stringify(buildBhutanMap(topology, HASC_TO_DZONGKHAG))};\n`;
      return source;
    },
  };
}
