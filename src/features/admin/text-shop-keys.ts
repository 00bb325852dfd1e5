/** The admin area's French texts for a shop's API keys (issue 33). */
import { plural } from '@/lib/french'

export const shopKeysText = {
  shopKeys: {
    open: 'Clés d’API',
    title: (shop: string) => `Clés d’API de ${shop}`,
    help: 'Une clé permet aux systèmes de la boutique d’envoyer ses commandes et de les suivre (/api/v1, documentation : /api/v1/docs). Elle n’agit que pour cette boutique. Deux clés actives au plus : créez la nouvelle, faites-la adopter, puis révoquez l’ancienne.',
    label: 'Libellé',
    labelHint: 'Qui l’utilise : « Site Shopify », « ERP »…',
    create: 'Créer la clé',
    secretTitle: 'Clé créée : copiez-la maintenant',
    secretHelp: 'Elle ne sera plus jamais affichée. Transmettez-la à la boutique par un canal sûr.',
    copy: 'Copier la clé',
    copied: 'Clé copiée',
    none: 'Aucune clé pour cette boutique.',
    revoke: (prefix: string) => `Révoquer ${prefix}`,
    revokeLabel: 'Révoquer',
    confirmRevoke: (label: string) =>
      `Révoquer la clé « ${label} » ? Les appels qui l’utilisent seront refusés immédiatement.`,
    created: (label: string) => `Clé « ${label} » créée.`,
    revoked: (label: string) => `Clé « ${label} » révoquée.`,
    madeBy: (who: string | null, at: string) => `Créée ${who ? `par ${who} ` : ''}le ${at}`,
    lastUsed: (at: string | null) => (at ? `Dernier appel le ${at}` : 'Jamais utilisée'),
    revokedOn: (at: string) => `Révoquée le ${at}`,
    active: (n: number) => plural(n, 'clé active', 'clés actives'),
    calls: 'Derniers appels (100 au plus)',
    noCalls: 'Aucun appel pour le moment.',
    when: 'Quand',
    key: 'Clé',
    call: 'Appel',
    answer: 'Réponse',
    duration: 'Durée',
    orders: 'Commandes',
    ms: (n: number) => `${n} ms`,
  },
} as const
