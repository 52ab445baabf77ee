import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ChartOption } from './chart-options';

type ECharts = typeof import('./echarts')['echarts'];
let loading: Promise<ECharts> | undefined;

/** ECharts, fetched once on first use (a chunk of its own, never on the sign-in route). */
export function loadECharts(): Promise<ECharts> {
  loading ??= import('./echarts').then((m) => m.echarts);
  return loading;
}

/**
 * One chart drawn by ECharts on a canvas. The canvas is an image to assistive technology (its
 * label names the chart); the figures themselves are in the chart's table view.
 */
export function ChartCanvas({
  option,
  label,
  height,
}: {
  option: ChartOption;
  label: string;
  height: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let disposed = false;
    let chart: ReturnType<ECharts['init']> | undefined;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed) return;
      chart = echarts.init(element, undefined, { renderer: 'canvas' });
      chart.setOption({ animation: false, ...option });
      setReady(true);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.resize());
        observer.observe(element);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [option]);

  return (
    <div style={{ position: 'relative', height }}>
      {ready ? null : <Skeleton active paragraph={{ rows: 4 }} style={{ position: 'absolute', inset: 0 }} />}
      <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />
    </div>
  );
}
