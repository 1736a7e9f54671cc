import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { init, registerTheme, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { PORTAL_THEME_NAME, portalChartTheme } from './portal-theme'

// Only what the portal's charts draw: keeps the screen chunks small (tree-shaken echarts/core).
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])
registerTheme(PORTAL_THEME_NAME, portalChartTheme)

export { init, PORTAL_THEME_NAME }
