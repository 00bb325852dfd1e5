import { adminComputerBodySchema, adminUserCreateSchema } from '@contract'
import { describe, expect, it } from 'vitest'
import { checkBody, formProblem, messagesByPath } from './forms.ts'
import { ApiError } from './http.ts'

describe('checkBody: the contract schema in the browser', () => {
  it('keys the messages by path as the server does', () => {
    const result = checkBody(adminComputerBodySchema, {
      name: ' ',
      ip: '10.0.0',
      printers: [{ name: '', use: 'label' }],
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['ip', 'name', 'printers.0.name'])
    expect(result.fieldErrors.name).toEqual(['Nom du poste : obligatoire.'])
  })

  it('answers the parsed body (defaults filled, text trimmed) when it is right', () => {
    const result = checkBody(adminUserCreateSchema, {
      username: ' lea ',
      password: 'assez-long',
      displayName: 'Léa',
    })
    expect(result).toMatchObject({ ok: true, data: { username: 'lea', roles: [], shops: [], admin: false } })
  })

  it('puts a message about the whole body under "_" and lists each message once', () => {
    expect(
      messagesByPath([
        { path: [], message: 'Corps invalide.' },
        { path: ['a', 0], message: 'x' },
        { path: ['a', 0], message: 'x' },
      ]),
    ).toEqual({ _: ['Corps invalide.'], 'a.0': ['x'] })
  })
})

describe('formProblem: under the fields, or in one alert', () => {
  const shown = (path: string) => ['username', 'password'].includes(path)

  it('shows a 409 under its field only', () => {
    const taken = "L'identifiant « lea » est déjà pris."
    const error = new ApiError(409, 'conflict', taken, { username: [taken] })
    expect(formProblem(error, shown)).toEqual({ alert: null, fields: { username: taken } })
  })

  it('shows a message with no field, or about a field the form does not show, in the alert', () => {
    expect(formProblem(new ApiError(403, 'forbidden', 'Réservé aux administrateurs.'), shown)).toEqual({
      alert: 'Réservé aux administrateurs.',
      fields: {},
    })
    const error = new ApiError(400, 'bad_request', 'Boutique inconnue : x.', {
      shops: ['Boutique inconnue : x.'],
    })
    expect(formProblem(error, shown).alert).toBe('Boutique inconnue : x.')
  })

  it('takes the browser check messages (the first of a field), and nothing when there is no problem', () => {
    expect(formProblem(null, shown, { password: ['Trop court.', 'Pas de chiffre.'] })).toEqual({
      alert: null,
      fields: { password: 'Trop court.' },
    })
    expect(formProblem(null, shown)).toEqual({ alert: null, fields: {} })
  })

  it('never drops a field message no field shows, and keeps the main message until every one is shown', () => {
    const error = new ApiError(400, 'bad_request', 'Requête invalide.', {
      username: ['Identifiant : obligatoire.'],
      'roles.0': ['Rôle inconnu : x.'],
    })
    expect(formProblem(error, shown)).toEqual({
      alert: 'Requête invalide. Rôle inconnu : x.',
      fields: { username: 'Identifiant : obligatoire.' },
    })
    const placedAll = (path: string) => path === 'username' || path.startsWith('roles.')
    expect(formProblem(error, placedAll).alert).toBeNull()
  })

  it('shows in the alert what the browser check says about a path no field shows', () => {
    expect(formProblem(null, shown, { _: ['Corps invalide.'], password: ['Trop court.'] })).toEqual({
      alert: 'Corps invalide.',
      fields: { password: 'Trop court.' },
    })
  })
})
