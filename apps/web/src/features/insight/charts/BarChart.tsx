import { Empty } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { LoadingBlock } from '../shared/LoadingBlock';
import type { ChartCanvasProps } from './ChartCanvas';
import { hasData } from './chart-data';
import { loadCanvas } from './load-charts';

// The charts library loads with the first chart that comes near the screen, never with the console itself.
const LazyCanvas = lazy(() => loadCanvas().then((m) => ({ default: m.ChartCanvas })));

/** Spec section 2: what a chart with nothing to draw says. */
export const NO_DATA = 'No data available';

/**
 * A bar chart with its empty state: 'No data available' when every number is 0, a skeleton until it comes
 * into view and while the charts library loads, then the chart. `label` names the chart for screen readers.
 * The library downloads when the chart comes near the screen (300 px ahead); drawing, the costly part on a
 * phone's CPU (a few hundred ms per chart), waits until the chart is on screen.
 */
export function BarChart({ label, ...props }: ChartCanvasProps & { label: string }) {
  const figure = useRef<HTMLElement>(null);
  const near = useNearViewport(figure);
  const seen = useNearViewport(figure, 0);
  useEffect(() => {
    // A failed download is reported where the chart is drawn (by the lazy component below).
    if (near) loadCanvas().catch(() => undefined);
  }, [near]);
  if (!hasData(props.rows)) {
    return (
      <div className="insight-chart insight-chart--empty" style={{ minHeight: Math.min(props.height, 260) }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DATA} />
      </div>
    );
  }
  return (
    <figure
      ref={figure}
      className="insight-chart"
      aria-label={label}
      style={{ minHeight: props.height }}
      data-testid="chart"
    >
      {seen ? (
        <Suspense fallback={<LoadingBlock height={props.height} label="Loading the chart" />}>
          <LazyCanvas {...props} />
        </Suspense>
      ) : (
        <LoadingBlock height={props.height} label="Loading the chart" />
      )}
    </figure>
  );
}
