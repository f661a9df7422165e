import { TierSettings } from '../features/account/tier-settings.tsx';

export default function TierPage() {
  return <TierSettings />;
}
