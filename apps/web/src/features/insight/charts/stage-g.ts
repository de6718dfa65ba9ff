// Loaded on its own after stage-g-lite (see load-charts.ts): the engine's canvas, evaluated in a task of its own.
export { Canvas } from '@antv/g';
