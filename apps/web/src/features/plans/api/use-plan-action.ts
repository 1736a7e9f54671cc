import type { PlanDetail } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { storePlan } from './plans-api'

/**
 * A change of a plan (start, submit, delete, review, publish): every route answers the whole plan,
 * which replaces the cached one; success is told in the caller's words, a refusal in the server's.
 */
export function usePlanAction() {
  const queryClient = useQueryClient()
  const [isBusy, setBusy] = useState(false)
  const run = async (work: () => Promise<PlanDetail>, done: (plan: PlanDetail) => string) => {
    setBusy(true)
    try {
      const plan = await work()
      storePlan(queryClient, plan)
      notify.success(done(plan))
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return { isBusy, run }
}
