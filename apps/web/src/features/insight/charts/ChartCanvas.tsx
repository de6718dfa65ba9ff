import { truncate } from '../shared/format';
import { type ChartRow, detailCount } from './chart-data';
import { Bar, Column } from './charts-lib';

export interface ChartCanvasProps {
  rows: ChartRow[];
  /** Vertical columns (months, places) or horizontal bars (long names such as birds). */
  orientation: 'vertical' | 'horizontal';
  /** What the numbers are, for the tooltip and the value axis: 'Species', 'Checklists', 'Birds'. */
  valueName: string;
  height: number;
  color?: string;
  onBarClick?: (label: string) => void;
}

interface ChartEvent {
  data?: { data?: Partial<ChartRow> };
}
interface ChartInstance {
  on: (event: string, handler: (event: ChartEvent) => void) => void;
}

const BRAND = '#1b5e4a';
/** Up to this many bars carry their value written at their end. */
export const MAX_LABELLED = 40;

/** G2 writes its tooltip styles inline; these let a list of names (already cut to 100 characters) wrap. */
const TOOLTIP_CSS = {
  '.g2-tooltip': { 'max-width': 'min(340px, 86vw)' },
  '.g2-tooltip-list-item': { 'white-space': 'normal', 'align-items': 'flex-start' },
  '.g2-tooltip-list-item-value': {
    'white-space': 'normal',
    'text-overflow': 'clip',
    'overflow-wrap': 'anywhere',
    'margin-left': '16px',
  },
};

/** The drawing itself (canvas). Loaded lazily through BarChart; never import it directly. */
export function ChartCanvas({
  rows,
  orientation,
  valueName,
  height,
  color = BRAND,
  onBarClick,
}: ChartCanvasProps) {
  const items: unknown[] = [(d: ChartRow) => ({ name: valueName, value: d.value.toLocaleString('en') })];
  for (let i = 0; i < detailCount(rows); i += 1) {
    items.push((d: ChartRow) => d.details?.[i] ?? { name: '', value: '' });
  }
  const vertical = orientation === 'vertical';
  // Every bar carries its number (gewogs and villages too: at most 30 of them), so the axis is not the only scale.
  const labelled = rows.length <= MAX_LABELLED;
  const config = {
    data: rows,
    xField: 'label',
    yField: 'value',
    height,
    autoFit: true,
    animate: false,
    // Room for the numbers written past the end of the longest bar. Padding, not inset: G2 insets a
    // transposed (horizontal) plot's bars but not its value axis, so bars began ~36 px left of the 0.
    ...(vertical ? { insetTop: 18 } : { paddingRight: 40 }),
    // Counts start at 0, whatever the smallest bar.
    scale: { y: { domainMin: 0, nice: true } },
    style: {
      fill: color,
      maxWidth: vertical ? 56 : 28,
      ...(vertical ? { radiusTopLeft: 4, radiusTopRight: 4 } : { radiusTopRight: 4, radiusBottomRight: 4 }),
    },
    axis: {
      x: {
        title: false,
        labelFormatter: (t: string) => truncate(String(t), vertical ? 14 : 28),
        ...(vertical ? { labelAutoRotate: true, labelAutoHide: true } : {}),
      },
      y: {
        title: valueName,
        titleFontSize: 12,
        // Counts are whole numbers: no 0.5 ticks.
        tickFilter: (v: number) => Number.isInteger(v),
        labelFormatter: (v: number) => v.toLocaleString('en'),
      },
    },
    label: labelled
      ? {
          text: (d: ChartRow) => (d.value > 0 ? d.value.toLocaleString('en') : ''),
          position: vertical ? 'top' : 'right',
          ...(vertical ? { textBaseline: 'bottom', dy: -3 } : { textAlign: 'left', dx: 5 }),
          fontSize: 11,
          fill: 'rgba(0,0,0,0.65)',
        }
      : false,
    tooltip: { title: (d: ChartRow) => truncate(d.label), items },
    interaction: { elementHighlight: { background: true }, tooltip: { css: TOOLTIP_CSS } },
    onReady: onBarClick
      ? (chart: ChartInstance) => {
          chart.on('element:click', (event) => {
            const label = event.data?.data?.label;
            if (label) onBarClick(label);
          });
        }
      : undefined,
  };
  return (
    <div data-labels={labelled ? 'true' : 'false'}>
      {vertical ? <Column {...config} /> : <Bar {...config} />}
    </div>
  );
}
