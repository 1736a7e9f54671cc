import { type AnalysisPageKey, SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { Menu } from 'antd'
import { Link } from 'react-router'
import { useT } from '../../../lib/i18n'

/** The path of one analysis page. */
export const analysisPath = (page: AnalysisPageKey) => `/satellite/analysis/${page}`

/** Links between the six analysis pages, across the top (antd folds what does not fit into “…”). */
export function AnalysisNav({ current }: { current: AnalysisPageKey }) {
  const t = useT()
  return (
    <nav className="analysis-nav" aria-label={t('analysisPage.navLabel')} data-testid="analysis-nav">
      <Menu
        mode="horizontal"
        selectedKeys={[current]}
        items={SATELLITE_ANALYSIS_PAGES.map((key) => ({
          key,
          label: <Link to={analysisPath(key)}>{t(`satellite.analysis.${key}`)}</Link>,
        }))}
      />
    </nav>
  )
}
