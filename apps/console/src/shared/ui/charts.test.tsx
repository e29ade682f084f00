import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisLabel, BarChart, LineChart, niceScale } from './charts';

describe('the charts', () => {
  it('picks round ticks that hold every value and zero', () => {
    expect(niceScale([120, 340, 80])).toEqual({ min: 0, max: 400, ticks: [0, 100, 200, 300, 400] });
    expect(niceScale([-45, 55])).toEqual({ min: -50, max: 100, ticks: [-50, 0, 50, 100] });
    expect(niceScale([0, 0])).toEqual({ min: 0, max: 1, ticks: [0, 1] });
    expect(axisLabel(12_000)).toBe('1.2万');
    expect(axisLabel(250_000_000)).toBe('2.5亿');
  });

  it('draws a point per day at its height, and a bar below the line for a loss', () => {
    const labels = ['2026-11-24', '2026-11-25', '2026-11-26'];
    const { container } = render(
      <>
        <LineChart title="money" labels={labels} series={[{ name: '充值', color: '#0a0', values: [0, 200, 400] }]} />
        <BarChart title="ggr" labels={labels} series={{ name: '毛利', color: '#00f', values: [30, -60, 0] }} />
      </>,
    );
    const dots = [...container.querySelectorAll('circle')].map((dot) => Number(dot.getAttribute('cy')));
    expect(dots).toHaveLength(3);
    // Higher values sit higher on the screen (smaller y), evenly: 0 -> 200 -> 400.
    expect(dots[0]! - dots[1]!).toBeCloseTo(dots[1]! - dots[2]!);
    expect(dots[0]).toBeGreaterThan(dots[2]!);
    const bars = [...container.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('fill'))).toEqual(['#00f', '#cf1322', '#00f']);
    expect(Number(bars[1]!.getAttribute('height'))).toBeCloseTo(2 * Number(bars[0]!.getAttribute('height')));
    expect(container.querySelector('title')?.textContent).toBe('2026-11-24 充值 0');
  });
});
