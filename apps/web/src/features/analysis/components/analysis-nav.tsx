import { type AnalysisPageKey, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { ConfigProvider, Menu, type ThemeConfig } from 'antd'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'

// the portal theme fills the selected item of horizontal menus for the dark main navigation;
// on this white bar the selected page is marked by the blue text and underline instead
const NAV_THEME: ThemeConfig = { components: { Menu: { horizontalItemSelectedBg: 'transparent', horizontalItemHoverBg: 'transparent' } } }

/** The path of one analysis page. */
export const analysisPath = (page: AnalysisPageKey) => `/satellite/analysis/${page}`

/** Links between the six analysis pages, across the top (antd folds what does not fit into “…”). */
export function AnalysisNav({ current }: { current: AnalysisPageKey }) {
  const t = useT()
  return (
    <nav className="analysis-nav" aria-label={t('analysisPage.navLabel')} data-testid="analysis-nav">
      <ConfigProvider theme={NAV_THEME}>
        <Menu
          mode="horizontal"
          selectedKeys={[current]}
          items={SATELLITE_ANALYSIS_PAGES.map((key) => ({
            key,
            label: <Link to={analysisPath(key)}>{t(`satellite.analysis.${key}`)}</Link>,
          }))}
        />
      </ConfigProvider>
    </nav>
  )
}
