/**
 * What a new password must be (docs/security.md 'Sign-in and sessions'): at least
 * ADMIN_PASSWORD_MIN characters (the contract's schemas, so the forms say it before sending) and not
 * one of the passwords people use most. The list is zxcvbn-ts's (@zxcvbn-ts/language-common, about
 * 49,000 leaked passwords by frequency, `12345678`, `password` and `azertyuiop` among them),
 * compared without case: `Password` is guessed as soon. Applied to every password set through the
 * API (the first administrator, a user made or reset in the admin area); the demo accounts the
 * seed makes are not set through it (server/demo-exposure.ts keeps them off the network).
 */
import { invalid } from '../http/errors.ts'

export const PASSWORD_MESSAGES = {
  common: 'Mot de passe : trop courant, il figure parmi les plus utilisés. Choisissez-en un autre.',
} as const

let common: Promise<ReadonlySet<string>> | undefined
/** Loaded at the first password set, not at start: ~40 ms and a few MB, for a rare call. */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  )
  return common
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFC').toLowerCase())
}

/** Refuses (400, under the form's password field) a password too common to be set. */
export async function checkNewPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalid(PASSWORD_MESSAGES.common, 'password')
}
