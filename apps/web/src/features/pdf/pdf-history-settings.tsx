// Nastavení → Historie PDF (issue 10, helper H5 builds it).
export default function PdfHistorySettings() {
  return null;
}
