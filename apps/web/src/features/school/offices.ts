// Municipal offices with extended powers (obce s rozšířenou působností) that register driving schools.
// Suggestions for the 'Přidělený úřad' field; any other text is allowed.

const REGIONAL = [
  'Magistrát hlavního města Prahy',
  'Magistrát města Brna',
  'Magistrát města Ostravy',
  'Magistrát města Plzně',
  'Magistrát města České Budějovice',
  'Magistrát města Hradec Králové',
  'Magistrát města Pardubic',
  'Magistrát města Liberec',
  'Magistrát města Ústí nad Labem',
  'Magistrát města Karlovy Vary',
  'Magistrát města Jihlavy',
  'Magistrát města Olomouce',
  'Magistrát města Zlína',
];

const STATUTORY = [
  'Magistrát města Kladna',
  'Magistrát města Mladá Boleslav',
  'Magistrát města Opavy',
  'Magistrát města Frýdku-Místku',
  'Magistrát města Havířova',
  'Magistrát města Karviné',
  'Magistrát města Přerova',
  'Magistrát města Prostějova',
  'Magistrát města Teplice',
  'Magistrát města Mostu',
  'Magistrát města Chomutova',
  'Magistrát města Děčín',
  'Magistrát města Jablonec nad Nisou',
];

const TOWNS = [
  'Benešov',
  'Beroun',
  'Blansko',
  'Brandýs nad Labem-Stará Boleslav',
  'Bruntál',
  'Břeclav',
  'Cheb',
  'Chrudim',
  'Černošice',
  'Česká Lípa',
  'Český Krumlov',
  'Domažlice',
  'Havlíčkův Brod',
  'Hodonín',
  'Jičín',
  'Jindřichův Hradec',
  'Jeseník',
  'Klatovy',
  'Kolín',
  'Kroměříž',
  'Kutná Hora',
  'Litoměřice',
  'Louny',
  'Mělník',
  'Náchod',
  'Nový Jičín',
  'Nymburk',
  'Pelhřimov',
  'Písek',
  'Prachatice',
  'Příbram',
  'Rakovník',
  'Rokycany',
  'Rychnov nad Kněžnou',
  'Semily',
  'Sokolov',
  'Strakonice',
  'Svitavy',
  'Šumperk',
  'Tábor',
  'Tachov',
  'Třebíč',
  'Třinec',
  'Trutnov',
  'Uherské Hradiště',
  'Ústí nad Orlicí',
  'Valašské Meziříčí',
  'Vsetín',
  'Vyškov',
  'Znojmo',
  'Žatec',
  'Žďár nad Sázavou',
].map((town) => `Městský úřad ${town}`);

export const OFFICES: readonly string[] = [...REGIONAL, ...STATUTORY, ...TOWNS];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Prague offices get the extra Prague number (spec §5). */
export function isPragueOffice(office: string | null | undefined): boolean {
  if (!office) return false;
  return /\b(praha|prahy|praze)\b/.test(fold(office));
}

/** Suggestions matching the typed text anywhere, diacritics-insensitive. */
export function filterOffices(text: string, offices: readonly string[] = OFFICES): string[] {
  const needle = fold(text.trim());
  if (!needle) return [...offices];
  return offices.filter((o) => fold(o).includes(needle));
}
