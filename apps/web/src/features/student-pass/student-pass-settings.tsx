// Nastavení → Průkazky (issue 10, helper H7 builds it).
export default function StudentPassSettings() {
  return null;
}
