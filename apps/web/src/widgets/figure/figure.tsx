import { DownloadOutlined, FileExcelOutlined, FileImageOutlined, FileTextOutlined } from '@ant-design/icons'
import { Button, Card, Dropdown } from 'antd'
import { lazy, Suspense, useMemo } from 'react'
import { PageSpinner } from '../../components/page-spinner'
import { loadChunk } from '../../lib/chunk-load'
import { downloadBlob, downloadUrl } from '../../lib/download'
import { useT } from '../../lib/i18n'
import { notify } from '../../lib/notify'
import { FigureTable } from './figure-table'
import {
  exportFileName,
  exportRows,
  type FigureChart,
  type FigureExportFormat,
  type FigureTableSpec,
  figureTestId,
  offeredFormats,
} from './model'
import { fitsBesideChart } from './table-layout'
import './figure.css'

const EChartsChart = lazy(() => import('./echarts-chart'))

export interface FigureProps<Row> {
  /** The card's heading; also the table's label and the sheet's name. */
  title?: string
  /** The heading's level in the page's outline: 3 under a section's h2 (default), 2 right under the page's h1. */
  headingLevel?: 2 | 3
  /** What is counted (a sentence under the chart; written into every export). */
  counted?: string
  /** A note under the counted sentence (also exported). */
  note?: string
  /** Source and date (数据来源：…；数据截至：…): not shown (the page shows it once), written into every export. */
  attribution?: string
  chart?: FigureChart
  table: FigureTableSpec<Row>
  /** The formats the caller asks for; PNG is offered only for a server-drawn image (offeredFormats). */
  exports: readonly FigureExportFormat[]
  /** Parts of the export file name, joined by dashes (exportFileName). */
  fileName: readonly string[]
  /** The title written above an exported picture and the Excel sheet's name; by default `title`. */
  exportTitle?: string
  /** Test ids: `${prefix}-${part}-${key}` with a key, else `${prefix}-${part}` (figureTestId). */
  testIds: { prefix: string; key?: string }
}

/**
 * One figure: its chart (a server-drawn SVG image, or an ECharts option drawn in the browser) beside
 * (when the table is narrow and the card wide) or above the table of its rows, what is counted, and
 * the export menu (CSV and Excel under the export policy, PNG of a server-drawn image). Analysis
 * pages, monitoring statistics and trend use it; a chart-less figure (a map beside it) is a table
 * with its exports.
 */
export function Figure<Row>({
  title,
  headingLevel = 3,
  counted,
  note,
  attribution,
  chart,
  table,
  exports,
  fileName,
  exportTitle,
  testIds,
}: FigureProps<Row>) {
  const t = useT()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const isBeside = useMemo(() => chart !== undefined && fitsBesideChart(table), [chart, table])
  const formats = offeredFormats(exports, chart)
  const id = (part?: Parameters<typeof figureTestId>[1]) => figureTestId(testIds, part)
  const footer = [counted ?? '', note ?? '', attribution ?? ''].filter(Boolean)

  async function exportAs(format: FigureExportFormat) {
    try {
      const files = await loadChunk(() => import('./figure-export'))
      const name = exportFileName(fileName, format)
      if (format === 'png') {
        if (chart?.kind !== 'image') throw new Error('no chart image to export')
        downloadUrl(await files.pngImage(chart, exportTitle ?? title ?? '', footer), name)
      } else {
        const rows = exportRows(table, footer)
        downloadBlob(format === 'csv' ? files.csvFile(rows) : await files.xlsxFile(rows, exportTitle ?? title ?? fileName[0] ?? ''), name)
      }
    } catch (error) {
      console.error(`figure ${format} export failed`, error)
      notify.error(t('figure.exportFailed'))
    }
  }

  const labels = {
    csv: { icon: <FileTextOutlined />, text: t('figure.exportCsv') },
    xlsx: { icon: <FileExcelOutlined />, text: t('figure.exportXlsx') },
    png: { icon: <FileImageOutlined />, text: t('figure.exportPng') },
  }
  const exportMenu =
    formats.length > 0 ? (
      // opens on a click (or Enter): a hover menu closes when the page scrolls under a still pointer, and phones have no hover
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          onClick: ({ key }) => void exportAs(key as FigureExportFormat),
          items: formats.map((format) => ({
            key: format,
            icon: labels[format].icon,
            label: <span data-testid={id(`export-${format}`)}>{labels[format].text}</span>,
          })),
        }}
      >
        <Button icon={<DownloadOutlined />} data-testid={id('export')}>
          {t('figure.export')}
        </Button>
      </Dropdown>
    ) : undefined

  const caption = (counted || note) && (
    <figcaption className="figure-card__caption">
      {counted && <p className="figure-card__counted">{counted}</p>}
      {note && <p className="figure-card__note">{note}</p>}
    </figcaption>
  )

  return (
    <Card
      className="figure-card"
      data-testid={id()}
      size={title ? 'default' : 'small'}
      title={title ? <Heading className="figure-card__title">{title}</Heading> : undefined}
      extra={exportMenu}
    >
      <div className={isBeside ? 'figure-card__body figure-card__body--beside' : 'figure-card__body'}>
        {(chart || caption) && (
          <figure className="figure-card__chart">
            {chart?.kind === 'image' && (
              <img
                className="figure-card__image"
                src={chart.url}
                width={chart.size?.width}
                height={chart.size?.height}
                alt={chart.alt}
                loading={chart.loading ?? 'lazy'}
                decoding="async"
                data-testid={id('chart')}
              />
            )}
            {chart?.kind === 'echarts' && (
              <Suspense fallback={<PageSpinner />}>
                <EChartsChart
                  option={chart.option}
                  height={chart.height ?? 320}
                  testId={id('chart')}
                  label={title ? t('figure.chartLabel', { title }) : t('figure.chartLabelUntitled')}
                />
              </Suspense>
            )}
            {caption}
          </figure>
        )}
        <section className="figure-card__table" aria-label={title ? t('figure.tableLabel', { title }) : undefined}>
          <FigureTable table={table} isCompact={isBeside} testId={id('table')} />
        </section>
      </div>
    </Card>
  )
}
