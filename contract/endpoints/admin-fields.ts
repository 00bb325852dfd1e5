/**
 * What every admin call shares (issue 16): the admin flag, the row id in the path, and the field
 * rules whose French messages name the field ('Nom : obligatoire.'), so each form shows them as is.
 */
import { z } from 'zod/mini'

/** Every admin endpoint: a signed-in user with the admin flag. */
export const adminCall = { auth: 'user', admin: true } as const

/** An integer column's row id (the database's `integer`: at most 2³¹ − 1). */
export const rowId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2 ** 31 - 1))
export const adminIdParamSchema = z.object({ id: rowId })

/** Trimmed, required, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} : obligatoire.`),
      z.maxLength(max, `${label} : ${max} caractères au plus.`),
    )

/** A code scanned or printed on labels: upper case, digits and hyphens. */
export const upperCode = (label: string, max: number) =>
  requiredText(label, max).check(z.regex(/^[A-Z0-9-]+$/, `${label} : majuscules, chiffres et tirets.`))

export const millimetres = (label: string) =>
  z
    .int(`${label} : un nombre entier de millimètres.`)
    .check(z.positive(`${label} : au moins 1 mm.`), z.maximum(5000, `${label} : 5 000 mm au plus.`))

export const grams = (label: string, min: number) =>
  z
    .int(`${label} : un nombre entier de grammes.`)
    .check(
      z.minimum(min, `${label} : ${min} g au moins.`),
      z.maximum(1_000_000, `${label} : 1 000 000 g au plus.`),
    )
