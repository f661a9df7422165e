// Registers the service worker (vite-plugin-pwa's sw.js; docs/decisions/0018-installable-app.md) and offers its updates.
// The app shell calls it once it has rendered, after the page's load event: the login route never loads this, and the
// worker's precaching does not compete with the first page. A new deploy is found when the browser checks sw.js (every
// navigation, and here once an hour); the new worker then waits until the person takes it (`apply`: the waiting worker
// skips waiting, the page reloads once it controls) or every window of the app has closed.

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface UpdateOffer {
  /** Activates the waiting version and reloads the page with it. */
  apply(): void;
}

let started = false;

export function registerServiceWorker(onUpdate: (offer: UpdateOffer) => void) {
  if (started || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const container = navigator.serviceWorker;
  let applying = false;

  // The page reloads only for an update the person took; the first install (clientsClaim) changes no code.
  container.addEventListener('controllerchange', () => {
    if (applying) window.location.reload();
  });

  const offer = (worker: ServiceWorker) =>
    onUpdate({
      apply() {
        applying = true;
        worker.postMessage({ type: 'SKIP_WAITING' });
      },
    });

  const register = async () => {
    let registration: ServiceWorkerRegistration;
    try {
      registration = await container.register('/sw.js', { scope: '/' });
    } catch {
      return; // e.g. an insecure origin or a refused script: the app works online as before
    }
    // A browser that blocks service workers (an automated one, a policy) may resolve without a registration.
    if (!registration) return;
    // A version already waiting (found while the login page was open) is offered at once.
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && container.controller) offer(worker);
      });
    });
    setInterval(() => {
      if (navigator.onLine !== false) registration.update().catch(() => {});
    }, UPDATE_CHECK_MS);
  };

  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
