import type { PassQuery, Prediction } from '@rs/shared'
import { orbitPasses, orbitPrediction, orbitPredictions, orbitTle, satelliteCatalogue } from '@rs/shared/api-paths'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

const HOUR = 60 * 60 * 1000

/** GET the satellite catalogue (type, resolution class) the SELECT tab groups by. */
export function useOrbitCatalogue() {
  return useQuery({
    queryKey: ['satellite', 'catalogue'],
    queryFn: ({ signal }) => callApi(satelliteCatalogue, { signal }),
    staleTime: HOUR,
  })
}

/** GET every member's elements in use (epoch, age; the lines for tracks and live positions). */
export function useOrbitElements() {
  return useQuery({ queryKey: ['satorbit', 'tle'], queryFn: ({ signal }) => callApi(orbitTle, { signal }), staleTime: 10 * 60_000 })
}

/** GET the user's kept predictions. */
export function usePredictions() {
  return useQuery({ queryKey: ['satorbit', 'predictions'], queryFn: ({ signal }) => callApi(orbitPredictions, { signal }) })
}

/** GET one kept prediction (orbitalPredictId). */
export function usePrediction(id: number | null) {
  return useQuery({
    queryKey: ['satorbit', 'prediction', id],
    queryFn: ({ signal }) => callApi(orbitPrediction, { query: { id: id as number }, signal }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** POST a prediction; its answer is kept as that prediction's query data. */
export function usePredictPasses() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: PassQuery) => callApi(orbitPasses, { body }),
    onSuccess: (answer: Prediction) => {
      client.setQueryData(['satorbit', 'prediction', answer.id], answer)
      void client.invalidateQueries({ queryKey: ['satorbit', 'predictions'] })
    },
  })
}
