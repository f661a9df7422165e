// The boot screen's cheerful messages (spec §2 Guards): a random one, changed every 222 to 1221 ms.

export const LOADING_MESSAGES = [
  'Startujeme motor…',
  'Žáci si zapínají pásy…',
  'Kontrolujeme zpětná zrcátka…',
  'Učitel si seřizuje sedačku…',
  'Nastavujeme volant do správné polohy…',
  'Tankujeme plnou nádrž…',
  'Dáváme blinkr a vyjíždíme…',
  'Žák právě zvládl rozjezd do kopce!',
  'Parkujeme podélně, ještě kousek…',
  'Čistíme přední sklo…',
  'Kontrolujeme tlak v pneumatikách…',
  'Opakujeme si dopravní značky…',
  'Přednost zprava? Jasně!',
  'Žáci šprtají testové otázky…',
  'Hledáme klíčky od auta…',
  'Leštíme cvičné vozidlo…',
  'Zařazujeme jedničku…',
  'Na kruhovém objezdu dáváme blinkr vpravo…',
  'Couváme za roh, pomalu a opatrně…',
  'Připravujeme jízdní výcvik…',
  'Vyplňujeme hlášenky, ať nemusíte vy…',
  'Žák se usmívá, dnes to půjde!',
  'Měříme brzdnou dráhu…',
  'Instruktor si chystá kafe na cestu…',
];

export const MIN_DELAY_MS = 222;
export const MAX_DELAY_MS = 1221;

/** A delay in [222, 1221] ms from a random number in [0, 1). */
export function nextDelay(random: number = Math.random()): number {
  return MIN_DELAY_MS + Math.floor(random * (MAX_DELAY_MS - MIN_DELAY_MS + 1));
}

/** A random index other than `current` (when there is more than one message). */
export function nextMessageIndex(current: number, count: number, random: number = Math.random()): number {
  if (count <= 1) return 0;
  const step = 1 + Math.floor(random * (count - 1));
  return (current + step) % count;
}
