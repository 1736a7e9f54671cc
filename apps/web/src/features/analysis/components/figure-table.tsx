import type { AnalysisFigure } from '@rs/shared'
import { Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { formatNumber } from '../../../charts/figure-option'
import { useT } from '../../../lib/i18n'
import { columnHeading } from '../utils/csv'

type Row = AnalysisFigure['rows'][number] & { __index: number }

const PAGE_SIZE = 10

/** Whether every value of a column is a number or empty (then it is right-aligned and sortable). */
function isNumericColumn(rows: AnalysisFigure['rows'], key: string): boolean {
  return rows.some((row) => typeof row[key] === 'number') && rows.every((row) => row[key] === null || typeof row[key] !== 'string')
}

/** The rows a figure is drawn from, as a compact table with the same column titles as the CSV. */
export function FigureTable({ figure }: { figure: AnalysisFigure }) {
  const t = useT()
  const dataSource = useMemo<Row[]>(() => figure.rows.map((row, i) => ({ ...row, __index: i })), [figure.rows])
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      figure.columns.map((column) => {
        const numeric = isNumericColumn(figure.rows, column.key)
        return {
          key: column.key,
          dataIndex: column.key,
          title: columnHeading(column),
          align: numeric ? 'right' : 'left',
          ...(numeric
            ? {
                render: (value: unknown) => formatNumber(value),
                sorter: (a: Row, b: Row) => Number(a[column.key] ?? 0) - Number(b[column.key] ?? 0),
              }
            : { render: (value: unknown) => (value === null || value === undefined ? '—' : String(value)) }),
        }
      }),
    [figure.columns, figure.rows],
  )
  return (
    <Table<Row>
      className="figure-table"
      size="small"
      rowKey="__index"
      columns={columns}
      dataSource={dataSource}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('analysisPage.noRows') }}
      pagination={
        figure.rows.length > PAGE_SIZE
          ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false, showTotal: (count) => t('analysisPage.rowsCount', { count }) }
          : false
      }
    />
  )
}
