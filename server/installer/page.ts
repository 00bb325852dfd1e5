/**
 * The installer page (issue 30): public, French, the same over plain HTTP and HTTPS, so a device
 * that trusts nothing yet can fetch the site's root, install it and check, in about two minutes.
 * Plain HTML and a small script (verifier.js): it must work on any browser a handheld ships with,
 * before the app can run there.
 */
import type { TlsInfo } from '../tls/material.ts'
import { INSTALLER_PATHS, ROOT_FILE_NAME } from './paths.ts'
import { deviceSteps } from './steps.ts'

export interface PageFacts {
  /** null: the server speaks plain HTTP only (TLS off). */
  tls: TlsInfo | null
  /** The root devices install; absent when the site's certificate needs none (a public CA). */
  hasRoot: boolean
  /** https://host:port/ as this device reached the server. */
  appUrl: string
  /** This page over plain HTTP, to open on a handheld. */
  pageUrl: string
  /** The address the live check fetches over HTTPS. */
  checkUrl: string
  qr: { app: string; page: string }
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:46rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.75rem}
.button,button{display:inline-block;min-height:48px;padding:.7rem 1.1rem;border-radius:6px;border:0;background:#1864ab;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
#etat{padding:.8rem 1rem;border-radius:6px;background:#e7f5ff;border-left:4px solid #1864ab}
#etat[data-state=ok]{background:#ebfbee;border-color:#2b8a3e}#etat[data-state=ko]{background:#fff4e6;border-color:#d9480f}
details{background:#fff;border:1px solid #dee2e6;border-radius:6px;margin:.5rem 0;padding:.5rem 1rem}
summary{padding:.75rem 0;cursor:pointer;font-weight:600}code{word-break:break-all}
.qr{display:flex;flex-wrap:wrap;gap:1.5rem}.qr figure{margin:0;max-width:220px}.qr svg{width:200px;height:200px;background:#fff}
small{color:#495057}`

export function installerPage(facts: PageFacts): string {
  const body = facts.tls ? withTls(facts, facts.tls) : withoutTls()
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Installer le certificat — Entrepôt</title><style>${STYLE}</style></head><body><main>
<h1>Faire confiance au serveur de l'entrepôt</h1>${body}</main></body></html>`
}

function withoutTls(): string {
  return `<p id="etat" data-state="ko">Ce serveur ne sert pas encore en HTTPS : sur cette adresse, l'application ne peut ni s'installer, ni démarrer hors ligne, ni utiliser la caméra.</p>
<p>L'administrateur du serveur le démarre avec <code>HOST=0.0.0.0 npm start</code> (HTTPS activé de lui-même) ou avec <code>TLS=on</code>, puis cette page propose le certificat à installer.</p>`
}

function withTls(facts: PageFacts, tls: TlsInfo): string {
  const app = escape(facts.appUrl)
  const root = facts.hasRoot
    ? `<h2>1. Télécharger la racine du site</h2>
<p><a class="button" href="${INSTALLER_PATHS.rootDer}" download>Télécharger le certificat (.crt)</a></p>
<p><small>Ou <a href="${INSTALLER_PATHS.rootPem}" download>au format PEM</a> (Linux, outils en ligne de commande).</small></p>
<p><small>${escape(tls.rootName ?? '')}, valable jusqu'au ${date(tls.rootValidTo ?? tls.validTo)}. Empreinte SHA-256 : <code>${escape(tls.rootFingerprint ?? '')}</code> — la même que dans l'administration (Postes et imprimantes) : comparez-la avant d'installer.</small></p>
<h2>2. L'installer sur l'appareil</h2>
${deviceSteps(ROOT_FILE_NAME)
  .map(
    (d) =>
      `<details id="${d.id}"><summary>${escape(d.title)}</summary><ol>${d.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol></details>`,
  )
  .join('\n')}
<h2>3. Ouvrir l'application en HTTPS</h2>`
    : `<p>Le certificat du site est émis par une autorité que les appareils connaissent déjà : rien à installer.</p><h2>Ouvrir l'application en HTTPS</h2>`
  return `<p>Pour s'installer, démarrer hors ligne et scanner avec la caméra, l'application doit être ouverte en HTTPS, par un appareil qui fait confiance au serveur. Comptez deux minutes par appareil.</p>
<p id="etat" role="status" data-check="${escape(facts.checkUrl)}" data-app="${app}">Vérification de la confiance de ce navigateur…</p>
<p><button type="button" id="verifier">Vérifier</button></p>
${root}
<p><a class="button" href="${app}">${app}</a></p>
<div class="qr"><figure>${facts.qr.app}<figcaption>L'application en HTTPS</figcaption></figure>
<figure>${facts.qr.page}<figcaption>Cette page, à ouvrir sur un terminal : ${escape(facts.pageUrl)}</figcaption></figure></div>
<p><small>Certificat du serveur : ${escape(tls.names.join(', '))} ; valable jusqu'au ${date(tls.validTo)}, renouvelé de lui-même.</small></p>
<script src="${INSTALLER_PATHS.checkScript}"></script>`
}

/** The live check: fetches the HTTPS address; only a browser that trusts the site gets an answer. */
export const VERIFIER_SCRIPT = `(function () {
  var box = document.getElementById('etat');
  var button = document.getElementById('verifier');
  if (!box || !box.getAttribute('data-check')) return;
  function say(state, text, link) {
    box.setAttribute('data-state', state);
    box.textContent = text;
    if (link) { var a = document.createElement('a'); a.href = link; a.textContent = ' Ouvrir l\\u2019application'; box.appendChild(a); }
  }
  function check() {
    say('checking', 'Vérification de la confiance de ce navigateur…');
    fetch(box.getAttribute('data-check'), { cache: 'no-store' })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function () { say('ok', 'Ce navigateur fait confiance au serveur de l\\u2019entrepôt.', box.getAttribute('data-app')); })
      .catch(function () { say('ko', 'Ce navigateur ne fait pas encore confiance au serveur : installez la racine du site (étapes ci-dessous), puis touchez « Vérifier ».'); });
  }
  if (button) button.addEventListener('click', check);
  check();
})();
`
