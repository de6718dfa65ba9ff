// Loaded on its own before the charts library (see load-charts.ts): the rendering engine's core, which the
// library's other chunks share, so that it is evaluated in a task of its own.
export { runtime } from '@antv/g-lite';
