/**
 * Small SVG charts for days of figures (the dashboard's 30 days, the reports' days): antd has none, and two pages do
 * not justify a chart library. The amounts come as decimal strings; they become numbers here only to place points on
 * the screen, never to add money.
 */

export type ChartSeries = { name: string; color: string; values: number[] };

/** Evenly spaced round ticks from a value at or below the lowest to one at or above the highest (0 always in). */
export function niceScale(values: readonly number[], tickCount = 4): { min: number; max: number; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (high === low) return { min: 0, max: 1, ticks: [0, 1] };
  const raw = (high - low) / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { min, max, ticks };
}

/** An axis label: 12000 -> "1.2万", 3.5 -> "3.5". */
export function axisLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100_000_000) return `${Number((value / 100_000_000).toFixed(1))}亿`;
  if (abs >= 10_000) return `${Number((value / 10_000).toFixed(1))}万`;
  return String(Number(value.toFixed(2)));
}

const WIDTH = 640;
const PAD = { left: 52, right: 24, top: 12, bottom: 26 };

type Frame = { height: number; labels: readonly string[]; scale: ReturnType<typeof niceScale> };

function geometry({ height, labels, scale }: Frame) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const step = labels.length > 1 ? plotWidth / (labels.length - 1) : plotWidth;
  return {
    plotWidth,
    x: (index: number) => PAD.left + index * step,
    y: (value: number) => PAD.top + plotHeight - ((value - scale.min) / (scale.max - scale.min)) * plotHeight,
    band: plotWidth / Math.max(labels.length, 1),
  };
}

/** The grid, the value axis and about eight days under the plot, counted back from the last. */
function Axes({ height, labels, scale, bands = false }: Frame & { bands?: boolean }) {
  const g = geometry({ height, labels, scale });
  const xOf = (index: number) => (bands ? PAD.left + g.band * (index + 0.5) : g.x(index));
  // About eight day labels, the last one today's.
  const labelStep = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <g fontSize={11} fill="#8c8c8c">
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={g.y(tick)}
            y2={g.y(tick)}
            stroke={tick === 0 ? '#bfbfbf' : '#f0f0f0'}
          />
          <text x={PAD.left - 6} y={g.y(tick) + 4} textAnchor="end">
            {axisLabel(tick)}
          </text>
        </g>
      ))}
      {labels.map((label, index) =>
        (labels.length - 1 - index) % labelStep === 0 ? (
          <text key={label} x={xOf(index)} y={height - 8} textAnchor="middle">
            {label.slice(5)}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Legend({ series }: { series: readonly Pick<ChartSeries, 'name' | 'color'>[] }) {
  return (
    <div style={{ display: 'flex', gap: 16, fontSize: 12, color: '#595959', marginBottom: 4 }}>
      {series.map((one) => (
        <span key={one.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: one.color, display: 'inline-block' }} />
          {one.name}
        </span>
      ))}
    </div>
  );
}

/** Lines over days: each series a polyline with a dot per day whose tooltip gives the day and value. */
export function LineChart({
  labels,
  series,
  height = 220,
  title,
}: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  title: string;
}) {
  const scale = niceScale(series.flatMap((one) => one.values));
  const g = geometry({ height, labels, scale });
  return (
    <figure style={{ margin: 0 }}>
      <Legend series={series} />
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title}>
        <Axes height={height} labels={labels} scale={scale} />
        {series.map((one) => (
          <g key={one.name} data-series={one.name}>
            <polyline
              fill="none"
              stroke={one.color}
              strokeWidth={2}
              strokeLinejoin="round"
              points={one.values.map((value, index) => `${g.x(index)},${g.y(value)}`).join(' ')}
            />
            {one.values.map((value, index) => (
              <circle key={labels[index]} cx={g.x(index)} cy={g.y(value)} r={2.5} fill={one.color}>
                <title>{`${labels[index]} ${one.name} ${axisLabel(value)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Bars over days from the zero line, up for positive values and down (in `negativeColor`) for negative ones. */
export function BarChart({
  labels,
  series,
  negativeColor = '#cf1322',
  height = 220,
  title,
}: {
  labels: readonly string[];
  series: ChartSeries;
  negativeColor?: string;
  height?: number;
  title: string;
}) {
  const scale = niceScale(series.values);
  const g = geometry({ height, labels, scale });
  const width = Math.max(g.band * 0.6, 2);
  return (
    <figure style={{ margin: 0 }}>
      <Legend series={[series]} />
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={title}>
        <Axes height={height} labels={labels} scale={scale} bands />
        {series.values.map((value, index) => {
          const top = Math.min(g.y(value), g.y(0));
          return (
            <rect
              key={labels[index]}
              data-value={value}
              x={PAD.left + g.band * (index + 0.5) - width / 2}
              y={top}
              width={width}
              height={Math.max(Math.abs(g.y(value) - g.y(0)), value === 0 ? 0 : 1)}
              fill={value < 0 ? negativeColor : series.color}
            >
              <title>{`${labels[index]} ${series.name} ${axisLabel(value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
