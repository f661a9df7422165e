// Public routes that later issues build: the student pass (no login, no boot screen).
import { PublicLayout } from '../components/public-layout.tsx';
import { UnderConstruction } from '../components/under-construction.tsx';

export function StudentPassPage() {
  return (
    <PublicLayout title="Elektronický průkaz žadatele o řidičské oprávnění">
      <UnderConstruction />
    </PublicLayout>
  );
}
