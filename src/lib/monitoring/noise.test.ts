import type { ErrorEvent, EventHint } from '@sentry/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../http.ts'
import { dropNoise, isNoise } from './noise.ts'

/** An error event as Sentry's browser SDK builds it from a thrown Error. */
const thrown = (
  type: string,
  value: string,
  filenames: string[] = ['https://entrepot.example.fr/assets/app.js'],
) =>
  ({
    type: undefined,
    exception: {
      values: [
        { type, value, stacktrace: { frames: filenames.map((filename) => ({ filename, function: 'f' })) } },
      ],
    },
  }) as ErrorEvent

const withError = (error: unknown): EventHint => ({ originalException: error })

describe('isNoise', () => {
  it('drops the ResizeObserver loop messages of Chrome and Firefox', () => {
    expect(isNoise(thrown('Error', 'ResizeObserver loop limit exceeded'))).toBe(true)
    expect(isNoise(thrown('Error', 'ResizeObserver loop completed with undelivered notifications.'))).toBe(
      true,
    )
    expect(
      isNoise({ message: 'ResizeObserver loop completed with undelivered notifications.' } as ErrorEvent),
    ).toBe(true)
  })

  it.each([
    ['Chrome', 'Failed to fetch'],
    ['Safari', 'Load failed'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
  ])('drops a fetch without network (%s)', (_browser, message) => {
    expect(isNoise(thrown('TypeError', message), withError(new TypeError(message)))).toBe(true)
  })

  it("drops our client's own 'no answer' error, whatever its French message", () => {
    const offline = new ApiError(0, 'network', 'Serveur injoignable. Vérifiez la connexion réseau.')
    expect(isNoise(thrown('ApiError', offline.message), withError(offline))).toBe(true)
  })

  it('keeps a server refusal and a message that only starts like a network failure', () => {
    const refused = new ApiError(500, 'internal', 'Erreur serveur')
    expect(isNoise(thrown('ApiError', refused.message), withError(refused))).toBe(false)
    expect(isNoise(thrown('Error', 'Failed to fetch the print log: 3 pages missing'))).toBe(false)
  })

  it('drops an AbortError, by its name or by the message Sentry makes of a DOMException', () => {
    const aborted = new DOMException('The user aborted a request.', 'AbortError')
    expect(isNoise(thrown('Error', 'signal is aborted without reason'), withError(aborted))).toBe(true)
    expect(isNoise({ message: 'AbortError: The operation was aborted.' } as ErrorEvent)).toBe(true)
  })

  it.each([
    ['Chrome', 'TypeError', 'Failed to fetch dynamically imported module: https://e.fr/assets/rebut-Bx1.js'],
    ['Firefox', 'TypeError', 'error loading dynamically imported module: https://e.fr/assets/rebut-Bx1.js'],
    ['Safari', 'TypeError', 'Importing a module script failed.'],
    ['Vite CSS', 'Error', 'Unable to preload CSS for /assets/rebut-Bx1.css'],
    ['index.html for a .js', 'TypeError', "'text/html' is not a valid JavaScript MIME type."],
  ])('drops a chunk that cannot load after an update (%s)', (_where, type, message) => {
    expect(isNoise(thrown(type, message))).toBe(true)
  })

  it('drops an error thrown in a browser extension, not one of ours that an extension wraps', () => {
    expect(
      isNoise(
        thrown('TypeError', "Cannot read properties of null (reading 'x')", [
          'chrome-extension://abc/content.js',
        ]),
      ),
    ).toBe(true)
    expect(
      isNoise(thrown('TypeError', 'x is undefined', ['moz-extension://abc/inject.js', '<anonymous>'])),
    ).toBe(true)
    expect(isNoise(thrown('TypeError', 'x is undefined', ['webkit-masked-url://hidden/']))).toBe(true)
    // Frames oldest first: an extension's fetch wrapper calls our code, which throws.
    const ours = thrown('TypeError', "Cannot read properties of undefined (reading 'sku')", [
      'chrome-extension://abc/wrap-fetch.js',
      'https://entrepot.example.fr/assets/reception-C2.js',
    ])
    expect(isNoise(ours)).toBe(false)
  })

  it('keeps an ordinary bug', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'sku')")
    expect(isNoise(thrown('TypeError', bug.message), withError(bug))).toBe(false)
  })
})

describe('dropNoise (beforeSend)', () => {
  it('returns null for noise and the event itself otherwise', () => {
    const noise = thrown('TypeError', 'Load failed')
    const bug = thrown('RangeError', 'Invalid time value')
    expect(dropNoise(noise, {})).toBeNull()
    expect(dropNoise(bug, {})).toBe(bug)
  })
})
