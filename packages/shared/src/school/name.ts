// The school's name after the word 'autoškola' in a sentence (issue 17: 'autoškola Autoškola Volant Brno'). Most
// schools are named 'Autoškola …': then the name's own first word takes the case and no second 'autoškola' is added
// ('do Autoškoly Volant Brno'); any other name gets the word in front ('do autoškoly Řidičák Plus').

const ENDINGS = {
  /** kdo, co: 'autoškola Volant vám posílá' */
  nominative: 'a',
  /** do koho, čeho: 'pozvánka do autoškoly Volant' */
  genitive: 'y',
  /** o kom, v čem: 'v autoškole Volant' */
  locative: 'e',
  /** komu: 'děkujeme autoškole Volant' */
  dative: 'e',
  /** koho, co: 'vybrali jste autoškolu Volant' */
  accusative: 'u',
  /** s kým: 's autoškolou Volant' */
  instrumental: 'ou',
} as const;
export type CzechCase = keyof typeof ENDINGS;

/** 'Autoškola', 'AUTOŠKOLA', 'autoskola' (without the háček) as the name's first word. */
const LEADING = /^(auto[sš]kol)a(?=[\s,.–-]|$)/i;

/** The phrase 'autoškola <name>' in the case, written once: schoolWithWord('Autoškola Volant Brno', 'genitive') → 'Autoškoly Volant Brno'. */
export function schoolWithWord(name: string, form: CzechCase): string {
  const trimmed = name.trim();
  const ending = ENDINGS[form];
  const match = LEADING.exec(trimmed);
  if (!match) return `autoškol${ending} ${trimmed}`;
  const stem = match[1];
  const upper = stem === stem.toUpperCase();
  return `${stem}${upper ? ending.toUpperCase() : ending}${trimmed.slice(match[0].length)}`;
}
