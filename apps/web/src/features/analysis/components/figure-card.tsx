import { DownloadOutlined, FileExcelOutlined, FileImageOutlined } from '@ant-design/icons'
import { type AnalysisFigure, type AnalysisPage, CSV_CONTENT_TYPE } from '@rs/shared'
import { Button, Card, Dropdown, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { loadChunk } from '../../../lib/chunk-load'
import { downloadBlob, downloadUrl } from '../../../lib/download'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { composeChartImage } from '../utils/chart-image'
import { exportFileName } from '../utils/export-names'
import { fitsBesideChart } from '../utils/table-layout'
import { FigureTable } from './figure-table'

export interface FigureCardProps {
  figure: AnalysisFigure
  page: Pick<AnalysisPage, 'title' | 'source' | 'asOf'>
  /** 数据来源：…；数据截至：… — written into every export. */
  attribution: string
  /** 'lazy' for figures below the fold: their chart images load as they scroll near. */
  loading?: 'eager' | 'lazy'
}

/**
 * One figure: its chart (an SVG image the server draws, scaled to the card) beside (wide) or above
 * (narrow) the table of its rows, what is counted, and the export menu.
 */
export function FigureCard({ figure, page, attribution, loading = 'lazy' }: FigureCardProps) {
  const t = useT()
  const isBeside = useMemo(() => fitsBesideChart(figure), [figure])

  const handleExport: MenuProps['onClick'] = ({ key }) => {
    void (key === 'csv' ? exportCsv() : exportPng())
  }

  async function exportCsv() {
    try {
      const { figureCsv } = await loadChunk(() => import('../utils/csv'))
      const fileName = exportFileName(page, figure, 'csv')
      downloadBlob(new Blob([figureCsv(figure, attribution)], { type: CSV_CONTENT_TYPE }), fileName)
    } catch (error) {
      console.error('CSV export failed', error)
      notify.error(t('analysisPage.exportFailed'))
    }
  }

  async function exportPng() {
    if (!figure.chartUrl) {
      notify.error(t('analysisPage.exportFailed'))
      return
    }
    try {
      const footer = [figure.counted, ...(figure.note ? [figure.note] : []), attribution]
      const image = await composeChartImage(figure.chartUrl, figure.chartSize, { title: `${page.title} · ${figure.title}`, footer })
      downloadUrl(image, exportFileName(page, figure, 'png'))
    } catch (error) {
      console.error('chart image export failed', error)
      notify.error(t('analysisPage.exportFailed'))
    }
  }

  const exportMenu: MenuProps = {
    onClick: handleExport,
    items: [
      {
        key: 'csv',
        icon: <FileExcelOutlined />,
        label: <span data-testid={`figure-export-csv-${figure.key}`}>{t('analysisPage.exportCsv')}</span>,
      },
      {
        key: 'png',
        icon: <FileImageOutlined />,
        disabled: !figure.chartUrl,
        label: <span data-testid={`figure-export-png-${figure.key}`}>{t('analysisPage.exportPng')}</span>,
      },
    ],
  }

  return (
    <Card
      className="figure-card"
      data-testid={`figure-${figure.key}`}
      title={<h3 className="figure-card__title">{figure.title}</h3>}
      extra={
        <Dropdown menu={exportMenu} trigger={['click']} placement="bottomRight">
          <Button icon={<DownloadOutlined />} data-testid={`figure-export-${figure.key}`}>
            {t('analysisPage.export')}
          </Button>
        </Dropdown>
      }
    >
      <div className={isBeside ? 'figure-card__body figure-card__body--beside' : 'figure-card__body'}>
        <figure className="figure-card__chart">
          {figure.chartUrl && (
            <img
              className="figure-card__image"
              src={figure.chartUrl}
              width={figure.chartSize?.width}
              height={figure.chartSize?.height}
              alt={t('analysisPage.chartAlt', { title: figure.title, counted: figure.counted })}
              loading={loading}
              decoding="async"
              data-testid={`figure-chart-${figure.key}`}
            />
          )}
          <figcaption className="figure-card__caption">
            <p className="figure-card__counted">{figure.counted}</p>
            {figure.note && <p className="figure-card__note">{figure.note}</p>}
          </figcaption>
        </figure>
        <section className="figure-card__table" aria-label={t('analysisPage.tableLabel', { title: figure.title })}>
          <FigureTable figure={figure} isCompact={isBeside} />
        </section>
      </div>
    </Card>
  )
}
