/** @mantine/charts' bar chart, the module its one lazy import loads (components/metric-chart.tsx), named for its chunk. */
export { BarChart } from '@mantine/charts';
