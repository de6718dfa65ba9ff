/**
 * Stands in for `html2canvas` (vite.config.ts aliases the package here). The charts' rendering engine (@antv/g)
 * imports it for one feature, turning HTML parts of a canvas into an image, that the console never uses; the
 * real library was ~200 kB of the charts' ~920 kB of script, downloaded and evaluated with every first chart.
 */
export default function html2canvas(): Promise<never> {
  return Promise.reject(new Error('html2canvas is not bundled in the Jarog console'));
}
