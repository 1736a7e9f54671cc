import type { MonitorModuleKey } from '@rs/shared'
import {
  monitorImport,
  monitorVerification,
  monitorVerificationPhoto,
  monitorVerificationProgress,
  monitorVerificationRecord,
  monitorVerificationReview,
} from '@rs/shared/api-paths'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ApiError, apiUrl, authHeaders, callApi, fetchOrFail } from '../../../lib/api-client'

/** GET a spot's check: state, what the caller may do, the history. */
export function useVerification(module: MonitorModuleKey, id: number | null) {
  return useQuery({
    queryKey: ['monitor', module, 'verification', id],
    queryFn: ({ signal }) => callApi(monitorVerification, { query: { module, id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
  })
}

/** The check's answers refresh the spot's check and the progress. */
function useRefresh(module: MonitorModuleKey) {
  const client = useQueryClient()
  return (id: number) => {
    void client.invalidateQueries({ queryKey: ['monitor', module, 'verification', id] })
    void client.invalidateQueries({ queryKey: ['monitor', module, 'verification-progress'] })
  }
}

export interface CheckInput {
  id: number
  result: 'true' | 'false' | 'partial'
  note: string
  lon: number
  lat: number
  photos: File[]
}

/** POST the province's field check as a multipart form (fields and photos). */
export function useRecordCheck(module: MonitorModuleKey) {
  const refresh = useRefresh(module)
  return useMutation({
    mutationFn: (input: CheckInput) => {
      const form = new FormData()
      form.append('module', module)
      form.append('id', String(input.id))
      form.append('result', input.result)
      form.append('note', input.note)
      form.append('lon', String(input.lon))
      form.append('lat', String(input.lat))
      for (const photo of input.photos) form.append('photo', photo, photo.name)
      return callApi(monitorVerificationRecord, { form })
    },
    onSuccess: (_, input) => refresh(input.id),
  })
}

/** POST the ministry's decision. */
export function useReviewCheck(module: MonitorModuleKey) {
  const refresh = useRefresh(module)
  return useMutation({
    mutationFn: (input: { id: number; decision: 'accept' | 'return'; reason?: string }) =>
      callApi(monitorVerificationReview, { body: { module, ...input } }),
    onSuccess: (_, input) => refresh(input.id),
  })
}

/** GET the verification progress per province (the latest batch by default). */
export function useVerificationProgress(module: MonitorModuleKey, batch: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', module, 'verification-progress', batch ?? null],
    queryFn: ({ signal }) => callApi(monitorVerificationProgress, { query: { module, batch }, signal }),
    enabled,
    retry: false,
  })
}

/** A photo of a check as an object URL (the route needs the token header, which an <img> cannot send). */
export function usePhotoUrl(module: MonitorModuleKey, id: number): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const controller = new AbortController()
    let made: string | undefined
    void fetchOrFail(apiUrl(monitorVerificationPhoto, { module, id }), { headers: authHeaders(), signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return
        made = URL.createObjectURL(await response.blob())
        setUrl(made)
      })
      .catch(() => {})
    return () => {
      controller.abort()
      if (made) URL.revokeObjectURL(made)
    }
  }, [module, id])
  return url
}

/**
 * POST an administrator's delivery; a refused file answers 422 with the report as the error's data.
 * `dryRun` checks the file and reports the same way without storing anything.
 */
export function useImportDelivery(module: MonitorModuleKey) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { batch: string; mapping: string; file: File; dryRun: boolean }) => {
      const form = new FormData()
      form.append('module', module)
      form.append('batch', input.batch)
      form.append('mapping', input.mapping)
      form.append('file', input.file, input.file.name)
      return callApi(monitorImport, { query: { dryRun: input.dryRun ? 'true' : 'false' }, form })
    },
    onSuccess: (report) => {
      if (!report.dryRun) void client.invalidateQueries({ queryKey: ['monitor', module] })
    },
  })
}

export { ApiError }
