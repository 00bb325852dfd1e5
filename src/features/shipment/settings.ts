/**
 * Scan-to-verify, a setting of the station (this device's localStorage), on unless switched off:
 * a packing station without a scanner that reads labels, or a trusted printer, may go without it.
 */
const KEY = 'shipment.scan-to-verify'

export function readVerifySetting(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off'
  } catch {
    return true
  }
}

export function writeVerifySetting(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off')
  } catch {
    // Storage refused (private mode): the switch holds for this visit only.
  }
}
