// The only door to the charts library (most of the console's weight): imported lazily by ChartCanvas's
// callers, so no page that draws no chart ever loads it.
//
// G2 itself (the engine under @ant-design/charts), given only what the console's bar charts use: the interval
// mark, cartesian axes (transposed for horizontal bars), band and linear scales, labels, the tooltip and the
// highlight on hover. @ant-design/charts registers every plot, graph and G2 library entry (maps, graphs,
// 3D-less stdlib): 1.46 MB of script for two kinds of bar; this is about a third lighter.
import { extend } from '@antv/g2/esm/api/extend';
import { Runtime } from '@antv/g2/esm/api/runtime';
import { AxisX, AxisY } from '@antv/g2/esm/component/index';
import { Cartesian, Transpose } from '@antv/g2/esm/coordinate/index';
import { Inline } from '@antv/g2/esm/data/index';
import { Column, Constant, Field, Transform } from '@antv/g2/esm/encode/index';
import { ElementHighlight, Tooltip } from '@antv/g2/esm/interaction/index';
import { Interval } from '@antv/g2/esm/mark/index';
import { Category10 } from '@antv/g2/esm/palette/index';
import { Band, Identity, Linear, Ordinal } from '@antv/g2/esm/scale/index';
import { Light } from '@antv/g2/esm/theme/index';

/** A G2 chart that knows only the library entries the console's bar charts name. */
export const Chart = extend(Runtime, {
  'data.inline': Inline,
  'coordinate.cartesian': Cartesian,
  'coordinate.transpose': Transpose,
  'encode.constant': Constant,
  'encode.field': Field,
  'encode.transform': Transform,
  'encode.column': Column,
  'mark.interval': Interval,
  'palette.category10': Category10,
  'scale.band': Band,
  'scale.linear': Linear,
  'scale.ordinal': Ordinal,
  'scale.identity': Identity,
  'theme.light': Light,
  'component.axisX': AxisX,
  'component.axisY': AxisY,
  'interaction.tooltip': Tooltip,
  'interaction.elementHighlight': ElementHighlight,
});

export type { G2Spec } from '@antv/g2/esm/spec/index';
