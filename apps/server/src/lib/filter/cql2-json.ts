import { forbiddenCharacter } from '@rs/shared'
import { type Comparison, type Condition, FILTER_LIMITS, FilterError, quoteText } from './ast'
import {
  arrayOp,
  between,
  COMPARISONS,
  CQL2_OPERATORS,
  type Cql2Context,
  comparison,
  dateOperand,
  finish,
  geometryOperand,
  inList,
  instant,
  intervalOperand,
  isNull,
  like,
  type Operand,
  spatial,
  temporal,
} from './cql2'
import { boxPolygon, GEOMETRY_TYPES } from './geometry'

/**
 * CQL2-JSON (OGC 21-065) into the filter tree: {"op": …, "args": […]} with {"property": …},
 * strings, numbers, booleans, {"timestamp"}, {"date"}, {"interval"}, GeoJSON geometries and
 * {"bbox"}, arrays for IN and the a_* operators, and {"op": "casei"} around either side.
 */

const badJson = (reason: string) => new FilterError('stac.cql2.badJson', { reason })

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

function argsOf(node: Record<string, unknown>, name: string, count: number | [number, number]): unknown[] {
  const args = node.args
  const [min, max] = typeof count === 'number' ? [count, count] : count
  if (!Array.isArray(args) || args.length < min || args.length > max)
    throw new FilterError('stac.cql2.badArgs', {
      name,
      expected: min === max ? `需要 ${min} 个参数（args）` : `需要 ${min}–${max} 个参数（args）`,
    })
  return args
}

function operand(v: unknown, depth: number): Operand {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    if (typeof v === 'number' && !Number.isFinite(v)) throw badJson('数字无效')
    return { kind: 'literal', value: v, casei: false }
  }
  if (Array.isArray(v)) {
    if (v.length > FILTER_LIMITS.maxList) throw new FilterError('stac.cql2.tooManyValues', { max: FILTER_LIMITS.maxList })
    return { kind: 'list', items: v.map((i) => operand(i, depth + 1)) }
  }
  if (!isObject(v)) throw badJson('参数应为属性、字面值、时间、几何或列表')
  if (typeof v.property === 'string') return { kind: 'property', name: v.property, casei: false }
  if (typeof v.timestamp === 'string') return { kind: 'instant', iso: instant(v.timestamp, 'timestamp') }
  if (typeof v.date === 'string') return dateOperand(v.date)
  if (Array.isArray(v.interval)) {
    const [a, b] = v.interval as unknown[]
    if (v.interval.length !== 2 || typeof a !== 'string' || typeof b !== 'string')
      throw badJson('interval 应为两个时间字符串（开放端写作 ..）')
    return intervalOperand(a, b)
  }
  if (Array.isArray(v.bbox)) {
    const n = v.bbox as unknown[]
    if (n.length !== 4 || !n.every((x) => typeof x === 'number')) throw badJson('bbox 应为 4 个数字')
    const [w, s, e, nn] = n as [number, number, number, number]
    return geometryOperand(boxPolygon({ minx: w, miny: s, maxx: e, maxy: nn }))
  }
  if (typeof v.type === 'string' && (GEOMETRY_TYPES as readonly string[]).includes(v.type)) return geometryOperand(v)
  if (v.op === 'casei' || v.op === 'lower') {
    const [inner] = argsOf(v, 'casei', 1)
    const o = operand(inner, depth + 1)
    if (o.kind !== 'property' && o.kind !== 'literal') throw badJson('casei 的参数应为属性或字符串')
    return { ...o, casei: true }
  }
  if (typeof v.op === 'string')
    throw new FilterError('stac.cql2.unknownOperator', { name: quoteText(v.op, 30), supported: 'casei（作为参数时）' })
  throw badJson(`无法识别的参数 ${quoteText(JSON.stringify(v), 60)}`)
}

function condition(ctx: Cql2Context, node: unknown, depth: number): Condition {
  if (depth > FILTER_LIMITS.maxDepth)
    throw new FilterError('stac.cql2.tooDeep', { depth: FILTER_LIMITS.maxDepth, nodes: FILTER_LIMITS.maxNodes })
  if (typeof node === 'boolean') return { op: 'const', value: node }
  if (!isObject(node) || typeof node.op !== 'string') throw badJson('每个条件应为 {"op": …, "args": […]} 形式的对象')
  const name = node.op
  const lower = name.toLowerCase()
  if (lower === 'and' || lower === 'or') {
    const args = argsOf(node, name, [2, FILTER_LIMITS.maxNodes])
    return { op: lower, items: args.map((a) => condition(ctx, a, depth + 1)) }
  }
  if (lower === 'not') return { op: 'not', item: condition(ctx, argsOf(node, name, 1)[0], depth + 1) }
  if ((COMPARISONS as readonly string[]).includes(name)) {
    const [a, b] = argsOf(node, name, 2)
    return comparison(ctx, name as Comparison, operand(a, depth), operand(b, depth))
  }
  if (lower === 'like') {
    const [a, b] = argsOf(node, name, 2)
    return like(ctx, operand(a, depth), operand(b, depth))
  }
  if (lower === 'between') {
    const [a, b, c] = argsOf(node, name, 3)
    return between(ctx, operand(a, depth), operand(b, depth), operand(c, depth))
  }
  if (lower === 'in') {
    const [a, b] = argsOf(node, name, 2)
    return inList(ctx, operand(a, depth), operand(b, depth))
  }
  if (lower === 'isnull') return isNull(ctx, operand(argsOf(node, name, 1)[0], depth))
  if (lower.startsWith('s_')) {
    const [a, b] = argsOf(node, name, 2)
    return spatial(ctx, lower, operand(a, depth), operand(b, depth))
  }
  if (lower.startsWith('t_')) {
    const [a, b] = argsOf(node, name, 2)
    return temporal(ctx, lower, operand(a, depth), operand(b, depth))
  }
  if (lower.startsWith('a_')) {
    const [a, b] = argsOf(node, name, 2)
    return arrayOp(ctx, lower === 'a_containedby' ? 'a_containedBy' : lower, operand(a, depth), operand(b, depth))
  }
  throw new FilterError('stac.cql2.unknownOperator', { name: quoteText(name, 30), supported: CQL2_OPERATORS.join(', ') })
}

/** A control character hidden in a JSON escape (\u0000) reaches the server only once parsed: refused here. */
function refuseControlCharacter(text: string): void {
  const character = forbiddenCharacter(text, { multiline: true })
  if (character) throw new FilterError('input.controlCharacter', { character, field: 'filter' })
}

/** Parses CQL2-JSON (text or an already parsed value, as a POST body carries it). */
export function parseCql2Json(input: unknown, ctx: Cql2Context): Condition {
  let value = input
  if (typeof input === 'string') {
    if (input.length > FILTER_LIMITS.maxChars) throw new FilterError('stac.cql2.tooLong', { max: FILTER_LIMITS.maxChars })
    try {
      // the reviver sees every key and string however deep, before the tree is read
      value = JSON.parse(input, (key, item: unknown) => {
        refuseControlCharacter(key)
        if (typeof item === 'string') refuseControlCharacter(item)
        return item
      })
    } catch (error) {
      if (error instanceof FilterError) throw error
      throw new FilterError('stac.cql2.notJson')
    }
  } else if (JSON.stringify(input ?? null).length > FILTER_LIMITS.maxChars) {
    throw new FilterError('stac.cql2.tooLong', { max: FILTER_LIMITS.maxChars })
  }
  return finish(condition(ctx, value, 1))
}
