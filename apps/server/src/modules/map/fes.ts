import type { MessageKey } from '@rs/shared'
import { DOMParser, type Element } from '@xmldom/xmldom'
import { type Comparison, type Condition, FILTER_LIMITS } from '../../lib/filter/ast'
import { findForbiddenXmlCharacter } from '../../lib/xml'
import { findAttribute, type LayerAttribute, type LayerDef } from './layers'
import { OgcError, quote } from './ogc'
import { type Box, parseBox, parseCrs, toLonLatBox } from './params'

/**
 * FES 2.0 filters (and the FES 1.1 spelling PropertyName) parsed into the one filter tree of
 * lib/filter. Only registry attributes may appear; literals stay values and become bound
 * parameters when compiled to SQL.
 */
export type { Condition }

const MAX_FILTER_CHARS = FILTER_LIMITS.maxChars
const MAX_DEPTH = FILTER_LIMITS.maxDepth
const MAX_NODES = FILTER_LIMITS.maxNodes

const COMPARISONS: Record<string, Comparison> = {
  PropertyIsEqualTo: '=',
  PropertyIsNotEqualTo: '<>',
  PropertyIsLessThan: '<',
  PropertyIsGreaterThan: '>',
  PropertyIsLessThanOrEqualTo: '<=',
  PropertyIsGreaterThanOrEqualTo: '>=',
}
export const SUPPORTED_OPERATORS = [
  'And',
  'Or',
  'Not',
  ...Object.keys(COMPARISONS),
  'PropertyIsLike',
  'PropertyIsNull',
  'PropertyIsBetween',
  'BBOX',
  'ResourceId',
]

const fail = (key: MessageKey, params?: Record<string, string | number>) => OgcError.of('InvalidParameterValue', 'FILTER', key, params)

function children(el: Element): Element[] {
  const out: Element[] = []
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element)
  return out
}

function text(el: Element): string {
  return (el.textContent ?? '').trim()
}

/** Parses the FILTER parameter for a layer. */
export function parseFilter(xml: string, layer: LayerDef): Condition {
  if (xml.length > MAX_FILTER_CHARS) throw fail('ogc.errors.filter.tooLarge', { max: MAX_FILTER_CHARS })
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw fail('ogc.errors.filter.doctype')
  // the parser decodes &#x0; and its kind without complaint; refused as the raw character is
  const forbidden = findForbiddenXmlCharacter(xml)
  if (forbidden?.reference) throw fail('input.characterReference', { ...forbidden, field: 'FILTER' })
  if (forbidden) throw fail('input.xmlCharacter', { character: forbidden.character, field: 'FILTER' })
  let root: Element | null
  try {
    const doc = new DOMParser({
      locator: false,
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(xml, 'text/xml')
    root = doc.documentElement
  } catch {
    throw fail('ogc.errors.filter.notXml')
  }
  if (root?.localName !== 'Filter') throw fail('ogc.errors.filter.root')
  let nodes = 0
  const walk = (el: Element, depth: number): Condition => {
    nodes += 1
    if (depth > MAX_DEPTH || nodes > MAX_NODES) throw fail('ogc.errors.filter.tooDeep', { max: MAX_DEPTH })
    return parseOperator(el, layer, (child) => walk(child, depth + 1))
  }
  const top = children(root)
  if (top.length === 0) throw fail('ogc.errors.filter.emptyLogic', { name: 'Filter', min: 1 })
  // several ResourceId elements side by side form one id list
  if (top.every((e) => e.localName === 'ResourceId' || e.localName === 'FeatureId' || e.localName === 'GmlObjectId'))
    return { op: 'ids', ids: top.map((e) => resourceId(e, layer)) }
  if (top.length > 1) throw fail('ogc.errors.filter.emptyLogic', { name: 'Filter', min: 1 })
  return walk(top[0] as Element, 1)
}

function resourceId(el: Element, layer: LayerDef): string {
  const rid = el.getAttribute('rid') || el.getAttribute('fid') || el.getAttributeNS('http://www.opengis.net/gml/3.2', 'id') || ''
  return parseResourceId(rid, layer)
}

/** `region.110000` → `110000`; the layer part must name the queried layer. */
export function parseResourceId(rid: string, layer: LayerDef): string {
  const dot = rid.lastIndexOf('.')
  const owner = dot > 0 ? rid.slice(0, dot) : ''
  const id = rid.slice(dot + 1)
  const ownerBare = owner.includes(':') ? owner.slice(owner.indexOf(':') + 1) : owner
  if (ownerBare !== layer.name || !/^[A-Za-z0-9_-]{1,40}$/.test(id))
    throw OgcError.of('InvalidParameterValue', 'RESOURCEID', 'ogc.errors.badResourceId', { value: quote(rid) })
  return id
}

function propertyOf(el: Element, layer: LayerDef): LayerAttribute {
  const name = text(el)
  const attr = findAttribute(layer, name.replace(/^.*\//, ''))
  if (!attr)
    throw OgcError.of('InvalidParameterValue', 'FILTER', 'ogc.errors.unknownProperty', {
      name: quote(name, 40),
      available: layer.attributes.map((a) => a.name).join(', '),
    })
  return attr
}

const isProperty = (e: Element) => e.localName === 'ValueReference' || e.localName === 'PropertyName'

function literalFor(attr: LayerAttribute, raw: string): string | number {
  if (attr.type === 'string') return raw
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(raw))
    throw fail('ogc.errors.filter.notNumber', { name: attr.name, value: quote(raw, 40) })
  return Number(raw)
}

function parseOperator(el: Element, layer: LayerDef, walk: (el: Element) => Condition): Condition {
  const name = el.localName ?? ''
  const kids = children(el)
  if (name === 'And' || name === 'Or') {
    if (kids.length < 2) throw fail('ogc.errors.filter.emptyLogic', { name, min: 2 })
    return { op: name === 'And' ? 'and' : 'or', items: kids.map(walk) }
  }
  if (name === 'Not') {
    if (kids.length !== 1) throw fail('ogc.errors.filter.emptyLogic', { name, min: 1 })
    return { op: 'not', item: walk(kids[0] as Element) }
  }
  const cmp = Object.hasOwn(COMPARISONS, name) ? COMPARISONS[name] : undefined
  if (cmp) {
    const prop = kids.find(isProperty)
    const literal = kids.find((e) => e.localName === 'Literal')
    if (kids.length !== 2 || !prop || !literal || children(literal).length > 0) throw fail('ogc.errors.filter.operands', { name })
    const attr = propertyOf(prop, layer)
    return { op: 'compare', cmp, attr, value: literalFor(attr, text(literal)), matchCase: el.getAttribute('matchCase') !== 'false' }
  }
  if (name === 'PropertyIsLike') {
    const prop = kids.find(isProperty)
    const literal = kids.find((e) => e.localName === 'Literal')
    if (kids.length !== 2 || !prop || !literal) throw fail('ogc.errors.filter.operands', { name })
    const wild = el.getAttribute('wildCard') ?? ''
    const single = el.getAttribute('singleChar') ?? ''
    const escapeChar = el.getAttribute('escapeChar') ?? el.getAttribute('escape') ?? ''
    if ([wild, single, escapeChar].some((c) => [...c].length !== 1) || new Set([wild, single, escapeChar]).size !== 3)
      throw fail('ogc.errors.filter.likeOptions')
    return {
      op: 'like',
      attr: propertyOf(prop, layer),
      pattern: likePattern(text(literal), wild, single, escapeChar),
      matchCase: el.getAttribute('matchCase') !== 'false',
    }
  }
  if (name === 'PropertyIsNull') {
    const prop = kids.find(isProperty)
    if (kids.length !== 1 || !prop) throw fail('ogc.errors.filter.operands', { name })
    return { op: 'null', attr: propertyOf(prop, layer) }
  }
  if (name === 'PropertyIsBetween') {
    const prop = kids.find(isProperty)
    const lower = kids.find((e) => e.localName === 'LowerBoundary')
    const upper = kids.find((e) => e.localName === 'UpperBoundary')
    const lowerLiteral = lower && children(lower).find((e) => e.localName === 'Literal')
    const upperLiteral = upper && children(upper).find((e) => e.localName === 'Literal')
    if (kids.length !== 3 || !prop || !lowerLiteral || !upperLiteral) throw fail('ogc.errors.filter.operands', { name })
    const attr = propertyOf(prop, layer)
    return { op: 'between', attr, lower: literalFor(attr, text(lowerLiteral)), upper: literalFor(attr, text(upperLiteral)) }
  }
  if (name === 'BBOX') {
    const envelope = kids.find((e) => e.localName === 'Envelope')
    const others = kids.filter((e) => e !== envelope)
    if (!envelope || others.some((e) => !isProperty(e))) throw fail('ogc.errors.filter.envelope')
    return { op: 'bbox', box: envelopeBox(envelope) }
  }
  if (name === 'ResourceId' || name === 'FeatureId' || name === 'GmlObjectId') return { op: 'ids', ids: [resourceId(el, layer)] }
  throw fail('ogc.errors.filter.operator', { name: quote(name, 40), supported: SUPPORTED_OPERATORS.join(', ') })
}

function envelopeBox(envelope: Element): Box {
  const srs = envelope.getAttribute('srsName') || 'urn:ogc:def:crs:EPSG::4326'
  const crs = parseCrs(srs)
  const kids = children(envelope)
  const lower = kids.find((e) => e.localName === 'lowerCorner')
  const upper = kids.find((e) => e.localName === 'upperCorner')
  if (!crs || !lower || !upper) throw fail('ogc.errors.filter.envelope')
  const parts = [...text(lower).split(/\s+/), ...text(upper).split(/\s+/)]
  try {
    return toLonLatBox(parseBox(parts.join(','), crs, 'FILTER', parts), crs)
  } catch {
    throw fail('ogc.errors.filter.envelope')
  }
}

/** FES wildcards to a SQL LIKE pattern whose escape character is a backslash. */
function likePattern(literal: string, wild: string, single: string, escapeChar: string): string {
  let out = ''
  const chars = [...literal]
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string
    if (c === escapeChar && i + 1 < chars.length) {
      i += 1
      out += escapeLike(chars[i] as string)
    } else if (c === wild) out += '%'
    else if (c === single) out += '_'
    else out += escapeLike(c)
  }
  return out
}

const escapeLike = (c: string) => (c === '%' || c === '_' || c === '\\' ? `\\${c}` : c)
