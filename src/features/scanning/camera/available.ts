/** Whether this page can ask for a camera at all (a secure context with getUserMedia). */
export function isCameraAvailable(): boolean {
  return cameraUnavailableReason() === null
}

/**
 * Why the page cannot ask for a camera, or null when it can. Browsers leave navigator.mediaDevices
 * out of pages that are not secure contexts (a handheld on the site's plain-HTTP LAN address,
 * docs/architecture.md, secure contexts): that case is told apart from a browser that has no camera API at all, since
 * the user can do something about it (open the https address).
 */
export function cameraUnavailableReason(): 'InsecureContextError' | 'NotSupportedError' | null {
  if (typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function')
    return null
  return globalThis.isSecureContext === false ? 'InsecureContextError' : 'NotSupportedError'
}
