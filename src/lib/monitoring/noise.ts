/**
 * What Sentry is not told about: failures of the device, the network or the browser rather than of
 * the app. A handheld that leaves the Wi-Fi all afternoon, or a tab left open across an update, would
 * otherwise send hundreds of them and bury the real errors.
 *
 * One `beforeSend` rather than Sentry's `ignoreErrors`/`denyUrls`: it also sees the thrown object
 * (an AbortError's name, our own ApiError for "no answer"), whose messages vary by browser and
 * language, and it is a plain function the tests call directly. Loaded with Sentry, lazily.
 */
import type { ErrorEvent, EventHint } from '@sentry/react'
import { ApiError } from '../http.ts'

/** Messages, as browsers word them, of failures that are not bugs of ours. */
const NOISE: readonly RegExp[] = [
  // A ResizeObserver callback that resized what it watches (Mantine's ScrollArea, autosize
  // textareas): the browser delays the notification to the next frame, nothing is lost.
  /^ResizeObserver loop (?:limit exceeded|completed with undelivered notifications)/,
  // fetch() without a network, in Chrome, Safari and Firefox. Anchored: a message of ours that
  // merely starts like one is kept.
  /^(?:TypeError: )?(?:Failed to fetch|Load failed|NetworkError when attempting to fetch resource\.?)$/,
  // A chunk of the previous build, gone from the server after an update (or not cached, offline):
  // Chrome, Firefox, Safari, Vite's CSS preload, and a fallback serving index.html for a lost .js.
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|is not a valid JavaScript MIME type/,
  // A request cancelled on purpose (a screen left, a newer look-up); Sentry words a DOMException
  // without a stack as 'AbortError: …'.
  /^AbortError\b/,
]

/** Code of a browser extension (Safari hides the extension's URL behind webkit-masked-url). */
const EXTENSION_URL = /^(?:chrome|moz|safari|safari-web|ms-browser)-extension:|^webkit-masked-url:/i

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'

function messagesOf(event: ErrorEvent, error: unknown): string[] {
  const found: string[] = []
  if (event.message) found.push(event.message)
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) found.push(exception.value)
    if (exception.type && exception.value) found.push(`${exception.type}: ${exception.value}`)
  }
  if (error instanceof Error) found.push(error.message)
  return found
}

/**
 * True when the error was thrown in an extension's code: the frame it was thrown in (the last one
 * with a file; Sentry lists frames oldest first) is the extension's. Not "any frame": extensions
 * that wrap fetch or addEventListener appear under our own errors, which must still be reported.
 */
function thrownInExtension(event: ErrorEvent): boolean {
  return (event.exception?.values ?? []).some((exception) => {
    const frames = exception.stacktrace?.frames ?? []
    const top = frames.findLast((frame) => frame.filename && frame.filename !== '<anonymous>')
    return top?.filename !== undefined && EXTENSION_URL.test(top.filename)
  })
}

export function isNoise(event: ErrorEvent, hint: EventHint = {}): boolean {
  const error = hint.originalException
  if (error instanceof ApiError && error.isNetwork) return true
  if (isAbort(error)) return true
  if (messagesOf(event, error).some((message) => NOISE.some((pattern) => pattern.test(message)))) return true
  return thrownInExtension(event)
}

/** Sentry's `beforeSend`: the event, or null to drop it. */
export const dropNoise = (event: ErrorEvent, hint: EventHint): ErrorEvent | null =>
  isNoise(event, hint) ? null : event
