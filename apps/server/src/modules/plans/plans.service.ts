import {
  type MessageKey,
  PERMISSION,
  PLAN_EDITABLE_STATES,
  PLAN_LIMITS,
  type PlanDetail,
  type PlanEvent,
  type PlanItemEvent,
  type PlanItemInput,
  type PlanItemState,
  type PlanState,
  type PlanSummary,
  type PlanUnitType,
  type PlanYear,
  type PlanYearEvent,
  type PlanYearState,
  parsePlanMonths,
  planConclusion,
  planItemMachine,
  planMachine,
  planMonthsText,
  planUnitTypeOf,
  planYearMachine,
  planYearTakesFilling,
  regionContains,
  regionScope,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import type { Kysely } from 'kysely'
import type { AreaCounty, AreaCoverage } from '../../capabilities/coverage'
import type { MailContent } from '../../capabilities/notification'
import type { Database } from '../../db/schema'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { isEnglish, regionName } from '../../lib/region-names'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import { requireSeparateActor } from '../../lib/workflow'
import { heldOf, itemAreas } from './held'
import { planMail } from './mail'
import type { PlanAreas } from './plan-area'
import type { ItemRow, ItemValues, OverlapRow, PlanRow, PlansRepository, YearRow } from './plans.repository'

interface Logger {
  error(obj: unknown, msg?: string): void
}

/** A logged-in caller with what the plans decide by: permissions and area ranges. */
export type PlanCaller = Caller & Pick<SessionUser, 'permissions' | 'regionIds'>

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
const round2 = (v: number) => Math.round(Number(v) * 100) / 100

const isMinistry = (caller: Pick<PlanCaller, 'permissions'>) => caller.permissions.includes(PERMISSION.planPublish)
const seesPlans = (caller: Pick<PlanCaller, 'permissions'>) =>
  [PERMISSION.planFill, PERMISSION.planPublish, PERMISSION.overallAnalysis].some((code) => caller.permissions.includes(code))

function transitionError(key: MessageKey, stateKey: string, actionKey: string) {
  return ApiError.of(409, key, { state: t(stateKey as MessageKey), action: t(actionKey as MessageKey) })
}
const planTransitionError = (state: PlanState, event: PlanEvent) =>
  transitionError('plan.errors.transition', `plan.state.${state}`, `plan.event.${event}`)
const itemTransitionError = (state: PlanItemState, event: PlanItemEvent) =>
  transitionError('plan.errors.itemTransition', `plan.itemState.${state}`, `plan.event.${event === 'revise' ? 'submit' : event}`)

export function toPlanYear(row: YearRow, now = new Date()): PlanYear {
  return {
    year: row.year,
    state: row.state,
    deadline: row.deadline,
    purchaseYear: row.purchase_year,
    requested: row.requested,
    resolutionTypes: row.resolution_types as PlanYear['resolutionTypes'],
    takesFilling: planYearTakesFilling(row, now),
    demo: row.demo,
    plans: row.plans,
    publishedAt: iso(row.published_at),
  }
}

export function toPlanSummary(row: PlanRow): PlanSummary {
  return {
    id: row.id,
    year: row.year,
    unitRegion: row.unit_region,
    unitName: regionName(row.unit_region, row.unit_name),
    unitType: row.unit_type,
    revision: row.revision,
    live: row.live,
    state: row.state,
    demo: row.demo,
    items: row.items,
    areaKm2: round2(row.area_km2),
    budget: round2(row.budget),
    itemStates: { pending: row.pending, accepted: row.accepted, returned: row.returned },
    createdBy: row.created_by_name,
    submittedBy: row.submitted_by_name,
    submittedAt: iso(row.submitted_at),
    reviewedBy: row.reviewed_by_name,
    publishedAt: iso(row.published_at),
    updatedAt: iso(row.updated_at) as string,
  }
}

const toOther = (o: OverlapRow) => ({
  itemId: o.other_id,
  itemName: o.other_name,
  unitRegion: o.unit_region,
  unitName: regionName(o.unit_region, o.unit_name),
  planState: o.plan_state,
  areaKm2: round2(o.area_km2),
  geometry: o.geometry ? (JSON.parse(o.geometry) as unknown) : null,
})

/**
 * The procurement plans' workflow: years opened, closed and published by the ministry; a unit's
 * plan filled item by item inside its range, submitted, reviewed item by item, revised and
 * published; each change inside a transaction that locks the plan (or year), through the shared
 * machines, audited, and mailed to the other party after the commit.
 */
export function createPlansService(
  db: Kysely<Database>,
  repo: PlansRepository,
  deps: {
    areas: PlanAreas
    coverage: AreaCoverage
    audit: AuditRecorder
    sendMail: (to: string, mail: MailContent) => Promise<void>
    log: Logger
  },
) {
  async function requireYear(year: number): Promise<YearRow> {
    const row = await repo.year(db, year)
    if (!row) throw ApiError.of(404, 'plan.errors.yearNotFound', { year })
    return row
  }

  /** The plan if the caller may see it: the ministry every plan, a unit's users those inside their range. */
  function canSee(caller: PlanCaller, plan: Pick<PlanRow, 'unit_region'>): boolean {
    if (isMinistry(caller) || caller.regionIds.includes(WHOLE_COUNTRY_CODE)) return seesPlans(caller)
    return seesPlans(caller) && caller.regionIds.some((code) => regionContains(code, plan.unit_region))
  }
  const canFill = (caller: PlanCaller, plan: Pick<PlanRow, 'unit_region'>) =>
    caller.permissions.includes(PERMISSION.planFill) && caller.regionIds.some((code) => regionContains(code, plan.unit_region))

  async function visiblePlan(caller: PlanCaller, id: number): Promise<PlanRow> {
    const plan = await repo.plan(db, id)
    if (!plan || !canSee(caller, plan)) throw ApiError.of(404, 'plan.errors.notFound')
    return plan
  }

  async function mailSafely(to: string | null | string[], mail: MailContent, context: Record<string, unknown>) {
    for (const address of (Array.isArray(to) ? to : [to]).filter((a): a is string => !!a)) {
      try {
        await deps.sendMail(address, mail)
      } catch (error) {
        deps.log.error({ err: error, ...context }, 'plan mail not sent')
      }
    }
  }

  /** An item's cells as the repository stores them: each county's runs as bytes, its share and count. */
  const storedCells = (cells: ReadonlyMap<string, AreaCounty>) =>
    [...cells].map(([county, c]) => ({ county, bits: deps.coverage.pack(c.runs), share: c.share, count: c.count }))

  async function itemsOf(plan: PlanRow, purchaseYear: number): Promise<PlanDetail['list']> {
    const items = await repo.items(db, plan.id)
    if (items.length === 0) return []
    const cells = itemAreas(
      deps.coverage,
      await repo.itemCells(
        db,
        items.map((i) => i.id),
      ),
    )
    const overlaps = await repo.overlapsOf(
      db,
      items.map((i) => i.id),
    )
    return Promise.all(
      items.map(async (i: ItemRow) => {
        const held = await heldOf(
          deps.coverage,
          cells.get(i.id) ?? new Map(),
          { resolution: i.resolution, months: i.months, areaKm2: i.area_km2 },
          purchaseYear,
        )
        return {
          id: i.id,
          seq: i.seq,
          name: i.name,
          areaSource: i.area_source,
          regionCodes: i.region_codes,
          regionNames: isEnglish() ? [...new Set(i.region_codes)].sort().map((c) => regionName(c, c)) : i.region_names,
          areaKm2: round2(i.area_km2),
          resolution: i.resolution as PlanDetail['list'][number]['resolution'],
          months: planMonthsText(i.months),
          cjlx: i.cjlx as PlanDetail['list'][number]['cjlx'],
          purpose: i.purpose,
          ownerUnit: i.owner_unit,
          budget: round2(i.budget),
          state: i.state,
          returnReason: i.return_reason,
          overlapKm2: round2(i.overlap_km2),
          held,
          overlaps: overlaps.filter((o) => o.item_id === i.id).map(toOther),
          geometry: JSON.parse(i.geometry) as unknown,
        }
      }),
    )
  }

  /** Whether the plan takes item changes now, for this caller. */
  function editable(caller: PlanCaller, plan: PlanRow): boolean {
    return plan.live && PLAN_EDITABLE_STATES.includes(plan.state) && canFill(caller, plan)
  }

  async function detail(caller: PlanCaller, id: number): Promise<PlanDetail> {
    const plan = await visiblePlan(caller, id)
    const year = await requireYear(plan.year)
    const roles: string[] = []
    if (canFill(caller, plan)) roles.push('unit')
    if (isMinistry(caller)) roles.push('ministry')
    const events = planMachine
      .eventsFor(plan.state, roles as never[])
      .filter((e) => planMachine.separationConflict(e, caller.userId, { submitter: plan.submitted_by }) === null)
    return {
      ...toPlanSummary(plan),
      yearInfo: toPlanYear(year),
      list: await itemsOf(plan, year.purchase_year),
      editable: editable(caller, plan),
      events,
      history: await repo.history(db, plan.year, plan.unit_region),
    }
  }

  function itemValues(input: PlanItemInput, regionCodes: string[], areaSource: ItemValues['areaSource']): ItemValues {
    return {
      name: input.name.trim(),
      areaSource,
      regionCodes,
      resolution: input.resolution,
      months: parsePlanMonths(input.months ?? 'qb') ?? [],
      cjlx: input.cjlx ?? 'sc',
      purpose: (input.purpose ?? '').trim(),
      ownerUnit: input.ownerUnit.trim(),
      budget: Math.round(input.budget * 100) / 100,
    }
  }

  /** A year takes a new plan or item, a revision or a returned plan's changes aside. */
  function requireFilling(year: YearRow, plan: Pick<PlanRow, 'state' | 'revision'> | null) {
    if (plan && (plan.revision > 1 || plan.state === 'returned')) return
    if (!planYearTakesFilling(year)) throw ApiError.of(409, 'plan.errors.yearClosed', { year: year.year })
  }

  return {
    async years(caller: PlanCaller): Promise<PlanYear[]> {
      if (!seesPlans(caller)) throw ApiError.of(403, 'errors.noPermission')
      return (await repo.years(db)).map((y) => toPlanYear(y))
    },

    async openYear(
      caller: PlanCaller,
      input: { year: number; deadline: string; purchaseYear?: number; requested?: string; resolutionTypes?: string[] },
    ): Promise<PlanYear> {
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
      if (input.deadline < today) throw ApiError.of(400, 'plan.errors.deadlinePast')
      if (input.purchaseYear !== undefined && input.purchaseYear > input.year) throw ApiError.of(400, 'plan.errors.purchaseAfterPlan')
      const inserted = await repo.insertYear(db, {
        year: input.year,
        deadline: input.deadline,
        purchaseYear: input.purchaseYear ?? input.year - 1,
        requested: input.requested ?? '',
        resolutionTypes: [...new Set(input.resolutionTypes ?? [])],
        openedBy: caller.userId,
      })
      if (!inserted) throw ApiError.of(409, 'plan.errors.yearExists', { year: input.year })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planYearOpen',
        target: `plan-year:${input.year}`,
        detail: input,
      })
      return toPlanYear(await requireYear(input.year))
    },

    async yearEvent(caller: PlanCaller, input: { year: number; event: PlanYearEvent }): Promise<PlanYear & { publishedPlans: number }> {
      const published = await db.transaction().execute(async (trx) => {
        const year = await repo.year(trx, input.year, { forUpdate: true })
        if (!year) throw ApiError.of(404, 'plan.errors.yearNotFound', { year: input.year })
        const to = planYearMachine.next(year.state, input.event)
        if (!to) throw transitionError('plan.errors.yearTransition', `plan.yearState.${year.state}`, `plan.yearEvent.${input.event}`)
        let plans: PlanRow[] = []
        if (input.event === 'publish') {
          plans = await repo.acceptedPlans(trx, input.year)
          if (plans.length === 0) throw ApiError.of(409, 'plan.errors.nothingToPublish', { year: input.year })
          for (const plan of plans) {
            if (!(await repo.setPlanState(trx, plan.id, 'accepted', 'published'))) throw planTransitionError(plan.state, 'publish')
            await repo.supersedeEarlier(trx, plan.year, plan.unit_region, plan.revision)
          }
        }
        await repo.setYearState(trx, input.year, to as PlanYearState)
        return plans
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planYearEvent',
        target: `plan-year:${input.year}`,
        detail: { event: input.event, publishedPlans: published.map((p) => p.id) },
      })
      for (const plan of published)
        await mailSafely(await repo.userMail(db, plan.submitted_by), planMail('published', plan), { plan: plan.id })
      return { ...toPlanYear(await requireYear(input.year)), publishedPlans: published.length }
    },

    async list(
      caller: PlanCaller,
      query: {
        year?: number
        state?: PlanState
        unitType?: PlanUnitType
        region?: string
        all?: 'true' | 'false'
        pageNum: number
        pageSize: number
      },
    ): Promise<{ total: number; list: PlanSummary[] }> {
      if (!seesPlans(caller)) throw ApiError.of(403, 'errors.noPermission')
      const scope = isMinistry(caller) ? regionScope(['100000']) : regionScopeOf(caller)
      const { rows, total } = await repo.plans(
        db,
        { year: query.year, state: query.state, unitType: query.unitType, region: query.region, scope, all: query.all === 'true' },
        { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize },
      )
      return { total, list: rows.map(toPlanSummary) }
    },

    detail,

    /** A unit's new plan for a year, or a new revision of its published one. */
    async create(caller: PlanCaller, input: { year: number; unitRegion: string }): Promise<PlanDetail> {
      const unitType = planUnitTypeOf(input.unitRegion)
      if (!unitType) throw ApiError.of(400, 'plan.errors.ministryUnit')
      if (!canFill(caller, { unit_region: input.unitRegion }))
        throw ApiError.of(403, 'plan.errors.unitNotAllowed', { code: input.unitRegion })
      const unitName = await repo.regionName(db, input.unitRegion)
      if (!unitName) throw ApiError.of(404, 'plan.errors.unknownRegion', { code: input.unitRegion })
      const id = await db.transaction().execute(async (trx) => {
        const year = await repo.year(trx, input.year, { forUpdate: true })
        if (!year) throw ApiError.of(404, 'plan.errors.yearNotFound', { year: input.year })
        const live = await repo.livePlan(trx, input.year, input.unitRegion)
        if (live && live.state !== 'published')
          throw ApiError.of(409, 'plan.errors.planExists', { year: input.year, state: t(`plan.state.${live.state}`) })
        if (!live) requireFilling(year, null)
        // the published revision stops being the live one before its successor is (one live row per unit and year)
        if (live) await repo.setLive(trx, live.id, false)
        const planId = await repo.insertPlan(trx, {
          year: input.year,
          unitRegion: input.unitRegion,
          unitType,
          unitName,
          revision: (live?.revision ?? 0) + 1,
          createdBy: caller.userId,
        })
        if (live) {
          const oldItems = await repo.itemIds(trx, live.id)
          const partners = await repo.dropOverlaps(trx, oldItems)
          const copied = await repo.copyItems(trx, live.id, planId)
          await repo.refreshOverlaps(trx, copied)
          await repo.refreshOverlapAreas(trx, partners)
        }
        return planId
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planCreate',
        target: `plan:${id}`,
        detail: { year: input.year, unitRegion: input.unitRegion },
      })
      return detail(caller, id)
    },

    async saveItem(caller: PlanCaller, input: PlanItemInput & { planId: number; id?: number }): Promise<PlanDetail> {
      const plan = await visiblePlan(caller, input.planId)
      if (!canFill(caller, plan)) throw ApiError.of(404, 'plan.errors.notFound')
      // the area is checked and painted before the plan is locked (a worker's time is not a lock's)
      const checked = await deps.areas.check(plan.unit_region, input.area)
      const outside = deps.areas.outsideError(checked, PLAN_LIMITS.outsideTolerance)
      if (outside) throw outside
      const stored = storedCells(await deps.areas.paint(checked))
      const gridVersion = await deps.areas.gridVersion()
      const values = itemValues(input, checked.regionCodes, checked.source)
      const itemId = await db.transaction().execute(async (trx) => {
        const locked = await repo.plan(trx, plan.id, { forUpdate: true })
        if (!locked) throw ApiError.of(404, 'plan.errors.notFound')
        if (!locked.live || !PLAN_EDITABLE_STATES.includes(locked.state))
          throw ApiError.of(409, 'plan.errors.notEditable', { state: t(`plan.state.${locked.state}`) })
        const year = await repo.year(trx, locked.year)
        if (!year) throw ApiError.of(404, 'plan.errors.yearNotFound', { year: locked.year })
        let id: number
        if (input.id === undefined) {
          requireFilling(year, locked)
          if ((await repo.itemCount(trx, locked.id)) >= PLAN_LIMITS.maxItems)
            throw ApiError.of(409, 'plan.errors.tooManyItems', { max: PLAN_LIMITS.maxItems })
          id = await repo.insertItem(trx, locked.id, values, checked.geom, gridVersion)
        } else {
          const item = await repo.item(trx, input.id)
          if (!item || item.plan_id !== locked.id) throw ApiError.of(404, 'plan.errors.itemNotFound')
          if (item.state === 'accepted') throw ApiError.of(409, 'plan.errors.itemLocked')
          // the unit's edit of a returned item is its revision: back to 待审核
          const state = item.state === 'returned' ? (planItemMachine.next('returned', 'revise') as PlanItemState) : item.state
          await repo.updateItem(trx, item.id, values, checked.geom, gridVersion, state)
          id = item.id
        }
        await repo.replaceCells(trx, id, stored)
        await repo.refreshOverlaps(trx, [id])
        return id
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planItemSave',
        target: `plan-item:${itemId}`,
        detail: {
          plan: plan.id,
          name: values.name,
          areaKm2: round2(checked.areaKm2),
          resolution: values.resolution,
          budget: values.budget,
        },
      })
      return detail(caller, plan.id)
    },

    async deleteItem(caller: PlanCaller, id: number): Promise<PlanDetail> {
      const item = await repo.item(db, id)
      if (!item) throw ApiError.of(404, 'plan.errors.itemNotFound')
      const plan = await visiblePlan(caller, item.plan_id)
      if (!canFill(caller, plan)) throw ApiError.of(404, 'plan.errors.itemNotFound')
      await db.transaction().execute(async (trx) => {
        const locked = await repo.plan(trx, plan.id, { forUpdate: true })
        if (!locked?.live || !PLAN_EDITABLE_STATES.includes(locked.state))
          throw ApiError.of(409, 'plan.errors.notEditable', { state: t(`plan.state.${locked?.state ?? plan.state}`) })
        const current = await repo.item(trx, id)
        if (!current) throw ApiError.of(404, 'plan.errors.itemNotFound')
        if (current.state === 'accepted' && locked.state !== 'draft') throw ApiError.of(409, 'plan.errors.itemLocked')
        const partners = await repo.deleteItem(trx, id)
        await repo.refreshOverlapAreas(trx, partners)
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planItemDelete',
        target: `plan-item:${id}`,
        detail: { plan: plan.id, name: item.name },
      })
      return detail(caller, plan.id)
    },

    /** The form's instant check: the area, what is outside the unit, what the purchase year holds, who else plans it. */
    async check(
      caller: PlanCaller,
      input: { year: number; unitRegion: string; area: PlanItemInput['area']; resolution: string; months?: string },
    ) {
      if (!canFill(caller, { unit_region: input.unitRegion }))
        throw ApiError.of(403, 'plan.errors.unitNotAllowed', { code: input.unitRegion })
      const year = await requireYear(input.year)
      const checked = await deps.areas.check(input.unitRegion, input.area)
      const cells = await deps.areas.paint(checked)
      const months = parsePlanMonths(input.months ?? 'qb') ?? []
      const held = await heldOf(
        deps.coverage,
        cells,
        { resolution: input.resolution, months, areaKm2: checked.areaKm2 },
        year.purchase_year,
      )
      const overlaps = await repo.overlapsOfArea(db, input.year, input.unitRegion, checked.geom)
      return { areaKm2: round2(checked.areaKm2), outsideKm2: round2(checked.outsideKm2), held, overlaps: overlaps.map(toOther) }
    },

    async submit(caller: PlanCaller, id: number): Promise<PlanDetail> {
      const plan = await visiblePlan(caller, id)
      if (!canFill(caller, plan)) throw ApiError.of(404, 'plan.errors.notFound')
      const submitted = await db.transaction().execute(async (trx) => {
        const locked = await repo.plan(trx, id, { forUpdate: true })
        if (!locked) throw ApiError.of(404, 'plan.errors.notFound')
        const to = planMachine.next(locked.state, 'submit')
        if (!to || !locked.live) throw planTransitionError(locked.state, 'submit')
        if (locked.items === 0) throw ApiError.of(400, 'plan.errors.noItems')
        const year = await repo.year(trx, locked.year)
        if (!year) throw ApiError.of(404, 'plan.errors.yearNotFound', { year: locked.year })
        requireFilling(year, locked)
        if (!(await repo.setPlanState(trx, id, locked.state, to, { submittedBy: caller.userId })))
          throw planTransitionError(locked.state, 'submit')
        return locked
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planSubmit',
        target: `plan:${id}`,
        detail: { year: submitted.year, unitRegion: submitted.unit_region, items: submitted.items, revision: submitted.revision },
      })
      await mailSafely(await repo.mailOf(db, PERMISSION.planPublish), planMail('submitted', submitted), { plan: id })
      return detail(caller, id)
    },

    /**
     * The ministry decides one item of a submitted plan (never of a plan it submitted); when the
     * last item is decided the plan is accepted, or returned if any item was, in the same transaction.
     */
    async reviewItem(caller: PlanCaller, input: { id: number; decision: 'accept' | 'return'; reason?: string }): Promise<PlanDetail> {
      const reason = input.reason?.trim() || null
      if (input.decision === 'return' && !reason) throw ApiError.of(400, 'plan.errors.reasonRequired')
      const item = await repo.item(db, input.id)
      if (!item) throw ApiError.of(404, 'plan.errors.itemNotFound')
      const outcome = await db.transaction().execute(async (trx) => {
        const plan = await repo.plan(trx, item.plan_id, { forUpdate: true })
        if (!plan) throw ApiError.of(404, 'plan.errors.notFound')
        if (plan.state !== 'submitted') throw ApiError.of(409, 'plan.errors.notReviewing')
        requireSeparateActor(planMachine, input.decision, caller.userId, { submitter: plan.submitted_by }, 'plan.errors.selfReview')
        const current = await repo.item(trx, input.id)
        if (!current) throw ApiError.of(404, 'plan.errors.itemNotFound')
        const to = planItemMachine.next(current.state, input.decision)
        if (!to || !(await repo.setItemReview(trx, current.id, current.state, to, input.decision === 'return' ? reason : null)))
          throw itemTransitionError(current.state, input.decision)
        const states = await repo.itemStates(trx, plan.id)
        const conclusion = planConclusion(states)
        if (conclusion) {
          const next = planMachine.next(plan.state, conclusion)
          if (!next || !(await repo.setPlanState(trx, plan.id, plan.state, next, { reviewedBy: caller.userId })))
            throw planTransitionError(plan.state, conclusion)
        }
        return { plan, conclusion, returned: states.filter((s) => s.state === 'returned') }
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planItemReview',
        target: `plan-item:${input.id}`,
        detail: { plan: outcome.plan.id, decision: input.decision, reason, conclusion: outcome.conclusion },
      })
      if (outcome.conclusion) {
        const to = await repo.userMail(db, outcome.plan.submitted_by)
        const mail =
          outcome.conclusion === 'return'
            ? planMail(
                'returned',
                outcome.plan,
                outcome.returned.map((r) => `“${r.name}”：${r.return_reason ?? ''}`),
              )
            : planMail('accepted', outcome.plan)
        await mailSafely(to, mail, { plan: outcome.plan.id })
      }
      return detail(caller, outcome.plan.id)
    },

    /**
     * Paints the items whose cells are missing or were painted on other grids (items loaded in
     * bulk, such as the demo plans; regions rebuilt) and refreshes their overlaps; answers how many.
     */
    async repaint(limit: number): Promise<number> {
      const gridVersion = await deps.areas.gridVersion()
      const ids = await repo.staleItems(db, gridVersion, limit)
      for (const id of ids) {
        const shape = await repo.itemShape(db, id)
        if (!shape) continue
        const stored = storedCells(await deps.coverage.paint(shape.geojson, shape.counties))
        await db.transaction().execute(async (trx) => {
          await repo.replaceCells(trx, id, stored)
          await repo.setGridVersion(trx, id, gridVersion)
          await repo.refreshOverlaps(trx, [id])
        })
      }
      return ids.length
    },

    /** The ministry publishes one accepted plan (a revision after the year was published); earlier revisions are superseded. */
    async publish(caller: PlanCaller, id: number): Promise<PlanDetail> {
      const plan = await db.transaction().execute(async (trx) => {
        const locked = await repo.plan(trx, id, { forUpdate: true })
        if (!locked) throw ApiError.of(404, 'plan.errors.notFound')
        const to = planMachine.next(locked.state, 'publish')
        if (!to || !(await repo.setPlanState(trx, id, locked.state, to))) throw planTransitionError(locked.state, 'publish')
        await repo.supersedeEarlier(trx, locked.year, locked.unit_region, locked.revision)
        return locked
      })
      await deps.audit.record({
        actor: actorOf(caller),
        ip: caller.ip,
        action: 'planPublish',
        target: `plan:${id}`,
        detail: { year: plan.year },
      })
      await mailSafely(await repo.userMail(db, plan.submitted_by), planMail('published', plan), { plan: id })
      return detail(caller, id)
    },
  }
}

export type PlansService = ReturnType<typeof createPlansService>
