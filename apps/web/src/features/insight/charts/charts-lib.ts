// The only door to the charts library (most of the console's weight): imported lazily by ChartCanvas's
// callers, so no page that draws no chart ever loads it. Named re-exports keep the rest of it out.
export { Bar, Column } from '@ant-design/charts';
