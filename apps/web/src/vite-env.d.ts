/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The map of Bhutan, drawn at build time (vite.bhutan-map-plugin.ts). */
declare module 'virtual:bhutan-map' {
  const map: import('./features/insight/map/bhutan-geo').BhutanMap;
  export default map;
}
