/** Whether this page can ask for a camera at all (a secure context with getUserMedia). */
export function isCameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
}
