/**
 * The origin chosen last on this device (localStorage): returns come in batches of one kind (the
 * carrier's undeliverable parcels, the day's customer returns), so the next parcel starts with it.
 */
const KEY = 'order-return.origin'

export function readLastOrigin(): number | null {
  try {
    const id = Number(localStorage.getItem(KEY))
    return Number.isInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

export function writeLastOrigin(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, String(id))
  } catch {
    // Storage refused (private mode): remembered for this visit only.
  }
}
