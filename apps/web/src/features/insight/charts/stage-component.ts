// Loaded on its own after stage-g (see load-charts.ts): the charts' axes and tooltip, evaluated in a task of
// their own.
export { Axis, Tooltip } from '@antv/component';
