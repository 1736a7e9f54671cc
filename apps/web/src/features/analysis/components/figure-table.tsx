import type { AnalysisFigure } from '@rs/shared'
import { Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { useT } from '../../../lib/i18n'
import { columnHeading } from '../utils/export-names'
import { formatNumber, textEm } from '../utils/format'
import { isNumericColumn } from '../utils/table-layout'

type Row = AnalysisFigure['rows'][number] & { __index: number }

const PAGE_SIZE = 10
/** Text columns whose longest value is at most this many em stay on one line. */
const SHORT_TEXT_EM = 12

function longestEm(rows: AnalysisFigure['rows'], key: string): number {
  return Math.max(0, ...rows.map((row) => textEm(String(row[key] ?? ''))))
}

/** The host of a web address, or undefined for other text. */
function webHost(text: string): string | undefined {
  if (!/^https?:\/\/\S+$/.test(text)) return undefined
  try {
    return new URL(text).host
  } catch {
    return undefined
  }
}

/** A text cell; a web address (the source of a planned mission) shows its host and opens in a new tab. */
function renderText(value: unknown) {
  if (value === null || value === undefined || value === '') return '—'
  const text = String(value)
  const host = webHost(text)
  if (!host) return text
  return (
    <a className="figure-table__link" href={text} title={text} target="_blank" rel="noopener noreferrer">
      {host}
    </a>
  )
}

/**
 * The rows a figure is drawn from, as a compact table with the same column titles as the CSV.
 * `isCompact`: laid out at its natural width (beside the chart); otherwise it fills the card and text wraps.
 */
export function FigureTable({ figure, isCompact }: { figure: AnalysisFigure; isCompact: boolean }) {
  const t = useT()
  const dataSource = useMemo<Row[]>(() => figure.rows.map((row, i) => ({ ...row, __index: i })), [figure.rows])
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      figure.columns.map((column) => {
        const numeric = isNumericColumn(figure.rows, column.key)
        const isShort = numeric || longestEm(figure.rows, column.key) <= SHORT_TEXT_EM
        return {
          key: column.key,
          dataIndex: column.key,
          title: columnHeading(column),
          align: numeric ? 'right' : 'left',
          className: numeric ? 'figure-table__number' : isShort ? 'figure-table__text figure-table__text--short' : 'figure-table__text',
          ...(numeric
            ? {
                render: (value: unknown) => formatNumber(value),
                sorter: (a: Row, b: Row) => Number(a[column.key] ?? 0) - Number(b[column.key] ?? 0),
              }
            : isShort
              ? { render: renderText }
              : // long text wraps inside a box of bounded width, so no column is squeezed or runs away
                { render: (value: unknown) => <div className="figure-table__long">{renderText(value)}</div> }),
        }
      }),
    [figure.columns, figure.rows],
  )
  return (
    <Table<Row>
      className={isCompact ? 'figure-table figure-table--compact' : 'figure-table'}
      size="small"
      rowKey="__index"
      columns={columns}
      dataSource={dataSource}
      scroll={{ x: isCompact ? 'max-content' : true }}
      locale={{ emptyText: t('analysisPage.noRows') }}
      pagination={
        figure.rows.length > PAGE_SIZE
          ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false, showTotal: (count) => t('analysisPage.rowsCount', { count }) }
          : false
      }
    />
  )
}
