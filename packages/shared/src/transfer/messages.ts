// 'Převod žáka' (issue 22 §4): the Czech refusals of a transfer file, in a module of their own (no imports), so the
// error catalogue (errors.ts, in every bundle) takes the texts without the format's schema and rules.
export const TRANSFER_MESSAGES = {
  tooLarge: 'Soubor je příliš velký (nejvýše 1 MB).',
  notJson: 'Soubor není záznam o převodu žáka (neplatný JSON).',
  format: 'Soubor není záznam o převodu žáka ve formátu volant.transfer/1.',
  signature: 'Podpis záznamu nesouhlasí: soubor byl po podepsání změněn nebo nepochází z uvedené autoškoly. Záznam nelze importovat.',
  fingerprint: 'Otisk klíče neodpovídá veřejnému klíči v souboru. Záznam nelze importovat.',
  alreadyImported: 'Tento záznam už byl v autoškole importován, nic se nepřidalo.',
  file: 'Prosím vyberte soubor se záznamem o převodu!',
} as const;
