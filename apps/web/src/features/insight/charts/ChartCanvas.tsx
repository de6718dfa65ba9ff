import { useEffect, useRef } from 'react';
import { numberText, truncate } from '../shared/format';
import { type ChartRow, detailCount } from './chart-data';
import { Chart, type G2Spec } from './charts-lib';
import { type FrameGate, frameGate, wakeOnUse } from './frame-gate';
import { nextTask } from './load-charts';

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

/**
 * The G2 spec of a bar chart: the one @ant-design/charts' Column and Bar built from the console's config (their
 * defaults included: a shared tooltip, the hovered bar's band highlighted, no axis titles but the value axis's).
 */
export function chartSpec({
  rows,
  orientation,
  valueName,
  height,
  color = BRAND,
}: Omit<ChartCanvasProps, 'onBarClick'>): G2Spec {
  const items: unknown[] = [(d: ChartRow) => ({ name: valueName, value: numberText(d.value) })];
  for (let i = 0; i < detailCount(rows); i += 1) {
    items.push((d: ChartRow) => d.details?.[i] ?? { name: '', value: '' });
  }
  const vertical = orientation === 'vertical';
  // Every bar carries its number (gewogs and villages too: at most 30 of them), so the axis is not the only scale.
  const labelled = rows.length <= MAX_LABELLED;
  return {
    type: 'view',
    autoFit: true,
    height,
    data: rows,
    // Room for the numbers written past the end of the longest bar. Padding, not inset: G2 insets a
    // transposed (horizontal) plot's bars but not its value axis, so bars began ~36 px left of the 0.
    ...(vertical ? { insetTop: 18 } : { paddingRight: 40 }),
    // G2 turns these on for every view; these charts have no slider, legend or scrollbar to filter with, and
    // charts-lib leaves them out.
    interaction: { sliderFilter: false, legendFilter: false, scrollbarFilter: false },
    children: [
      {
        type: 'interval',
        encode: { x: 'label', y: 'value' },
        ...(vertical ? {} : { coordinate: { transform: [{ type: 'transpose' }] } }),
        // Counts start at 0, whatever the smallest bar.
        scale: { y: { domainMin: 0, nice: true } },
        animate: false,
        style: {
          fill: color,
          maxWidth: vertical ? 56 : 28,
          ...(vertical
            ? { radiusTopLeft: 4, radiusTopRight: 4 }
            : { radiusTopRight: 4, radiusBottomRight: 4 }),
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
            labelFormatter: (v: number) => numberText(v),
          },
        },
        labels: labelled
          ? [
              {
                text: (d: ChartRow) => (d.value > 0 ? numberText(d.value) : ''),
                position: vertical ? 'top' : 'right',
                ...(vertical ? { textBaseline: 'bottom', dy: -3 } : { textAlign: 'left', dx: 5 }),
                fontSize: 11,
                fill: 'rgba(0,0,0,0.65)',
              },
            ]
          : [],
        tooltip: { title: (d: ChartRow) => truncate(d.label), items },
        interaction: {
          tooltip: { shared: true, css: TOOLTIP_CSS },
          elementHighlight: { background: true },
        },
      },
    ],
  } as G2Spec;
}

/** The drawing itself (canvas). Loaded lazily through BarChart; never import it directly. */
export function ChartCanvas({ onBarClick, ...props }: ChartCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  // The chart and the gate its engine's frames go through (frame-gate.ts): made, and dropped, together.
  const chart = useRef<{ instance: InstanceType<typeof Chart>; gate: FrameGate } | null>(null);
  // The latest click handler, read when a bar is clicked: a new function each render redraws nothing.
  const onClick = useRef(onBarClick);
  onClick.current = onBarClick;

  useEffect(() => {
    if (!container.current) return;
    const instance = new Chart({ container: container.current });
    instance.on('element:click', (event: ChartEvent) => {
      const label = event.data?.data?.label;
      if (label) onClick.current?.(label);
    });
    const gate = frameGate();
    const stopWaking = wakeOnUse(gate, container.current);
    chart.current = { instance, gate };
    return () => {
      chart.current = null;
      stopWaking();
      instance.destroy();
    };
  }, []);

  // The parent builds new rows on each render: the chart redraws only when what they say changes.
  const { rows, orientation, valueName, height, color } = props;
  const rowsKey = JSON.stringify(rows);
  const latestRows = useRef(rows);
  latestRows.current = rows;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowsKey stands for rows (read through latestRows).
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const { instance, gate } = current;
    const spec = chartSpec({ rows: latestRows.current, orientation, valueName, height, color });
    // Drawn from a new task: making the canvas (in the commit) and sizing and drawing it were one long task.
    void nextTask()
      .then(() => {
        if (chart.current !== current) return;
        instance.options(spec);
        const drawn = instance.render();
        // G2 makes the engine's canvas in its first render(); the drawing loop starts once the renderer is ready,
        // through the canvas's own requestAnimationFrame (frame-gate.ts).
        const canvas = instance.getContext().canvas as unknown as Partial<FrameGate> | undefined;
        if (canvas && canvas.requestAnimationFrame !== gate.requestAnimationFrame) {
          canvas.requestAnimationFrame = gate.requestAnimationFrame;
          canvas.cancelAnimationFrame = gate.cancelAnimationFrame;
        }
        // Frames at the display's rate while it draws, and for a moment after.
        gate.wake();
        return drawn.then(() => gate.wake());
      })
      .catch((error: unknown) => {
        // A chart destroyed while it draws (the page was left) has nothing more to draw; anything else is a bug.
        if (chart.current === current) console.error('The chart could not be drawn', error);
      });
  }, [rowsKey, orientation, valueName, height, color]);

  const labelled = rows.length <= MAX_LABELLED;
  return (
    <div data-labels={labelled ? 'true' : 'false'}>
      <div ref={container} style={{ height }} />
    </div>
  );
}
