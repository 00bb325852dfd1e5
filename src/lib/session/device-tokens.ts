/**
 * The device tokens the server answers at sign-in (docs/security.md 'Sign-in and sessions'), one
 * per account signed in on this browser. Sent with the next sign-in of that account, it lets this
 * device try under its own limit, so strangers who used up the account's attempts cannot keep its
 * user out. It opens nothing by itself: the password is still checked. Kept in localStorage
 * ('login-devices': user name in lower case → token), for the last MAX_ACCOUNTS accounts.
 */
const STORAGE_KEY = 'login-devices'
const MAX_ACCOUNTS = 20

const accountOf = (username: string) => username.trim().toLowerCase()

function read(): [string, string][] {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}')
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
    return Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  } catch {
    return []
  }
}

export function deviceTokenFor(username: string): string | undefined {
  const account = accountOf(username)
  return read().find(([name]) => name === account)?.[1]
}

/** Keeps the account's token, as the most recent one (the oldest account goes past the limit). */
export function keepDeviceToken(username: string, token: string): void {
  const account = accountOf(username)
  const kept = [...read().filter(([name]) => name !== account), [account, token]].slice(-MAX_ACCOUNTS)
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // Storage full or refused (private mode): the next sign-in is an unknown device's, as before.
  }
}
