/** A shimmering block the size of the chart or map that is on its way. */
export function LoadingBlock({ height, label = 'Loading' }: { height: number; label?: string }) {
  return <div className="insight-skeleton" style={{ height }} role="status" aria-label={label} />;
}
