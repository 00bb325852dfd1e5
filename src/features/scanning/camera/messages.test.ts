import { describe, expect, it } from 'vitest'
import { CAMERA_ERRORS, cameraErrorMessage, namedError } from './messages.ts'

describe('cameraErrorMessage', () => {
  it('maps the standard getUserMedia errors, and older Chrome names, to French messages', () => {
    const cases: [string, string][] = [
      ['NotAllowedError', 'Accès à la caméra refusé. Autorisez la caméra dans les réglages du navigateur.'],
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
    expect(cameraErrorMessage(namedError('InsecureContextError'))).toBe('La caméra demande une connexion sécurisée (https).')
    expect(cameraErrorMessage(namedError('NotFoundError'))).toBe(CAMERA_ERRORS.noCamera)
    expect(cameraErrorMessage(new TypeError('boom'))).toBe(CAMERA_ERRORS.other)
    expect(cameraErrorMessage('weird')).toBe(CAMERA_ERRORS.other)
    expect(cameraErrorMessage(null)).toBe(CAMERA_ERRORS.other)
  })
})
