/**
 * Code 128 on a PDF page, with its quiet zones (labels, pick lists, the picking commands sheet,
 * manifests). The encoding is contract/code128.ts, shared with the app.
 */
import { barRuns, code128Modules, QUIET_MODULES } from '../../contract/code128.ts'
import type { PageContent } from './pdf.ts'

export {
  barRuns,
  code128Modules,
  code128Pattern,
  code128Values,
  isCode128Text,
  QUIET_MODULES,
} from '../../contract/code128.ts'

const code128Module = (modules: number, opts: { module: number; maxWidth: number }) =>
  Math.min(opts.module, opts.maxWidth / (modules + 2 * QUIET_MODULES))

/** The width drawCode128 will take, quiet zones included. */
export function code128Width(text: string, opts: { module: number; maxWidth: number }): number {
  const modules = code128Modules(text).length
  return (modules + 2 * QUIET_MODULES) * code128Module(modules, opts)
}

/** A Code 128 symbol with its quiet zones, bars from `bottom` up `height`; answers its width. */
export function drawCode128(
  page: PageContent,
  text: string,
  x: number,
  bottom: number,
  opts: { module: number; height: number; maxWidth: number },
): number {
  const modules = code128Modules(text)
  const module = code128Module(modules.length, opts)
  const left = x + QUIET_MODULES * module
  for (const [start, run] of barRuns(modules))
    page.rect(left + start * module, bottom, run * module, opts.height)
  return (modules.length + 2 * QUIET_MODULES) * module
}
