import type { ExportCell } from '@rs/shared'
import { Table, type TableColumnsType } from 'antd'
import { type KeyboardEvent, type ReactNode, useMemo } from 'react'
import { useT } from '../../lib/i18n'
import { textEm } from './format'
import { cellValue, columnHeading, type FigureTableSpec } from './model'
import { cellText, isNumericColumn } from './table-layout'

/** Text columns whose longest value is at most this many em stay on one line. */
const SHORT_TEXT_EM = 12

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
function renderText(text: string): ReactNode {
  const host = webHost(text)
  if (!host) return text
  return (
    <a className="figure-table__link" href={text} title={text} target="_blank" rel="noopener noreferrer">
      {host}
    </a>
  )
}

/**
 * The rows a figure is drawn from, with the same column headings as the exports.
 * `isCompact`: laid out at its natural width (beside the chart); otherwise it fills the card and text wraps.
 */
export function FigureTable<Row>({ table, isCompact, testId }: { table: FigureTableSpec<Row>; isCompact: boolean; testId?: string }) {
  const t = useT()
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      table.columns.map((column) => {
        const value = (row: Row) => cellValue(column, row)
        const values = table.rows.map(value)
        const numeric = isNumericColumn(values)
        const text = (v: ExportCell) => cellText(column, v, numeric)
        const isShort = numeric || Math.max(0, ...values.map((v) => textEm(text(v)))) <= SHORT_TEXT_EM
        const sortable = column.sortable ?? numeric
        const show = (row: Row): ReactNode => {
          if (column.render) return column.render(row)
          const shown = text(value(row))
          return numeric ? shown : renderText(shown)
        }
        return {
          key: column.key,
          title: columnHeading(column),
          align: numeric ? 'right' : 'left',
          fixed: column.fixed,
          width: column.width,
          className: numeric ? 'figure-table__number' : isShort ? 'figure-table__text figure-table__text--short' : 'figure-table__text',
          render: (_: unknown, row: Row) =>
            isShort ? show(row) : /* long text wraps inside a box of bounded width */ <div className="figure-table__long">{show(row)}</div>,
          ...(sortable ? { sorter: (a: Row, b: Row) => Number(value(a) ?? 0) - Number(value(b) ?? 0) } : {}),
        }
      }),
    [table.columns, table.rows],
  )
  const { total, onRowClick, isRowClickable } = table
  return (
    <Table<Row>
      className={isCompact ? 'figure-table figure-table--compact' : 'figure-table'}
      size="small"
      rowKey={(row) => table.rowKey(row)}
      columns={columns}
      dataSource={table.rows as Row[]}
      loading={table.loading}
      data-testid={testId}
      scroll={{ x: isCompact ? 'max-content' : true, ...(table.maxHeight ? { y: table.maxHeight } : {}) }}
      locale={{ emptyText: t('figure.noRows') }}
      onRow={
        onRowClick
          ? (row) => {
              const clickable = isRowClickable?.(row) ?? true
              if (!clickable) return { style: { cursor: 'default' } }
              // a row that opens something is a tab stop, opened by Enter or Space as by a click (WCAG 2.1.1)
              return {
                onClick: () => onRowClick(row),
                onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
                  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return
                  event.preventDefault()
                  onRowClick(row)
                },
                tabIndex: 0,
                className: 'figure-table__row--open',
                style: { cursor: 'pointer' },
              }
            }
          : undefined
      }
      pagination={
        table.pageSize && table.rows.length > table.pageSize
          ? {
              pageSize: table.pageSize,
              size: 'small',
              showSizeChanger: false,
              showTotal: (count) => t('figure.rowsCount', { count }),
            }
          : false
      }
      summary={
        total
          ? () => (
              <Table.Summary.Row>
                {table.columns.map((column, i) => (
                  <Table.Summary.Cell key={column.key} index={i} align={i === 0 ? 'left' : 'right'}>
                    {i === 0 ? total[0] : cellText(column, total[i], true)}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  )
}
