/**
 * Demo ship-to addresses (issue 33): most in France, the others across Europe and beyond, in the
 * scripts a label must print (Polish and Czech letters, Greek, Cyrillic) and the postal layouts it
 * must follow (postcode under the town in the United Kingdom, after it in the United States, none
 * in Ireland). Every one passes the shops' address rules (orders/intake/address.ts, tested in
 * seed-orders.test.ts). Names and streets are invented; e-mails are at example.* domains, which
 * deliver nowhere; phones are the numbering plans' own examples.
 */
import { getExample } from 'awesome-phonenumber'
import type { Address } from '../../orders/intake/address.ts'
import { ascii, pick, type Random, weighted } from './customers.ts'

interface Country {
  names: readonly (readonly [string, string])[]
  places: readonly Omit<Address, 'name' | 'country'>[]
}

const COUNTRIES: Record<string, Country> = {
  BE: {
    names: [
      ['Lotte', 'Peeters'],
      ['Mathis', 'Lambert'],
    ],
    places: [{ line1: 'Rue Neuve 12', postcode: '1000', city: 'Bruxelles' }],
  },
  DE: {
    names: [
      ['Jürgen', 'Müller'],
      ['Anna', 'Weiß'],
      ['Lukas', 'Schröder'],
    ],
    places: [
      { line1: 'Hauptstraße 5', line2: 'Hinterhaus, 2. OG', postcode: '10115', city: 'Berlin' },
      { line1: 'Königsallee 27', postcode: '40212', city: 'Düsseldorf' },
    ],
  },
  PL: {
    names: [
      ['Agnieszka', 'Wójcik'],
      ['Łukasz', 'Dąbrowski'],
    ],
    places: [
      { line1: 'ul. Piotrkowska 104', line2: 'lok. 7', postcode: '90-006', city: 'Łódź', region: 'łódzkie' },
      { line1: 'ul. Marszałkowska 10', postcode: '00-590', city: 'Warszawa' },
    ],
  },
  CZ: {
    names: [
      ['Jiří', 'Dvořák'],
      ['Zuzana', 'Nováková'],
    ],
    places: [
      { line1: 'Dlouhá 12', postcode: '110 00', city: 'Praha' },
      { line1: 'Údolní 8', postcode: '602 00', city: 'Brno' },
    ],
  },
  GR: {
    names: [
      ['Γιώργος', 'Παπαδόπουλος'],
      ['Ελένη', 'Νικολάου'],
    ],
    places: [
      { line1: 'Οδός Ερμού 25', postcode: '105 63', city: 'Αθήνα' },
      { line1: 'Λεωφόρος Νίκης 14', postcode: '546 24', city: 'Θεσσαλονίκη' },
    ],
  },
  BG: {
    names: [
      ['Иван', 'Петров'],
      ['Мария', 'Георгиева'],
    ],
    places: [
      { line1: 'ул. Витоша 15', line2: 'ет. 3, ап. 9', postcode: '1000', city: 'София' },
      { line1: 'бул. Марица 21', postcode: '4000', city: 'Пловдив' },
    ],
  },
  GB: {
    names: [
      ['Olivia', 'Hughes'],
      ['Harry', "O'Brien"],
    ],
    places: [
      { line1: 'Flat 3', line2: '221B Baker Street', postcode: 'NW1 6XE', city: 'London' },
      { line1: '17 Princes Street', postcode: 'EH1 1YZ', city: 'Edinburgh' },
    ],
  },
  US: {
    names: [
      ['Emily', 'Johnson'],
      ['Michael', 'Brown'],
    ],
    places: [
      {
        company: 'Acme Corp.',
        line1: '350 Fifth Avenue',
        line2: 'Suite 5400',
        postcode: '10118',
        city: 'New York',
        region: 'NY',
      },
      { line1: '500 Congress Avenue', postcode: '78701', city: 'Austin', region: 'TX' },
    ],
  },
  // No postcode: an Eircode is not on every Irish address.
  IE: { names: [['Siobhán', 'Murphy']], places: [{ line1: '12 Grafton Street', city: 'Dublin 2' }] },
  ES: {
    names: [['Lucía', 'García']],
    places: [{ line1: 'Calle Mayor 7, 3º B', postcode: '28013', city: 'Madrid' }],
  },
  IT: {
    names: [['Giulia', 'Rossi']],
    places: [{ line1: 'Via del Corso 120', postcode: '00186', city: 'Roma', region: 'RM' }],
  },
}

const FRANCE: Country['places'] = [
  { line1: '8 rue de la République', postcode: '13001', city: 'Marseille' },
  { line1: '45 avenue Jean Jaurès', postcode: '31000', city: 'Toulouse' },
  { line1: '3 place du Marché', line2: 'Bâtiment B', postcode: '44000', city: 'Nantes' },
  { line1: '27 boulevard Carnot', postcode: '59800', city: 'Lille' },
  { line1: '110 rue Sainte-Catherine', postcode: '33000', city: 'Bordeaux' },
  { line1: '6 quai Saint-Nicolas', postcode: '67000', city: 'Strasbourg' },
  { line1: '19 rue des Lilas', line2: 'Escalier C, 4e étage', postcode: '75019', city: 'Paris' },
  { company: 'Atelier Lumière SARL', line1: '2 allée des Tilleuls', postcode: '35000', city: 'Rennes' },
  { line1: 'Lieu-dit Le Moulin', line2: 'Chemin des Vignes', postcode: '84220', city: 'Gordes' },
]

/** Shares of the orders per country (%): a French operation that ships across Europe. */
const COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['FR', 64],
  ['BE', 5],
  ['DE', 6],
  ['PL', 4],
  ['CZ', 3],
  ['GR', 4],
  ['BG', 4],
  ['GB', 3],
  ['US', 2],
  ['IE', 2],
  ['ES', 2],
  ['IT', 1],
]

/**
 * The recipient of a demo order: in France, under the French customer's name (customers.ts);
 * abroad, under a name of the country, in its script.
 */
export function demoShipTo(random: Random, customer: { name: string; email: string }): Address {
  const country = weighted(random, COUNTRY_WEIGHTS)
  const local = COUNTRIES[country]
  const [first, last] = local ? pick(random, local.names) : [undefined, undefined]
  const place = pick(random, local?.places ?? FRANCE)
  const name = first ? `${first} ${last}` : customer.name
  // An e-mail's local part in ASCII: for a Greek or Cyrillic name, the French customer's one.
  const email = first ? emailOf(first, last as string, customer.email) : customer.email
  const phone = random() < 0.4 ? getExample(country, 'mobile').number?.e164 : undefined
  return { name, ...place, country, ...(email && { email }), ...(phone && { phone }) }
}

function emailOf(first: string, last: string, fallback: string): string {
  const [a, b] = [ascii(first), ascii(last)]
  return a && b ? `${a}.${b}@${fallback.split('@')[1]}` : fallback
}
