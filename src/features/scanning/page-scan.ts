/**
 * Where a scan goes when the shell has something open over the screen (the search dialog, the
 * navigation or account drawer): docs/scan-screen.md says a scan always reaches the scan-first screen,
 * closing what is open, and the focus comes back to its scan field. The screen's parts say here
 * what they are (a scan field, the page's listener), the shell says when an overlay is open
 * (use-overlay-scans.ts); neither imports the other.
 */
import type { ScanResult } from './model/parse.ts'

/** A scan field on screen: it takes a scan (through its own queue) and the focus. */
export interface ScanFieldEntry {
  receive(result: ScanResult): void
  /** Takes the focus; false when it cannot (disabled, gone). */
  focus(): boolean
}

/** A page's scan listener (a scan-first screen's flow). */
export type PageScanTarget = (result: ScanResult) => void

// Most recent last: the field focused last is the one the worker was scanning into.
const fields: ScanFieldEntry[] = []
const targets: PageScanTarget[] = []
let overlayOpen = false

const remove = <T>(list: T[], item: T) => {
  const at = list.lastIndexOf(item)
  if (at >= 0) list.splice(at, 1)
}

/** A scan field mounts; returns what it calls when it takes the focus, and its unregistration. */
export function registerScanField(entry: ScanFieldEntry) {
  fields.push(entry)
  return {
    focused: () => {
      remove(fields, entry)
      fields.push(entry)
    },
    unregister: () => remove(fields, entry),
  }
}

export function registerPageScanTarget(target: PageScanTarget): () => void {
  targets.push(target)
  return () => remove(targets, target)
}

/** Whether a screen on the page takes scans (else a scan into the search dialog is the search's). */
export function screenTakesScans(): boolean {
  return fields.length > 0 || targets.length > 0
}

/** Hands a scan to the screen: its last focused scan field, else its page listener. False: none. */
export function scanToScreen(result: ScanResult): boolean {
  const field = fields.at(-1)
  if (field) {
    field.receive(result)
    return true
  }
  const target = targets.at(-1)
  target?.(result)
  return target !== undefined
}

/** Puts the focus back in the screen's scan field (the last focused one that can take it). */
export function returnScanFocus(): boolean {
  for (let i = fields.length - 1; i >= 0; i--) if (fields[i]?.focus()) return true
  return false
}

/** The shell says an overlay is open: its keys are the overlay's to judge, not the page listener's. */
export function setOverlayOpen(open: boolean): void {
  overlayOpen = open
}

export function isOverlayOpen(): boolean {
  return overlayOpen
}
