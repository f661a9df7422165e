// /contact: a message to the Volant team.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../app/store.ts';
import { FormResult } from '../components/form-result.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { ContactForm } from '../features/contact/contact-form.tsx';

export default function ContactPage() {
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <PublicLayout>
        <FormResult
          status="success"
          title="Zpráva byla odeslána"
          subTitle="Děkujeme. Ozveme se vám na zadaný e-mail co nejdříve, obvykle do jednoho pracovního dne."
          onAction={() => navigate(user ? '/app' : '/login')}
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Kontaktujte nás">
      <p className="public-page__muted">
        Máte dotaz, návrh nebo problém? Napište nám. Odpovědi na časté otázky najdete také v <Link to="/doc">návodu</Link>.
      </p>
      <ContactForm onSent={() => setSent(true)} />
      <p className="public-page__note">
        <Link to={user ? '/app' : '/login'}>{user ? 'Zpět do aplikace' : 'Zpět na přihlášení'}</Link>
      </p>
    </PublicLayout>
  );
}
