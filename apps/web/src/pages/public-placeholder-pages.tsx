// Public routes that later issues build: the student pass and the print routes (no login, no boot screen).
import { PublicLayout } from '../components/public-layout.tsx';
import { UnderConstruction } from '../components/under-construction.tsx';

export function StudentPassPage() {
  return (
    <PublicLayout title="Elektronický průkaz žadatele o řidičské oprávnění">
      <UnderConstruction />
    </PublicLayout>
  );
}

export function PrintPage() {
  return <UnderConstruction title="Tisk dokumentu" />;
}
