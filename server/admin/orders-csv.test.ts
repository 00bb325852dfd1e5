import { describe, expect, it } from 'vitest'
import { ORDER_CSV_TEMPLATE } from '../../contract/index.ts'
import { columnOf, parseOrdersCsv } from './orders-csv.ts'

const HEAD = 'reference;sku;quantite;nom;adresse1;code_postal;ville;pays'

describe('reading an orders CSV', () => {
  it('groups the rows of one reference into one order, each line remembering its row', () => {
    const { orders, refused } = parseOrdersCsv(
      [
        HEAD,
        'A-1;ML-1;2;Léa Dubois;1 rue B;75001;Paris;FR',
        'A-2;ML-2;1;Jiří Dvořák;Dlouhá 12;110 00;Praha;CZ',
        'A-1;ML-3;1',
      ].join('\n'),
    )
    expect(refused).toEqual([])
    expect(orders.map((o) => [o.reference, o.line, o.lineRows])).toEqual([
      ['A-1', 2, [2, 4]],
      ['A-2', 3, [3]],
    ])
    expect(orders[0]?.body).toEqual({
      reference: 'A-1',
      shipTo: { name: 'Léa Dubois', line1: '1 rue B', postcode: '75001', city: 'Paris', country: 'FR' },
      lines: [
        { sku: 'ML-1', quantity: 2 },
        { sku: 'ML-3', quantity: 1 },
      ],
    })
  })

  it('reads what spreadsheets write: a BOM, commas or tabs, quoted fields over two lines, headers in any case', () => {
    const text =
      '\uFEFFRéférence,SKU,Quantité,Nom,Adresse1,Adresse2,Code postal,Ville,Pays,Message cadeau\r\n' +
      'B-1,ML-1,1,"Dupont, Marie","3 place du Marché","Bâtiment B\r\n2e étage",44000,Nantes,FR,"Bon ""anniversaire"""\r\n' +
      'B-2,ML-2,3,Ян,ул. Витоша 15,,1000,София,BG,\r\n'
    const { orders, refused } = parseOrdersCsv(text)
    expect(refused).toEqual([])
    expect(orders.map((o) => [o.reference, o.line])).toEqual([
      ['B-1', 2],
      ['B-2', 4],
    ])
    expect(orders[0]?.body).toMatchObject({
      shipTo: { name: 'Dupont, Marie', line2: 'Bâtiment B\n2e étage' },
      giftMessage: 'Bon "anniversaire"',
    })
    const tabs = parseOrdersCsv(`${HEAD.replaceAll(';', '\t')}\nC-1\tML-1\t1\tA\tB\t75001\tParis\tFR`)
    expect(tabs.orders[0]?.body).toMatchObject({ shipTo: { city: 'Paris' } })
  })

  it('refuses an order whose later row names another ship-to, and a bad quantity or priority, by line and column', () => {
    const { orders, refused } = parseOrdersCsv(
      [
        `${HEAD};priorite`,
        'D-1;ML-1;1;Léa;1 rue B;75001;Paris;FR;',
        'D-1;ML-2;1;;;75002;;;',
        'D-2;ML-1;deux;Léa;1 rue B;75001;Paris;FR;urgent',
        ';ML-1;1;Léa;1 rue B;75001;Paris;FR;',
      ].join('\n'),
    )
    expect(orders).toEqual([])
    expect(refused).toEqual([
      {
        line: 3,
        reference: 'D-1',
        column: 'code_postal',
        reason:
          'code_postal différent de la ligne 2, première ligne de la commande : laissez-le vide ou identique.',
      },
      { line: 4, reference: 'D-2', column: 'quantite', reason: 'Quantité : un nombre entier de 1 à 9 999.' },
      { line: 4, reference: 'D-2', column: 'priorite', reason: 'Priorité : un nombre entier de 0 à 9.' },
      { line: 5, reference: '', column: 'reference', reason: 'Référence de commande manquante.' },
    ])
  })

  it('reads what else spreadsheets leave: blank lines, rows of separators, a quote inside a field, other header names', () => {
    const text = [
      'Reference;SKU;Qté;Nom;Adresse1;CP;Ville;Pays;E-mail;Tél.',
      '',
      'E-1;ML-1;1;Léa;12 rue du "Moulin";75001;Paris;FR;lea@example.com;0612345678;en trop',
      '',
      'E-2;ML-1;1;Jan;1 rue B;75001;Paris;FR;;',
      ';;;;;;;;;',
      ';;;;;;;;;',
    ].join('\r\n')
    const { orders, refused } = parseOrdersCsv(text)
    expect(refused).toEqual([])
    expect(orders.map((o) => [o.reference, o.line])).toEqual([
      ['E-1', 3],
      ['E-2', 5],
    ])
    expect(orders[0]?.body).toMatchObject({
      shipTo: {
        line1: '12 rue du "Moulin"',
        email: 'lea@example.com',
        phone: '0612345678',
        postcode: '75001',
      },
    })
  })

  it('says what is wrong with a file it cannot read', () => {
    const reason = (text: string) => parseOrdersCsv(text).refused.map((r) => r.reason)
    expect(reason('')).toEqual([expect.stringMatching(/^Fichier vide/)])
    expect(reason(HEAD)).toEqual([expect.stringMatching(/^Fichier vide/)])
    expect(reason('reference;sku;quantite\nA;B;1')).toEqual([
      "Colonne(s) manquante(s) dans l'en-tête : nom, adresse1, ville, pays. Téléchargez le modèle pour les noms attendus.",
    ])
    expect(reason(`${HEAD};couleur\nA;B;1;C;D;E;F;FR;rouge`)).toEqual([
      "Colonne(s) inconnue(s) dans l'en-tête : couleur.",
    ])
    expect(reason(`${HEAD}\nA;"B;1;C;D;E;F;FR`)).toEqual([
      expect.stringMatching(/^Fichier illisible ligne \d+ : guillemet non fermé ou mal placé\./),
    ])
  })

  it('reads its own template, and names the column of each API field', () => {
    const { orders, refused } = parseOrdersCsv(ORDER_CSV_TEMPLATE)
    expect(refused).toEqual([])
    expect(orders.map((o) => [o.reference, o.lineRows])).toEqual([
      ['CMD-1001', [2]],
      ['CMD-1002', [3, 4]],
    ])
    expect(orders[1]?.body).toMatchObject({
      priority: 1,
      shipBy: '2026-12-20T17:00:00+01:00',
      giftMessage: 'Joyeux anniversaire !',
    })
    expect(
      [
        'shipTo.postcode',
        'lines[3].sku',
        'lines[0].quantity',
        'shipBy',
        'lines[1].customization.text',
        'what',
      ].map(columnOf),
    ).toEqual(['code_postal', 'sku', 'quantite', 'expedier_avant', 'personnalisation', null])
  })
})
