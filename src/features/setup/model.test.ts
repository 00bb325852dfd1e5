import { describe, expect, it } from 'vitest'
import { checkFirstAdmin, EMPTY_FIRST_ADMIN } from './model.ts'

const filled = {
  username: ' alice ',
  displayName: 'Alice Martin',
  email: '',
  password: 'premier-admin',
  confirm: 'premier-admin',
}

describe('the first administrator form', () => {
  it('sends the trimmed identifier, an empty e-mail being allowed', () => {
    expect(checkFirstAdmin(filled)).toEqual({
      ok: true,
      data: { username: 'alice', displayName: 'Alice Martin', email: '', password: 'premier-admin' },
    })
  })

  it('says what the server would say, field by field, and a confirmation that differs', () => {
    const result = checkFirstAdmin({
      ...EMPTY_FIRST_ADMIN,
      password: 'court',
      confirm: 'courte',
      email: 'x@',
    })
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        username: [
          'Identifiant : obligatoire.',
          'Identifiant : lettres sans accent, chiffres et . _ @ - seulement.',
        ],
        displayName: ['Nom : obligatoire.'],
        email: ['Adresse e-mail invalide.'],
        password: ['Mot de passe : 8 caractères au moins.'],
        confirm: ['Les deux mots de passe diffèrent.'],
      },
    })
  })

  it('refuses a good form whose confirmation differs', () => {
    expect(checkFirstAdmin({ ...filled, confirm: 'premier-admim' })).toEqual({
      ok: false,
      fieldErrors: { confirm: ['Les deux mots de passe diffèrent.'] },
    })
  })
})
