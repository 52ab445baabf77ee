import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// The parts of ECharts Home's charts draw with (lines and bars on a grid, tooltip, legend, canvas),
// and nothing else: this module is imported only dynamically (chart-canvas.tsx), so ECharts is a
// chunk of its own that the sign-in route never loads.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
