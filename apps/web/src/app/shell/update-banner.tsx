// Registers the service worker once the shell has rendered and offers a new version of Volant when one is waiting
// (lib/service-worker.ts). The person takes it when it suits them: a reload mid-ride would lose the signatures.
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { registerServiceWorker, type UpdateOffer } from '../../lib/service-worker.ts';

export function UpdateBanner() {
  const [offer, setOffer] = useState<UpdateOffer | null>(null);
  useEffect(() => registerServiceWorker((next) => setOffer(next)), []);
  if (!offer) return null;
  return (
    <Alert
      banner
      type="info"
      showIcon
      title="Je připravena nová verze Volantu."
      action={
        <Button size="small" type="primary" onClick={() => offer.apply()}>
          Aktualizovat
        </Button>
      }
    />
  );
}
