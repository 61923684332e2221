// How long an icon file in global storage is trusted. An https icon is fetched once and then reused across
// windows; after ICON_REFRESH_MS it is fetched again (a server may change its icon at the same URL), and
// the old file stays in use if that fails. A file nobody has used (written or refreshed) for ICON_PRUNE_MS
// is deleted at start-up, so servers long gone do not leave their icons behind for ever. No `vscode`
// import: unit-tested.
export const ICON_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
export const ICON_PRUNE_MS = 30 * 24 * 60 * 60 * 1000;

export function needsRefresh(modifiedAt: number, now: number): boolean {
  return now - modifiedAt >= ICON_REFRESH_MS;
}

/** The files (name and last modification, ms) to delete: those not written or refreshed for ICON_PRUNE_MS. */
export function iconsToPrune(files: readonly { name: string; modifiedAt: number }[], now: number): string[] {
  return files.filter((f) => now - f.modifiedAt >= ICON_PRUNE_MS).map((f) => f.name);
}
