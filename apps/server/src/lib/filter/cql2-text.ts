import { type Comparison, type Condition, FILTER_LIMITS, FilterError, quoteText } from './ast'
import {
  arrayOp,
  between,
  COMPARISONS,
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
import { boxPolygon } from './geometry'

/**
 * CQL2-text (OGC 21-065) parsed by recursive descent into the filter tree: AND/OR/NOT, the six
 * comparisons, [NOT] LIKE, [NOT] BETWEEN, [NOT] IN, IS [NOT] NULL, CASEI(), S_INTERSECTS with WKT or
 * BBOX(), T_* with TIMESTAMP(), DATE() and INTERVAL(), A_* on instruments, TRUE and FALSE.
 */

type Token =
  | { t: 'word'; v: string; at: number }
  | { t: 'quoted'; v: string; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'number'; v: number; at: number }
  | { t: 'punct'; v: string; at: number }
  | { t: 'end'; at: number }

const PUNCT = ['<=', '>=', '<>', '!=', '=', '<', '>', '(', ')', ',', '[', ']']

function tokenize(text: string): Token[] {
  const out: Token[] = []
  let i = 0
  const syntax = (at: number, expected: string) => new FilterError('stac.cql2.syntax', { position: at + 1, expected })
  while (i < text.length) {
    const c = text[i] as string
    if (/\s/.test(c)) {
      i += 1
      continue
    }
    const at = i
    if (c === "'") {
      let v = ''
      i += 1
      for (;;) {
        if (i >= text.length) throw syntax(at, '字符串缺少结尾的单引号')
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            v += "'"
            i += 2
            continue
          }
          i += 1
          break
        }
        v += text[i]
        i += 1
      }
      out.push({ t: 'string', v, at })
      continue
    }
    if (c === '"') {
      const end = text.indexOf('"', i + 1)
      if (end < 0) throw syntax(at, '属性名缺少结尾的双引号')
      out.push({ t: 'quoted', v: text.slice(i + 1, end), at })
      i = end + 1
      continue
    }
    const num = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))
    if (num && (/\d|\./.test(c) || ((c === '-' || c === '+') && !/[\w"')\]]/.test(lastChar(out))))) {
      out.push({ t: 'number', v: Number(num[0]), at })
      i += num[0].length
      continue
    }
    const word = /^[A-Za-z_][A-Za-z0-9_:.]*/.exec(text.slice(i))
    if (word) {
      out.push({ t: 'word', v: word[0], at })
      i += word[0].length
      continue
    }
    const p = PUNCT.find((x) => text.startsWith(x, i))
    if (!p) throw syntax(at, `无法识别的字符“${c}”`)
    out.push({ t: 'punct', v: p === '!=' ? '<>' : p, at })
    i += p.length
  }
  out.push({ t: 'end', at: text.length })
  return out
}

function lastChar(tokens: Token[]): string {
  const last = tokens[tokens.length - 1]
  if (!last) return ''
  if (last.t === 'punct') return last.v === ')' || last.v === ']' ? ')' : ''
  return last.t === 'end' ? '' : 'a'
}

const GEOMETRY_WORDS = ['POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'BBOX', 'ENVELOPE']
const TEMPORAL = ['T_INTERSECTS', 'T_BEFORE', 'T_AFTER', 'T_EQUALS', 'T_DURING', 'T_DISJOINT']
const ARRAY = ['A_CONTAINS', 'A_CONTAINEDBY', 'A_OVERLAPS', 'A_EQUALS']
const SPATIAL = ['S_INTERSECTS']
const RESERVED = new Set(['AND', 'OR', 'NOT', 'LIKE', 'BETWEEN', 'IN', 'IS', 'NULL'])

class Parser {
  private i = 0
  private readonly tokens: Token[]

  constructor(
    text: string,
    private readonly ctx: Cql2Context,
  ) {
    this.tokens = tokenize(text)
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)] as Token
  }

  private next(): Token {
    const tok = this.peek()
    if (this.i < this.tokens.length - 1) this.i += 1
    return tok
  }

  private fail(expected: string, tok: Token = this.peek()): FilterError {
    if (tok.t === 'end') return new FilterError('stac.cql2.unexpectedEnd', { expected })
    return new FilterError('stac.cql2.syntax', { position: tok.at + 1, expected })
  }

  private isWord(w: string, offset = 0): boolean {
    const tok = this.peek(offset)
    return tok.t === 'word' && tok.v.toUpperCase() === w
  }

  private isPunct(p: string, offset = 0): boolean {
    const tok = this.peek(offset)
    return tok.t === 'punct' && tok.v === p
  }

  private expectPunct(p: string): void {
    if (!this.isPunct(p)) throw this.fail(`此处应为“${p}”`)
    this.next()
  }

  private expectWord(w: string): void {
    if (!this.isWord(w)) throw this.fail(`此处应为 ${w}`)
    this.next()
  }

  parse(): Condition {
    const c = this.or(1)
    if (this.peek().t !== 'end') throw this.fail('此处应结束，或用 AND / OR 连接下一个条件')
    return finish(c)
  }

  private depthCheck(depth: number) {
    if (depth > FILTER_LIMITS.maxDepth * 2)
      throw new FilterError('stac.cql2.tooDeep', { depth: FILTER_LIMITS.maxDepth, nodes: FILTER_LIMITS.maxNodes })
  }

  private or(depth: number): Condition {
    this.depthCheck(depth)
    const items = [this.and(depth + 1)]
    while (this.isWord('OR')) {
      this.next()
      items.push(this.and(depth + 1))
    }
    return items.length === 1 ? (items[0] as Condition) : { op: 'or', items }
  }

  private and(depth: number): Condition {
    const items = [this.not(depth + 1)]
    while (this.isWord('AND')) {
      this.next()
      items.push(this.not(depth + 1))
    }
    return items.length === 1 ? (items[0] as Condition) : { op: 'and', items }
  }

  private not(depth: number): Condition {
    this.depthCheck(depth)
    if (this.isWord('NOT')) {
      this.next()
      return { op: 'not', item: this.not(depth + 1) }
    }
    return this.primary(depth + 1)
  }

  private primary(depth: number): Condition {
    if (this.isPunct('(')) {
      this.next()
      const c = this.or(depth + 1)
      this.expectPunct(')')
      return c
    }
    const tok = this.peek()
    if (tok.t === 'word' && this.isPunct('(', 1)) {
      const name = tok.v.toUpperCase()
      if (SPATIAL.includes(name) || TEMPORAL.includes(name) || ARRAY.includes(name)) {
        this.next()
        this.expectPunct('(')
        const a = this.operand()
        this.expectPunct(',')
        const b = this.operand()
        this.expectPunct(')')
        const op = name.toLowerCase().replace('containedby', 'containedBy')
        if (SPATIAL.includes(name)) return spatial(this.ctx, op, a, b)
        if (TEMPORAL.includes(name)) return temporal(this.ctx, op, a, b)
        return arrayOp(this.ctx, op, a, b)
      }
      if (/^[ST]_|^A_/.test(name) && !['CASEI', 'TIMESTAMP', 'DATE', 'INTERVAL'].includes(name))
        throw new FilterError('stac.cql2.unknownOperator', {
          name: quoteText(tok.v, 30),
          supported: [...SPATIAL, ...TEMPORAL, ...ARRAY].join(', '),
        })
    }
    if (this.isWord('TRUE') || this.isWord('FALSE')) {
      const value = this.next() as { v: string }
      if (!this.comparisonAhead()) return { op: 'const', value: value.v.toUpperCase() === 'TRUE' }
      this.i -= 1
    }
    const left = this.operand()
    const negate = this.isWord('NOT') && (this.isWord('LIKE', 1) || this.isWord('BETWEEN', 1) || this.isWord('IN', 1))
    if (negate) this.next()
    const wrap = (c: Condition): Condition => (negate ? { op: 'not', item: c } : c)
    if (this.isWord('LIKE')) {
      this.next()
      return wrap(like(this.ctx, left, this.operand()))
    }
    if (this.isWord('BETWEEN')) {
      this.next()
      const lower = this.operand()
      this.expectWord('AND')
      return wrap(between(this.ctx, left, lower, this.operand()))
    }
    if (this.isWord('IN')) {
      this.next()
      return wrap(inList(this.ctx, left, this.list()))
    }
    if (this.isWord('IS')) {
      this.next()
      const not = this.isWord('NOT')
      if (not) this.next()
      this.expectWord('NULL')
      const c = isNull(this.ctx, left)
      return not ? { op: 'not', item: c } : c
    }
    const op = this.peek()
    if (op.t === 'punct' && (COMPARISONS as readonly string[]).includes(op.v)) {
      this.next()
      return comparison(this.ctx, op.v as Comparison, left, this.operand())
    }
    throw this.fail('此处应为比较运算（= <> < > <= >=）、LIKE、BETWEEN、IN 或 IS NULL')
  }

  private comparisonAhead(): boolean {
    const op = this.peek()
    return op.t === 'punct' && (COMPARISONS as readonly string[]).includes(op.v)
  }

  private list(): Operand {
    this.expectPunct('(')
    const items: Operand[] = []
    if (!this.isPunct(')')) {
      items.push(this.operand())
      while (this.isPunct(',')) {
        this.next()
        items.push(this.operand())
        if (items.length > FILTER_LIMITS.maxList) throw new FilterError('stac.cql2.tooManyValues', { max: FILTER_LIMITS.maxList })
      }
    }
    this.expectPunct(')')
    return { kind: 'list', items }
  }

  private stringArg(): string {
    const tok = this.next()
    if (tok.t !== 'string') throw this.fail('此处应为单引号括起的字符串', tok)
    return tok.v
  }

  private operand(): Operand {
    const tok = this.peek()
    if (tok.t === 'string') {
      this.next()
      return { kind: 'literal', value: tok.v, casei: false }
    }
    if (tok.t === 'number') {
      this.next()
      return { kind: 'literal', value: tok.v, casei: false }
    }
    if (tok.t === 'quoted') {
      this.next()
      return { kind: 'property', name: tok.v, casei: false }
    }
    if (tok.t === 'punct' && tok.v === '(') return this.list()
    if (tok.t !== 'word') throw this.fail('此处应为属性名、字面值或几何')
    const upper = tok.v.toUpperCase()
    const call = this.isPunct('(', 1)
    if (call && (upper === 'CASEI' || upper === 'LOWER')) {
      this.next()
      this.expectPunct('(')
      const inner = this.operand()
      this.expectPunct(')')
      if (inner.kind !== 'property' && inner.kind !== 'literal') throw this.fail('CASEI 的参数应为属性名或字符串')
      return { ...inner, casei: true }
    }
    if (call && upper === 'TIMESTAMP') {
      this.next()
      this.expectPunct('(')
      const iso = instant(this.stringArg(), 'TIMESTAMP')
      this.expectPunct(')')
      return { kind: 'instant', iso }
    }
    if (call && upper === 'DATE') {
      this.next()
      this.expectPunct('(')
      const o = dateOperand(this.stringArg())
      this.expectPunct(')')
      return o
    }
    if (call && upper === 'INTERVAL') {
      this.next()
      this.expectPunct('(')
      const a = this.stringArg()
      this.expectPunct(',')
      const b = this.stringArg()
      this.expectPunct(')')
      return intervalOperand(a, b)
    }
    if (GEOMETRY_WORDS.includes(upper) && (call || this.isWord('Z', 1) || this.isWord('EMPTY', 1))) return this.geometry()
    if (call)
      throw new FilterError('stac.cql2.unknownOperator', {
        name: quoteText(tok.v, 30),
        supported: 'CASEI, TIMESTAMP, DATE, INTERVAL, BBOX, WKT',
      })
    if (RESERVED.has(upper) || upper === 'TRUE' || upper === 'FALSE') {
      if (upper === 'TRUE' || upper === 'FALSE') {
        this.next()
        return { kind: 'literal', value: upper === 'TRUE', casei: false }
      }
      throw this.fail('此处应为属性名或字面值')
    }
    this.next()
    return { kind: 'property', name: tok.v, casei: false }
  }

  /** WKT (2D; a Z is read and dropped) or BBOX/ENVELOPE, as a checked GeoJSON operand. */
  private geometry(): Operand {
    const word = (this.next() as { v: string }).v.toUpperCase()
    if (word === 'BBOX' || word === 'ENVELOPE') {
      this.expectPunct('(')
      const n: number[] = [this.num()]
      while (this.isPunct(',')) {
        this.next()
        n.push(this.num())
      }
      this.expectPunct(')')
      if (n.length !== 4) throw this.fail('BBOX 应有 4 个数：最小经度, 最小纬度, 最大经度, 最大纬度')
      // ENVELOPE is (west, east, north, south); BBOX is (west, south, east, north)
      const [w, s, e, nn] = (word === 'ENVELOPE' ? [n[0], n[3], n[1], n[2]] : n) as [number, number, number, number]
      return geometryOperand(boxPolygon({ minx: w, miny: s, maxx: e, maxy: nn }))
    }
    if (this.isWord('Z')) this.next()
    if (this.isWord('EMPTY')) throw this.fail('几何不能为空（EMPTY）')
    const type = {
      POINT: 'Point',
      LINESTRING: 'LineString',
      POLYGON: 'Polygon',
      MULTIPOINT: 'MultiPoint',
      MULTILINESTRING: 'MultiLineString',
      MULTIPOLYGON: 'MultiPolygon',
    }[word] as string
    const depth = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 }[type] as number
    const coordinates = type === 'Point' ? this.pointParens() : type === 'MultiPoint' ? this.multiPoint() : this.nested(depth)
    return geometryOperand({ type, coordinates })
  }

  private num(): number {
    const tok = this.next()
    if (tok.t !== 'number') throw this.fail('此处应为数字', tok)
    return tok.v
  }

  private position(): number[] {
    const p = [this.num(), this.num()]
    if (this.peek().t === 'number') p.push(this.num())
    return p
  }

  private pointParens(): number[] {
    this.expectPunct('(')
    const p = this.position()
    this.expectPunct(')')
    return p
  }

  /** MULTIPOINT ((1 2), (3 4)) or the older MULTIPOINT (1 2, 3 4). */
  private multiPoint(): number[][] {
    this.expectPunct('(')
    const out: number[][] = []
    for (;;) {
      out.push(this.isPunct('(') ? this.pointParens() : this.position())
      if (!this.isPunct(',')) break
      this.next()
      if (out.length > FILTER_LIMITS.maxVertices) break
    }
    this.expectPunct(')')
    return out
  }

  /** depth 1: (x y, x y); depth 2: ((…), (…)); depth 3: (((…)), ((…))). */
  private nested(depth: number): unknown[] {
    this.expectPunct('(')
    const out: unknown[] = []
    let count = 0
    for (;;) {
      out.push(depth === 1 ? this.position() : this.nested(depth - 1))
      count += 1
      if (count > FILTER_LIMITS.maxVertices) throw new FilterError('stac.cql2.tooManyVertices', { max: FILTER_LIMITS.maxVertices })
      if (!this.isPunct(',')) break
      this.next()
    }
    this.expectPunct(')')
    return out
  }
}

/** Parses CQL2-text for a set of queryables; a mistake is a FilterError naming where and what. */
export function parseCql2Text(text: string, ctx: Cql2Context): Condition {
  if (text.length > FILTER_LIMITS.maxChars) throw new FilterError('stac.cql2.tooLong', { max: FILTER_LIMITS.maxChars })
  if (text.trim() === '') throw new FilterError('stac.cql2.unexpectedEnd', { expected: '此处应为一个条件' })
  return new Parser(text, ctx).parse()
}
