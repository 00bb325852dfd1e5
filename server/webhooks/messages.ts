/**
 * What the webhook calls say, in French (the admin area, and a shop by default) and in English (a
 * shop's program asking for it with Accept-Language, as every shop call: shop-api/language.ts).
 * The attempts' errors stored for the admin area stay in French.
 */
import type { ShopLanguage } from '../shop-api/language.ts'

const fr = {
  unknown: (id: number) => `Point de réception ${id} inconnu.`,
  tooMany: (max: number) => `Une boutique a au plus ${max} points de réception.`,
  unknownEvent: (id: string) => `Événement ${id} inconnu pour ce point de réception.`,
  test: 'Ceci est un essai : votre point de réception reçoit les événements de l’entrepôt.',
  testPaused: 'Ce point de réception est en pause : reprenez-le pour lui envoyer un essai.',
  redeliver: 'Donnez eventId (un événement) ou failedSince (les échecs depuis une date).',
  invalid: 'Adresse invalide : donnez une URL complète, https://…',
  https:
    'L’adresse doit commencer par https:// (http:// seulement pour un système du site autorisé par un administrateur).',
  credentials: 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe.',
  private: (address: string) =>
    `Adresse refusée : ${address} est une adresse privée ou locale. Seul un administrateur peut autoriser un système du site.`,
}

const en: typeof fr = {
  unknown: (id: number) => `No webhook endpoint ${id}.`,
  tooMany: (max: number) => `A shop has at most ${max} webhook endpoints.`,
  unknownEvent: (id: string) => `No event ${id} for this endpoint.`,
  test: 'This is a test: your endpoint receives the warehouse’s events.',
  testPaused: 'This endpoint is paused: resume it to send it a test.',
  redeliver: 'Give eventId (one event) or failedSince (the failures since a time).',
  invalid: 'Invalid address: give a whole URL, https://…',
  https:
    'The address must start with https:// (http:// only for an on-site system an administrator allowed).',
  credentials: 'The address must not hold a user name or password.',
  private: (address: string) =>
    `Address refused: ${address} is a private or local address. Only an administrator may allow an on-site system.`,
}

export type WebhookMessages = typeof fr
export const webhookMessages = (language: ShopLanguage = 'fr'): WebhookMessages =>
  language === 'en' ? en : fr
