import { foldChar } from './text.ts'

/** docs/specification.md §9 Avatar colour: the palette, in order. */
export const AVATAR_PALETTE = [
  'default',
  'inherit',
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
] as const

export type AvatarColor = (typeof AVATAR_PALETTE)[number]

/** The first character of the trimmed name with any combining marks that follow it ('E' + U+0301). */
function firstCharacter(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim()
  const match = /^(?:.\p{M}*)/su.exec(trimmed)
  return match ? match[0] : ''
}

/**
 * docs/specification.md §9 Avatar colour: the first letter's position in the alphabet, modulo the number of palette
 * colours. Read literally, positions count from 1 (A = 1 → 'inherit', B = 2 → 'primary', H = 8 →
 * 'default', Z = 26 → 'primary'). Case-insensitive; an accented letter counts as its base letter
 * ('Émile' → E). A name that does not start with a letter a–z (after trimming; digits, symbols,
 * other scripts, empty, null) gets 'default'.
 */
export function avatarColor(name: string | null | undefined): AvatarColor {
  const letter = foldChar(firstCharacter(name)).charAt(0)
  if (!/^[a-z]$/.test(letter)) return 'default'
  const position = letter.charCodeAt(0) - 'a'.charCodeAt(0) + 1
  return AVATAR_PALETTE[position % AVATAR_PALETTE.length] ?? 'default'
}

/**
 * The character shown in the avatar: the first character of the trimmed name, upper-cased, accents
 * kept ('émile' → 'É'); whatever it is ('42' → '4'). '?' when the name is empty, blank or missing.
 */
export function avatarInitial(name: string | null | undefined): string {
  const first = firstCharacter(name)
  return first === '' ? '?' : first.toUpperCase().normalize('NFC')
}
