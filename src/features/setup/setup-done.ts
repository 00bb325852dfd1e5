/**
 * Whether this browser has seen the site with its users: once it has, the sign-in page stops
 * asking (a site never goes back to having no user). Used by the sign-in page's offer only: a
 * module shared with the /setup screen would be split into one more file for /login to load.
 */
const KEY = 'setup-done'

export function isSetupDone(): boolean {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function rememberSetupDone(): void {
  try {
    localStorage.setItem(KEY, '1')
  } catch {
    // Storage refused (private mode, quota): the sign-in page asks again next time, no harm.
  }
}
