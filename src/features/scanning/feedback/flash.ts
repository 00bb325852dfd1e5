import classes from './flash.module.css'
import { getFeedbackSettings } from './settings.ts'
import type { FeedbackKind } from './tones.ts'

/** How long a flash stays on screen (the CSS animation fades it over the same time). */
export const FLASH_MS = 250

let element: HTMLDivElement | null = null
let timer: number | undefined

function flashElement(): HTMLDivElement {
  if (element?.isConnected) return element
  element = document.createElement('div')
  element.className = classes.flash ?? ''
  element.dataset.testid = 'scan-flash'
  element.setAttribute('aria-hidden', 'true')
  element.hidden = true
  document.body.append(element)
  return element
}

/**
 * A full-screen colour flash (green, orange, red), over everything and never in the way of a tap.
 * Plain DOM, not React: nothing to mount, so the first scan after a screen opens flashes too, and
 * it paints in the same frame as the scan whatever the screen is rendering.
 */
export function showFlash(kind: FeedbackKind): void {
  if (typeof document === 'undefined' || !getFeedbackSettings().flash) return
  const flash = flashElement()
  flash.dataset.kind = kind
  // Restart the fade when a scan comes during the previous flash.
  flash.hidden = true
  void flash.offsetWidth
  flash.hidden = false
  window.clearTimeout(timer)
  timer = window.setTimeout(() => {
    flash.hidden = true
    delete flash.dataset.kind
  }, FLASH_MS)
}
