import {
  type Comparison,
  type Condition,
  checkSize,
  FILTER_LIMITS,
  FilterError,
  findQueryable,
  type Literal,
  literalFor,
  parseInstant,
  type Queryable,
  quoteText,
} from './ast'
import { checkGeometry } from './geometry'

/**
 * What CQL2-text and CQL2-JSON share: the operands either parser produces and the rules that turn
 * an operator with its operands into the filter tree (comparison, like, between, in, isNull,
 * s_intersects, t_* on an instant property, a_* on an array property of one value per row).
 */

export type Operand =
  | { kind: 'property'; name: string; casei: boolean }
  | { kind: 'literal'; value: string | number | boolean; casei: boolean }
  | { kind: 'instant'; iso: string }
  /** a calendar day, [start, end) in UTC */
  | { kind: 'date'; start: string; end: string }
  /** start or end absent: open ('..') */
  | { kind: 'interval'; start?: string; end?: string }
  | { kind: 'geometry'; geojson: string }
  | { kind: 'list'; items: Operand[] }

/** Where a filter is compiled: its queryables and the names of its geometry property. */
export interface Cql2Context {
  queryables: readonly Queryable[]
  geometryNames: readonly string[]
}

export const CQL2_OPERATORS = [
  'and',
  'or',
  'not',
  '=',
  '<>',
  '<',
  '>',
  '<=',
  '>=',
  'like',
  'between',
  'in',
  'isNull',
  'casei',
  's_intersects',
  't_intersects',
  't_before',
  't_after',
  't_equals',
  't_during',
  't_disjoint',
  'a_contains',
  'a_containedBy',
  'a_overlaps',
  'a_equals',
]

export const COMPARISONS: readonly Comparison[] = ['=', '<>', '<', '>', '<=', '>=']
const FLIP: Record<Comparison, Comparison> = { '=': '=', '<>': '<>', '<': '>', '>': '<', '<=': '>=', '>=': '<=' }

const args = (name: string, expected: string) => new FilterError('stac.cql2.badArgs', { name, expected })

export function property(ctx: Cql2Context, operand: Operand, op: string): Queryable {
  if (operand.kind !== 'property') throw args(op, '第一个参数应为属性名')
  const q = findQueryable(ctx.queryables, operand.name)
  if (!q)
    throw new FilterError('stac.cql2.unknownProperty', {
      name: quoteText(operand.name, 40),
      available: ctx.queryables.map((x) => x.name).join(', '),
    })
  return q
}

/** An instant in time from a timestamp or date string. */
export function instant(text: string, where: string): string {
  const d = parseInstant(text)
  if (!d) throw new FilterError('stac.cql2.notTimestamp', { name: where, value: quoteText(text) })
  return d.toISOString()
}

export function dateOperand(text: string): Operand {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new FilterError('stac.cql2.notTimestamp', { name: 'DATE', value: quoteText(text) })
  const start = instant(text, 'DATE')
  return { kind: 'date', start, end: new Date(Date.parse(start) + 86_400_000).toISOString() }
}

export function intervalOperand(a: string, b: string): Operand {
  const start = a === '..' || a === '' ? undefined : instant(a, 'INTERVAL')
  const end = b === '..' || b === '' ? undefined : instant(b, 'INTERVAL')
  if (start && end && start > end) throw args('INTERVAL', '开始时间不能晚于结束时间')
  return { kind: 'interval', start, end }
}

export function geometryOperand(value: unknown): Operand {
  return { kind: 'geometry', geojson: JSON.stringify(checkGeometry(value)) }
}

function literalValue(q: Queryable, o: Operand, op: string): Literal {
  if (o.kind === 'literal') {
    if (typeof o.value === 'boolean') throw args(op, '布尔值不能与属性比较')
    return literalFor(q, o.value)
  }
  if (o.kind === 'instant' && q.type === 'timestamp') return o.iso
  if (o.kind === 'date' && q.type === 'timestamp') return o.start
  if (q.type === 'timestamp') throw new FilterError('stac.cql2.notTimestamp', { name: q.name, value: o.kind })
  throw args(op, '第二个参数应为字面值')
}

/** A comparison between a property and a literal (in either order; CASEI on both sides folds case). */
export function comparison(ctx: Cql2Context, op: Comparison, a: Operand, b: Operand): Condition {
  if (a.kind !== 'property' && b.kind === 'property') return comparison(ctx, FLIP[op], b, a)
  if (a.kind === 'literal' && b.kind === 'literal') {
    // a literal against a literal: CQL2 allows it, and it is a constant
    const l = a.value
    const r = b.value
    const result = { '=': l === r, '<>': l !== r, '<': l < r, '>': l > r, '<=': l <= r, '>=': l >= r }[op]
    return { op: 'const', value: result }
  }
  const q = property(ctx, a, op)
  if (b.kind === 'date' && q.type === 'timestamp') {
    // a property compared with a day: the day's whole span
    const span: Record<Comparison, Condition> = {
      '=': { op: 'and', items: [cmp(q, '>=', b.start), cmp(q, '<', b.end)] },
      '<>': { op: 'or', items: [cmp(q, '<', b.start), cmp(q, '>=', b.end)] },
      '<': cmp(q, '<', b.start),
      '<=': cmp(q, '<', b.end),
      '>': cmp(q, '>=', b.end),
      '>=': cmp(q, '>=', b.start),
    }
    return span[op]
  }
  const matchCase = !(caseInsensitive(a) || caseInsensitive(b))
  return { op: 'compare', cmp: op, attr: q, value: literalValue(q, b, op), matchCase }
}

const caseInsensitive = (o: Operand) => (o.kind === 'property' || o.kind === 'literal') && o.casei

const cmp = (attr: Queryable, c: Comparison, value: Literal): Condition => ({ op: 'compare', cmp: c, attr, value, matchCase: true })

export function like(ctx: Cql2Context, a: Operand, b: Operand): Condition {
  const q = property(ctx, a, 'like')
  if (q.type !== 'string' || b.kind !== 'literal' || typeof b.value !== 'string') throw new FilterError('stac.cql2.badLike')
  return { op: 'like', attr: q, pattern: b.value, matchCase: !(caseInsensitive(a) || b.casei) }
}

export function between(ctx: Cql2Context, a: Operand, lower: Operand, upper: Operand): Condition {
  const q = property(ctx, a, 'between')
  if (q.type === 'string') throw args('between', '只能用于数值或时间属性')
  return { op: 'between', attr: q, lower: literalValue(q, lower, 'between'), upper: literalValue(q, upper, 'between') }
}

export function inList(ctx: Cql2Context, a: Operand, list: Operand): Condition {
  const q = property(ctx, a, 'in')
  if (list.kind !== 'list') throw args('in', '第二个参数应为值的列表')
  if (list.items.length > FILTER_LIMITS.maxList) throw new FilterError('stac.cql2.tooManyValues', { max: FILTER_LIMITS.maxList })
  const casei = caseInsensitive(a) || list.items.some(caseInsensitive)
  return { op: 'in', attr: q, values: list.items.map((i) => literalValue(q, i, 'in')), matchCase: !casei }
}

export function isNull(ctx: Cql2Context, a: Operand): Condition {
  return { op: 'null', attr: property(ctx, a, 'isNull') }
}

export function spatial(ctx: Cql2Context, name: string, a: Operand, b: Operand): Condition {
  if (name !== 's_intersects') throw new FilterError('stac.cql2.unknownOperator', { name, supported: CQL2_OPERATORS.join(', ') })
  const [p, g] = a.kind === 'property' ? [a, b] : [b, a]
  if (p.kind !== 'property' || !ctx.geometryNames.includes(p.name) || g.kind !== 'geometry')
    throw new FilterError('stac.cql2.notSpatial', { name })
  return { op: 'intersects', geojson: g.geojson }
}

/** The span [start, end] of a temporal operand (an instant is a span of zero length). */
function span(o: Operand, name: string): { start?: string; end?: string; endOpen: boolean } {
  if (o.kind === 'instant') return { start: o.iso, end: o.iso, endOpen: false }
  if (o.kind === 'date') return { start: o.start, end: o.end, endOpen: true }
  if (o.kind === 'interval') return { start: o.start, end: o.end, endOpen: false }
  if (o.kind === 'literal' && typeof o.value === 'string') {
    const iso = instant(o.value, name)
    return { start: iso, end: iso, endOpen: false }
  }
  throw new FilterError('stac.cql2.notTemporal', { name })
}

export function temporal(ctx: Cql2Context, name: string, a: Operand, b: Operand): Condition {
  const q = a.kind === 'property' ? property(ctx, a, name) : undefined
  if (q?.type !== 'timestamp') throw new FilterError('stac.cql2.notTemporal', { name })
  const s = span(b, name)
  const all = (items: Array<Condition | undefined>): Condition => {
    const kept = items.filter((i): i is Condition => i !== undefined)
    return kept.length === 0 ? { op: 'const', value: true } : kept.length === 1 ? (kept[0] as Condition) : { op: 'and', items: kept }
  }
  const intersects = all([s.start ? cmp(q, '>=', s.start) : undefined, s.end ? cmp(q, s.endOpen ? '<' : '<=', s.end) : undefined])
  switch (name) {
    case 't_intersects':
      return intersects
    case 't_disjoint':
      return { op: 'not', item: intersects }
    case 't_before':
      return s.start ? cmp(q, '<', s.start) : { op: 'const', value: false }
    case 't_after':
      return s.end ? cmp(q, s.endOpen ? '>=' : '>', s.end) : { op: 'const', value: false }
    case 't_equals':
      if (b.kind !== 'instant' && !(b.kind === 'literal' && typeof b.value === 'string'))
        throw new FilterError('stac.cql2.notTemporal', { name })
      return cmp(q, '=', s.start as string)
    case 't_during':
      return all([s.start ? cmp(q, '>', s.start) : undefined, s.end ? cmp(q, '<', s.end) : undefined])
    default:
      throw new FilterError('stac.cql2.unknownOperator', { name, supported: CQL2_OPERATORS.join(', ') })
  }
}

/**
 * Array operators on a property whose array holds exactly one value per row (instruments: one
 * sensor per scene): contains and equals need that one value; overlaps and containedBy any listed.
 */
export function arrayOp(ctx: Cql2Context, name: string, a: Operand, b: Operand): Condition {
  const q = property(ctx, a, name)
  if (!q.array || b.kind !== 'list' || b.items.length === 0) throw args(name, '第一个参数应为数组属性（instruments），第二个为值的列表')
  const values = [...new Set(b.items.map((i) => literalValue(q, i, name)))]
  switch (name) {
    case 'a_contains':
    case 'a_equals':
      return values.length === 1 ? cmp(q, '=', values[0] as Literal) : { op: 'const', value: false }
    case 'a_overlaps':
    case 'a_containedBy':
      return { op: 'in', attr: q, values, matchCase: true }
    default:
      throw new FilterError('stac.cql2.unknownOperator', { name, supported: CQL2_OPERATORS.join(', ') })
  }
}

/** The finished tree, checked against the size limits. */
export function finish(c: Condition): Condition {
  checkSize(c)
  return c
}
