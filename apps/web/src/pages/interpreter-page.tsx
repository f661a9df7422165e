// Route /app/interpreter: the interpreters (the same screen as Settings → Tlumočníci).
import InterpretersSettings from '../features/interpreter/interpreters-settings.tsx';

export default function InterpreterPage() {
  return <InterpretersSettings />;
}
