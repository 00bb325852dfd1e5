// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cameraUnavailableReason } from './available.ts'
import { CAMERA_ERRORS, cameraErrorMessage, namedError } from './messages.ts'

describe('cameraErrorMessage', () => {
  it('maps the standard getUserMedia errors, and older Chrome names, to French messages', () => {
    const cases: [string, string][] = [
      [
        'NotAllowedError',
        "Accès à la caméra refusé. Autorisez la caméra pour ce site dans les réglages du navigateur (icône à gauche de l'adresse), puis réessayez.",
      ],
      ['PermissionDeniedError', CAMERA_ERRORS.denied],
      ['NotReadableError', 'La caméra est utilisée par une autre application.'],
      ['TrackStartError', CAMERA_ERRORS.busy],
      ['NotFoundError', 'Aucune caméra disponible sur cet appareil.'],
      ['DevicesNotFoundError', CAMERA_ERRORS.noCamera],
      ['OverconstrainedError', CAMERA_ERRORS.noCamera],
      ['AbortError', 'Impossible de démarrer la caméra.'],
    ]
    for (const [name, message] of cases) expect(cameraErrorMessage(new DOMException('x', name))).toBe(message)
  })

  it('covers the cases the browser does not name, and anything else', () => {
    expect(cameraErrorMessage(namedError('InsecureContextError'))).toBe(
      "La caméra n'est disponible que sur l'adresse sécurisée (https) du site.",
    )
    expect(cameraErrorMessage(namedError('NotSupportedError'))).toBe(
      'Ce navigateur ne donne pas accès à la caméra.',
    )
    expect(cameraErrorMessage(namedError('NotFoundError'))).toBe(CAMERA_ERRORS.noCamera)
    expect(cameraErrorMessage(new TypeError('boom'))).toBe(CAMERA_ERRORS.other)
    expect(cameraErrorMessage('weird')).toBe(CAMERA_ERRORS.other)
    expect(cameraErrorMessage(null)).toBe(CAMERA_ERRORS.other)
  })
})

describe('cameraUnavailableReason', () => {
  const setPage = (secure: boolean, mediaDevices: unknown) => {
    vi.stubGlobal('isSecureContext', secure)
    Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true })
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
  })

  it('lets an https page with getUserMedia ask for the camera', () => {
    setPage(true, { getUserMedia: () => undefined })
    expect(cameraUnavailableReason()).toBeNull()
  })

  it('says the https address is needed on a plain-HTTP page, which browsers give no mediaDevices', () => {
    setPage(false, undefined)
    expect(cameraErrorMessage(namedError(cameraUnavailableReason()!))).toBe(CAMERA_ERRORS.insecure)
  })

  it('says the browser has no camera API on a secure page without one', () => {
    setPage(true, undefined)
    expect(cameraErrorMessage(namedError(cameraUnavailableReason()!))).toBe(CAMERA_ERRORS.unsupported)
  })
})
