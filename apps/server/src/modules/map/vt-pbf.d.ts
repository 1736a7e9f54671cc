// vt-pbf 3.1.3 ships no types; only the function the MVT fallback uses is declared.
declare module 'vt-pbf' {
  export function fromGeojsonVt(
    layers: Record<string, { features: readonly unknown[] }>,
    options?: { version?: number; extent?: number },
  ): Uint8Array
}
