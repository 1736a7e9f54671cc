/** Bytes as a reader takes them in: 12.3 MB, 840 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/** Scene ids typed or pasted: one per line, or separated by commas, spaces or 、. */
export function parseSceneIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，、;；]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
}
